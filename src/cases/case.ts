import { EventApi } from './api.js';
import type { PhaseEnv } from './phase-env.js';
import { OK, type Broken, type Verdict } from './verdict.js';
import type { Exchange } from '../model/index.js';
import { settleLoop } from '../core/settle.js';

/** The answer of an attempt: its verdict and what each of its exchanges answered (status and body). */
function answerOf(v: Verdict, exchanges: readonly Exchange[]): string {
  return JSON.stringify([v.ok ? 'ok' : v.rule, ...exchanges.map((x) => [x.response?.status ?? x.error?.code ?? 'none', x.response?.body ?? ''])]);
}
import { giveUpTest, untilReadable } from '../core/readiness.js';
import { agentFor } from '../core/capabilities.js';

/**
 * Everything one generated case (or one command sequence) works with: a recording client, a tag unique to the
 * case (letters and digits, prefixed to titles so a textFilter finds exactly the case's events), and how long
 * reads may settle (ARCHITECTURE.md, principle 7: real servers are eventually consistent).
 */
/** A failure a case recorded and went on past, with the case's exchanges up to it. */
export interface NotedFailure {
  verdict: Broken;
  exchanges: Exchange[];
}

/** While shrinking, how many times the learned lag a created event is waited for until it reads (CaseKit.visible). */
export const SHRINK_READABLE_LAGS = 4;

export class CaseKit {
  readonly api: EventApi;
  /** Failures noted on the way (Verdict.noted of the reads that decided), the first per rule, in order. */
  readonly noted: NotedFailure[];
  /** The rules exercised up to the last settled read that passed: what a case that then breaks has judged. */
  private judgedUpTo: ReadonlySet<string> = new Set();
  /** The kit a lane was made from (lane()): it keeps what was judged. */
  private root?: CaseKit;

  constructor(
    readonly env: PhaseEnv,
    /** e.g. `evconfab12cd34v160s3p2c17`. */
    readonly tag: string,
    readonly settleMs: number,
    /** Number of the case in its stage (1, 2, …): makes capture agents unique per case. */
    readonly n = 0,
    /** Rules this case exercised (for the pass results' coverage). */
    readonly exercised: Set<string> = new Set(),
    /** Rules earlier cases found failing: their reads are decided by one read (no settle window to wait out again). */
    readonly failed: ReadonlySet<string> = new Set(),
    shared?: { api: EventApi; noted: NotedFailure[]; root: CaseKit },
  ) {
    this.api = shared?.api ?? new EventApi(env);
    this.noted = shared?.noted ?? [];
    this.root = shared?.root;
  }

  /**
   * A kit for work that runs beside this kit's (a command sequence's deferred read-back, src/stateful/real.ts): the
   * same case (tag, agent, rules exercised and failing, notes, created events), exchanges of its own, so that a
   * settled read's evidence holds its own reads only.
   */
  lane(): CaseKit {
    const root = this.root ?? this;
    return new CaseKit(this.env, this.tag, this.settleMs, this.n, this.exercised, this.failed, { api: this.api.lane(), noted: this.noted, root });
  }

  /**
   * The capture agent a case really uses for a generated agent id: unique per case, so that an event a broken
   * DELETE left behind never conflicts with a later case (the generated value, and so the counterexample, keeps
   * the generated id). Where the server refused evconf's own agents, the user's --agent-id (cases run one after the
   * other and delete their events, so they do not overlap on it).
   */
  agent(generated: string): string {
    return agentFor(this.env.caps, `${generated}c${this.n}`) ?? `${generated}c${this.n}`;
  }

  /** Rules the case judged (and found holding) before its last passing settled read (see CaseReport.judged). */
  get judged(): ReadonlySet<string> {
    return (this.root ?? this).judgedUpTo;
  }

  /** Records a failure the case goes on past (the first per rule), with the exchanges so far as evidence. */
  note(v: Broken): void {
    if (!this.noted.some((n) => n.verdict.rule === v.rule)) this.noted.push({ verdict: v, exchanges: [...this.api.exchanges] });
  }

  /** Records what the deciding read noted; a pass also marks everything exercised so far as judged. */
  private decided(v: Verdict): Verdict {
    for (const n of v.noted ?? []) this.note(n);
    if (v.ok) (this.root ?? this).judgedUpTo = new Set(this.exercised);
    return v;
  }

  /** The tagged title: `<case tag> <title>`. */
  title(title: string): string {
    return `${this.tag} ${title}`;
  }

  /**
   * Repeats the read `attempt` until it is decided as src/core/settle.ts decides a scenario's settle step: it
   * passes on a stable read (held twice in a row with the same answer), fails once the answer stops changing
   * after the window W or when it held and then did not (an unstable server), bounded by settleMs. With settleMs 0
   * (shrinking) one read decides. The evidence keeps the deciding attempts' exchanges. Records `rule` as exercised.
   */
  async settle(rule: string, attempt: () => Promise<Verdict>): Promise<Verdict> {
    this.exercised.add(rule);
    const settleMs = this.settleMs;
    const kept: { verdict: Verdict; exchanges: Exchange[] }[] = [];
    const env = this.env;
    const outcome = await settleLoop({
      modes: ['stable'],
      settleMs,
      // With settleMs 0 (shrinking, a rule already failing) one read decides.
      settling: settleMs > 0,
      firstDelayMs: 25,
      maxDelayMs: 400,
      // Only a read that did not hold is final once the server has shown it will not answer.
      giveUpOn: 'failing',
      cutOnAbort: false,
      giveUp: giveUpTest(env.clients.admin),
      ...(env.signal ? { signal: env.signal } : {}),
      ...(env.lag ? { lag: env.lag } : {}),
      ...(env.waits ? { waits: env.waits } : {}),
      read: async () => {
        const mark = this.api.exchanges.length;
        const v = await attempt();
        const exchanges = this.api.exchanges.splice(mark);
        kept.push({ verdict: v, exchanges });
        // A read that breaks a rule an earlier case found failing (the cases go on past a failure) decides at once,
        // so that every further case that breaks it does not wait out the settle window again. Only such a read: the
        // same attempt judges other rules too (after a create, the list rows), and a read that breaks one of those
        // settles as any other.
        const known = !v.ok && this.failed.has(v.rule);
        return { answer: answerOf(v, exchanges), ...(exchanges.length > 0 ? { exchange: exchanges[exchanges.length - 1] } : {}), views: [known ? { now: true } : { holds: v.ok }] };
      },
    });
    // `read` never stops the loop, and a single stable track is always decided by its grace read at the latest.
    const end = outcome!.ends[0] ?? { by: 'read', reads: [kept.length - 1] as [number] };
    for (const k of end.reads) this.api.exchanges.push(...kept[k].exchanges);
    const at = kept[end.reads[end.reads.length - 1]].verdict;
    switch (end.by) {
      case 'gave-up':
        // Its broken verdict (the transport error as evidence) is final; reading again cannot change it. (Only a
        // read that did not hold ends so: giveUpOn 'failing'.)
        return this.decided(at.ok ? at : { ...at, message: `${at.message} (not read again: ${end.why})` });
      case 'decision':
        if (end.decision.pass) {
          this.decided(at.ok ? at : OK);
          return OK;
        }
        return this.decided(at.ok ? at : { ...at, message: `${at.message} (${end.decision.why})` });
      default:
        return this.decided(at);
    }
  }

  /**
   * Waits (bounded by settleMs, not recorded as evidence) until GET /api/events/{id} answers a 2xx: a created
   * event may become readable late (ARCHITECTURE.md, principle 7). Notes how long it took as the server's lag. False if never.
   */
  async visible(id: string): Promise<boolean> {
    const env = this.env;
    const seen = await untilReadable(env.clients.admin, id, {
      settleMs: this.readableMs(), firstDelayMs: 25, maxDelayMs: 400,
      // A wait that ran out (or was stopped) ends as such; a GET the server will not answer (readiness.ts) ends it
      // too: the reads that follow fail with its transport error as evidence.
      giveUpFirst: false,
      ...(env.waits ? { waits: env.waits } : {}), ...(env.signal ? { signal: env.signal } : {}), ...(env.lag ? { lag: env.lag } : {}),
    });
    if (seen.readable) this.api.seen.add(id);
    return seen.readable;
  }

  /**
   * How long `visible` waits: settleMs; while shrinking (settleMs 0: one read decides each check) up to
   * SHRINK_READABLE_LAGS × the lag the server has shown (src/core/settle.ts LagTracker), bounded by --settle-ms, so
   * that on a lagging index a shrink step judges its events once they are readable, not a 404 before they are (a
   * server that showed no lag: one read, as before).
   */
  private readableMs(): number {
    if (this.settleMs > 0) return this.settleMs;
    return Math.min(this.env.config.settleMs, SHRINK_READABLE_LAGS * (this.env.lag?.ms ?? 0));
  }

  /** Deletes what the case created (its own events only). */
  dispose(): Promise<void> {
    return this.api.disposeCreated();
  }
}
