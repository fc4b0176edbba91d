import type { CaseKit } from '../cases/case.js';
import { CaseFailure, type Verdict } from '../cases/verdict.js';

/** Options of the system under test for one sequence. */
export interface RealOptions {
  /** Capture agent of the stage's schedules. */
  agent: string;
  /** The extra catalog each event is created with (one the probe learned), when the server keeps one. */
  extra?: { flavor: string; fields(label: string): Record<string, string> };
  /** Whether the version has scheduling (1.1.0+, from the rules). */
  scheduling: boolean;
  /** The sequence's own schedule slots start this many slots later (model.ts slotSpan): sequences never share a window. */
  slotOffset?: number;
  /** The consistency oracle's rules the list command judges (selected and applicable in this run). */
  rules?: readonly string[];
  /** The rules of the views every command judges besides its own (views.ts VIEW_RULES, selected and applicable). */
  viewRules?: readonly string[];
  /** Below the version that requires GET /media (1.7.0): a 404 or 406 there means the server does not offer it. */
  mediaBelowRequired?: boolean;
}

/**
 * What a read-back depends on and holds: the labels of the events whose views it reads (a write to one of them waits
 * for it), and SCHEDULES when it judges or changes which slots are taken.
 */
export type Keys = readonly string[];

/** The key of every read-back that places, moves or frees a schedule (a later schedule write waits for them all). */
export const SCHEDULES = 'schedules';

interface Lane {
  order: number;
  done: Promise<void>;
}

/**
 * The real system as the commands see it: the recording client of the sequence, its readable step log (the
 * counterexample) and `expect`, which turns a broken verdict into the adapter's CaseFailure.
 *
 * A command writes on the sequence's path and reads its write back `later`, in a lane of its own, while the next
 * commands go on (ARCHITECTURE.md § Stages, the stateful stage): a write waits (`turn`) only for the read-backs of
 * the events it touches, so on a lagging index the sequence costs about the longest chain of writes to one event,
 * not one wait per write. What a read-back judges cannot change under it: every later write to its events waits
 * for it. A failing read-back ends the sequence at the next command (the earliest failure in command order).
 *
 * `oneAtATime`: every write waits for every read-back before it (the sequence as the model runs it, one command
 * after the other): how a failing sequence is replayed and shrunk, so that its failure does not depend on what
 * happened to run beside it (src/stateful/phase.ts).
 */
export class Real {
  private readonly pending = new Map<string, Lane>();
  private readonly lanes = new Set<Lane>();
  private readonly failures: { order: number; error: unknown; overlapped: boolean }[] = [];
  private order = 0;
  /** How many commands turn() has let through (to write, or to read). */
  private writes = 0;

  constructor(readonly kit: CaseKit, readonly opts: RealOptions, readonly steps: string[] = [], readonly oneAtATime = false) {}

  step(text: string): void {
    this.steps.push(text);
  }

  /** Throws the failure of a broken verdict (caught by the stage runner and turned back into data). */
  expect(v: Verdict): void {
    if (!v.ok) throw new CaseFailure(v, this.kit.api.exchanges);
  }

  /**
   * Waits until the read-backs on `keys` (every one: 'all') are over; throws the earliest failure of any read-back
   * once one has failed.
   */
  async turn(keys: Keys | 'all'): Promise<void> {
    const waits = keys === 'all' || this.oneAtATime ? [...this.lanes] : keys.flatMap((k) => this.pending.get(k) ?? []);
    await Promise.all(waits.map((l) => l.done));
    if (this.failures.length > 0) await this.drain();
    this.writes++;
  }

  /** Reads back later, in a lane of its own (its own exchanges as evidence); later writes to `keys` wait for it. */
  later(keys: Keys, verify: (lane: Real) => Promise<void>): void {
    const lane = new Real(this.kit.lane(), this.opts, this.steps);
    const order = this.order++;
    const writesAtStart = this.writes;
    const done = Promise.resolve()
      .then(() => verify(lane))
      .catch((e: unknown) => {
        // The failure's evidence: the sequence's exchanges up to now, then the read-back's own (its decisive read last).
        const error = e instanceof CaseFailure ? new CaseFailure(e.verdict, [...this.kit.api.exchanges, ...lane.kit.api.exchanges]) : e;
        this.failures.push({ order, error, overlapped: this.writes > writesAtStart });
      })
      .finally(() => {
        this.kit.api.exchanges.push(...lane.kit.api.exchanges);
        this.lanes.delete(entry);
      });
    const entry: Lane = { order, done };
    this.lanes.add(entry);
    for (const k of keys) this.pending.set(k, entry);
  }

  /** Waits for every read-back; throws the earliest failure (in command order). */
  async drain(): Promise<void> {
    await this.quiet();
    const first = this.earliest();
    if (first) throw first.error;
  }

  /** Waits for every read-back, whatever it found (before the sequence's events are deleted). */
  async quiet(): Promise<void> {
    while (this.lanes.size > 0) await Promise.all([...this.lanes].map((l) => l.done));
  }

  /** The earliest failure of a read-back, if any (once quiet). */
  firstFailure(): unknown {
    return this.earliest()?.error;
  }

  /** Whether the earliest failing read-back ran while a later write of the sequence was made. */
  failureOverlapped(): boolean {
    return this.earliest()?.overlapped ?? false;
  }

  private earliest() {
    return [...this.failures].sort((a, b) => a.order - b.order)[0];
  }
}

