import type { Exchange } from '../model/index.js';
import type { WaitLedger } from './wait-ledger.js';
import { Backoff } from './backoff.js';

/**
 * Settling reads on an eventually consistent server (ARCHITECTURE.md, principle 7) without being fooled by it:
 *
 * - a positive expectation ("the write shows") passes only on a STABLE read: after it first holds, the next read
 *   gives the same answer and holds too (a server that answers wrongly on every second request fails); where the
 *   answer moves on while the expectation holds (a processing state advancing), three holding reads in a row;
 * - an `unchanged` expectation ("the refused write changed nothing") must hold on every read over the window W,
 *   and fails as soon as a read after it held does not (a write that lands late is seen);
 * - a failing expectation stops polling once W has passed since the step began (or since the work's last write
 *   before it, when the step only reads: SettleLoopOptions.sinceWriteMs) and the last two reads were identical (the
 *   answer is not changing any more), instead of waiting the full --settle-ms.
 *
 * W = min(--settle-ms, max(SETTLE_WINDOW_FLOOR_MS, 2 × the longest lag this run has seen)). The lag is learned:
 * how long a create took to become readable (waitVisible) and how long a settled positive took to first hold (until
 * the read that first held was sent; not where the loop did not begin at a write: SettleLoopOptions.learnLag).
 */

/** The least window W (ms) over which a negative expectation must hold and before a failing one is final. */
export const SETTLE_WINDOW_FLOOR_MS = 1_500;

/** Pause before the read that confirms one that has just held (a flaky server is caught by the read itself). */
export const CONFIRM_DELAY_MS = 0;

/** How many of the latest misses aimMs reads. */
const RECENT_MISSES = 32;

/**
 * The longest time any write of this run took to become visible (ms), shared per version through the env; and when
 * writes usually start to show, for the back-off to aim a read at (src/core/backoff.ts).
 */
export class LagTracker {
  private maxMs = 0;
  private readonly misses: number[] = [];

  note(ms: number): void {
    if (Number.isFinite(ms) && ms > this.maxMs) this.maxMs = ms;
  }

  /**
   * A write that then showed did not show yet on a read sent `ms` after it: its lag lies past that. (The read that
   * first showed it is sent up to one back-off pause after the lag, so the misses, not the hits, say when to read.)
   */
  noteMiss(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    this.misses.push(ms);
    if (this.misses.length > RECENT_MISSES) this.misses.shift();
  }

  get ms(): number {
    return this.maxMs;
  }

  /** The median of the latest last misses (ms after the write), once three are known: where a read is aimed. */
  get aimMs(): number | undefined {
    if (this.misses.length < 3) return undefined;
    const sorted = [...this.misses].sort((a, b) => a - b);
    return sorted[sorted.length >> 1];
  }
}

/** W = min(settleMs, max(floor, 2 × learned lag)). */
export function settleWindow(settleMs: number, lagMs = 0): number {
  return Math.min(settleMs, Math.max(SETTLE_WINDOW_FLOOR_MS, 2 * lagMs));
}

/** `stable`: a positive expectation; `unchanged`: a negative one that must hold over the whole window. */
export type SettleMode = 'stable' | 'unchanged';

/** One read as the settle logic sees it: whether the expectation held, and the answer (status + parsed body). */
export interface SettleRead {
  holds: boolean;
  /** A fingerprint of what the server answered (equal fingerprints = the same answer). */
  answer: string;
  /** Milliseconds since the window began: the step's start, or the work's last write before it (sinceWriteMs). */
  atMs: number;
}

export interface SettleDecision {
  pass: boolean;
  /** Why, in words, for the result message (e.g. "held on 2 identical reads"). */
  why: string;
  /** Indexes of the reads that decided it (their exchanges are the evidence), in the order they were made. */
  decisive: number[];
}

/** The first read that held, when a later read did not hold (the answer went back): else undefined. */
function regression(reads: readonly SettleRead[]): number | undefined {
  const firstHeld = reads.findIndex((r) => r.holds);
  if (firstHeld < 0) return undefined;
  for (let i = reads.length - 1; i > firstHeld; i--) if (!reads[i].holds) return firstHeld;
  return undefined;
}

/**
 * The decision after the latest read, or undefined when another read is needed. `final` is set once --settle-ms
 * is over (then only a positive that has just started to hold gets one more read: `graceUsed` says it had it).
 */
export function decideSettle(mode: SettleMode, reads: readonly SettleRead[], o: { windowMs: number; final: boolean; graceUsed?: boolean }): SettleDecision | undefined {
  const n = reads.length;
  if (n === 0) return undefined;
  const last = reads[n - 1];
  const prev = n > 1 ? reads[n - 2] : undefined;
  const elapsed = last.atMs;
  const windowOver = elapsed >= o.windowMs;
  const stuck = prev !== undefined && !prev.holds && !last.holds && prev.answer === last.answer;
  const held = reads.findIndex((r) => r.holds);
  const back = regression(reads);

  if (mode === 'unchanged') {
    if (back !== undefined) {
      const i = reads.findIndex((r, k) => k > back && !r.holds);
      return { pass: false, why: `held on read ${back + 1}, then read ${i + 1} showed a change`, decisive: [back, i] };
    }
    if (held >= 0 && n - held >= 2 && windowOver) return { pass: true, why: `held on all ${n - held} reads over ${Math.round(elapsed)} ms`, decisive: [n - 1] };
    if (held < 0 && windowOver && stuck) return { pass: false, why: 'did not hold on any read; the answer stopped changing', decisive: [n - 1] };
    if (o.final) return held >= 0 ? { pass: true, why: `held on all ${n - held} reads over ${Math.round(elapsed)} ms`, decisive: [n - 1] } : { pass: false, why: 'did not hold on any read', decisive: [n - 1] };
    return undefined;
  }

  // Stable: two holding reads in a row with the same answer; or, where the answer moves on while the expectation
  // holds (e.g. a processing state advancing), three holding reads in a row, or two once the window is over.
  const before = n > 2 ? reads[n - 3] : undefined;
  if (last.holds && prev?.holds && (prev.answer === last.answer || before?.holds || windowOver)) {
    return { pass: true, why: prev.answer === last.answer ? 'held on 2 identical reads' : 'held on consecutive reads (the answers differed; each held)', decisive: [n - 1] };
  }
  if (!last.holds && back !== undefined && windowOver) {
    return { pass: false, why: `unstable: held on read ${back + 1}, not on read ${n}`, decisive: [back, n - 1] };
  }
  if (windowOver && stuck) return { pass: false, why: 'did not hold; the answer stopped changing', decisive: [n - 1] };
  if (o.final) {
    if (!last.holds) return { pass: false, why: back !== undefined ? `unstable: held on read ${back + 1}, not on read ${n}` : 'did not hold within --settle-ms', decisive: back !== undefined ? [back, n - 1] : [n - 1] };
    if (!o.graceUsed && back === undefined) return undefined;
    return back === undefined
      ? { pass: true, why: `held on the last read only (${n} reads)`, decisive: [n - 1] }
      : { pass: false, why: `unstable: held on read ${back + 1}, then not, then again on read ${n}`, decisive: [back, reads.findIndex((r, k) => k > back && !r.holds)] };
  }
  return undefined;
}

/**
 * What one read of a settling loop says about one expectation (a track):
 * - `holds`: judged; the read goes to decideSettle;
 * - `now`: decided by this read alone whatever follows (evconf's own error, a value built on a refused setup);
 * - `skip`: a skip that depends on the answer (e.g. "no object to check: 404"): like a failure, final only once W
 *   has passed and two skipping reads in a row gave the same answer, or at --settle-ms.
 */
export type TrackView = { holds: boolean } | { now: true } | { skip: true };

/** One read of the loop: its answer (fingerprint), the exchange the give-up test is fed, and one view per track. */
export interface LoopRead {
  answer: string;
  /** The read's checked (last) exchange, if any: fed to the give-up test. */
  exchange?: Exchange;
  views: readonly TrackView[];
}

/**
 * How a track ended. `reads` are indexes of the loop's reads (0 = the first read), the decisive one last:
 * - `decision`: decideSettle decided (its decisive reads);
 * - `read`: decided by one read (a single read, a `now` view, a skip that stopped changing or at --settle-ms);
 * - `gave-up`: the server showed it will not answer the read (`why` from the give-up test);
 * - `cut`: the signal stopped the loop before --settle-ms while the track was failing (not decided).
 */
export type TrackEnd =
  | { by: 'decision'; decision: SettleDecision; reads: number[] }
  | { by: 'read'; reads: [number] }
  | { by: 'gave-up'; why: string; reads: [number] }
  | { by: 'cut'; decision: SettleDecision; reads: [number] };

export interface SettleLoopOptions {
  /** One mode per track (expectation) judged on every read. */
  modes: readonly SettleMode[];
  /** Makes one read; `open[i]` says whether track i is still undecided. Undefined: stop at once (nothing recorded). */
  read: (open: readonly boolean[]) => Promise<LoopRead | undefined>;
  /** --settle-ms (the caller's: a case reading a rule already failing passes 0). */
  settleMs: number;
  /** False: one read decides every track (no give-up test, nothing recorded). Default true. */
  settling?: boolean;
  /** The back-off between reads that did not hold: the first delay, doubled up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /**
   * On a read the server did not answer (giveUp): `any` ends every open track but the `now` ones and counts one
   * give-up per such read (scenario steps); `failing` ends only the tracks whose read did not hold and counts one
   * give-up when it ended any (generated cases).
   */
  giveUpOn: 'any' | 'failing';
  /** The signal stopped the loop before --settle-ms: a track whose decision is a failure ends `cut` (scenario steps). */
  cutOnAbort: boolean;
  giveUp?: (ex: Exchange) => string | undefined;
  signal?: AbortSignal;
  lag?: LagTracker;
  waits?: WaitLedger;
  /**
   * How long before the loop began the work last wrote what it reads (0: just now, the default). The window W counts
   * from that write, not from the loop's start: a read nothing was written before for a while has less to wait for
   * (a failure is final once W has passed since the write and two reads in a row gave the same answer).
   */
  sinceWriteMs?: number;
  /**
   * Whether a stable pass that did not hold at first notes its lag (default true). False where the loop does not
   * begin at a write (rows-seen reads again a difference it came upon, whatever wrote it and whenever): the time
   * until it agrees is no lag of a write.
   */
  learnLag?: boolean;
}

export interface SettleOutcome {
  /** One per track; undefined when the loop stopped before deciding it (--settle-ms over, the grace read used). */
  ends: (TrackEnd | undefined)[];
  /** How many reads were made. */
  reads: number;
  /** How long the loop took (ms), as recorded in waits.settle. */
  ms: number;
  windowMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface TrackState {
  mode: SettleMode;
  reads: SettleRead[];
  /** The loop's index of each of `reads` (reads that gave a skip are not among them). */
  readIndex: number[];
  /** When each of `reads` was sent (ms since the window began, as atMs). */
  sentMs: number[];
  /** The answers of the reads that gave a skip in a row. */
  skipAnswers: string[];
  end?: TrackEnd;
}

/**
 * The settle loop every stage uses: reads until each track is decided by decideSettle, or by a
 * read the server did not answer (giveUp), bounded by settleMs (then a positive that has just started to hold gets
 * one confirming read). A read that has just held is confirmed at once (CONFIRM_DELAY_MS); otherwise the loop backs
 * off, reading again right after the window W. Notes the lag of a stable pass that did not hold at first, and
 * records the wait (waits.settle) when settling. Undefined when `read` stopped it.
 */
export async function settleLoop(o: SettleLoopOptions): Promise<SettleOutcome | undefined> {
  const started = Date.now();
  const settling = o.settling ?? true;
  const windowMs = settleWindow(o.settleMs, o.lag?.ms ?? 0);
  // Reads are timed from the last write (sinceWriteMs before the loop), the window's start.
  const sinceWrite = Math.max(0, o.sinceWriteMs ?? 0);
  const deadline = started + o.settleMs;
  const tracks: TrackState[] = o.modes.map((mode) => ({ mode, reads: [], readIndex: [], sentMs: [], skipAnswers: [] }));
  let count = 0;
  let graceUsed = false;
  // The pauses between reads that did not hold: doubling, and aimed at when writes usually show (backoff.ts), in
  // the loop's time, as the lag and its misses are noted.
  const backoff = new Backoff(o.firstDelayMs, o.maxDelayMs, o.learnLag === false ? undefined : o.lag?.aimMs);
  for (;;) {
    const sentMs = Date.now() - started + sinceWrite;
    const r = await o.read(tracks.map((t) => !t.end));
    if (!r) return undefined;
    const index = count++;
    const atMs = Date.now() - started + sinceWrite;
    const final = !settling || Date.now() >= deadline || Boolean(o.signal?.aborted);
    // Stopped (interrupt, --phase-budget) before the settle time was over: what is not decided yet is not decided.
    const cutShort = o.cutOnAbort && settling && Boolean(o.signal?.aborted) && Date.now() < deadline;
    // The server has shown it will not answer this read: reading again cannot change the answer.
    const unanswered = settling && r.exchange ? o.giveUp?.(r.exchange) : undefined;
    if (unanswered && o.giveUpOn === 'any') o.waits?.gaveUp();
    let endedByGiveUp = false;
    tracks.forEach((t, i) => {
      if (t.end) return;
      const v = r.views[i];
      if (unanswered && !('now' in v) && (o.giveUpOn === 'any' || ('holds' in v && !v.holds))) {
        t.end = { by: 'gave-up', why: unanswered, reads: [index] };
        endedByGiveUp = true;
        return;
      }
      if (!settling || 'now' in v || ('skip' in v && final)) {
        t.end = { by: 'read', reads: [index] };
        return;
      }
      if ('skip' in v) {
        t.skipAnswers.push(r.answer);
        const n = t.skipAnswers.length;
        if (atMs >= windowMs && n >= 2 && t.skipAnswers[n - 1] === t.skipAnswers[n - 2]) t.end = { by: 'read', reads: [index] };
        return;
      }
      t.skipAnswers = [];
      t.reads.push({ holds: v.holds, answer: r.answer, atMs });
      t.readIndex.push(index);
      t.sentMs.push(sentMs);
      const d = decideSettle(t.mode, t.reads, { windowMs, final, graceUsed });
      if (!d) return;
      if (cutShort && !d.pass) {
        t.end = { by: 'cut', decision: d, reads: [index] };
        return;
      }
      if (d.pass && t.mode === 'stable' && o.learnLag !== false) {
        // The lag is the time until the read that first held was sent: the read's own time is not the server's lag
        // (a read of several requests, e.g. every event of a recurrence, takes long on a loaded machine).
        const first = t.reads.findIndex((x) => x.holds);
        if (first > 0) {
          o.lag?.note(t.sentMs[first] - sinceWrite);
          o.lag?.noteMiss(t.sentMs[first - 1] - sinceWrite);
        }
      }
      t.end = { by: 'decision', decision: d, reads: d.decisive.map((k) => t.readIndex[k]) };
    });
    if (endedByGiveUp && o.giveUpOn === 'failing') o.waits?.gaveUp();
    if (tracks.every((t) => t.end)) break;
    if (final) {
      // Past --settle-ms: a positive that has just started to hold gets one confirming read.
      if (graceUsed) break;
      graceUsed = true;
    }
    // A read that has just held is confirmed at once; otherwise back off, reading again right after the window.
    const anyHeldOnce = tracks.some((t) => !t.end && t.mode === 'stable' && t.reads.length > 0 && t.reads[t.reads.length - 1].holds);
    const toWindow = windowMs - (Date.now() - started + sinceWrite);
    let wait = CONFIRM_DELAY_MS;
    if (!anyHeldOnce) {
      const pause = backoff.next(Date.now() - started);
      wait = toWindow > 0 ? Math.min(pause, toWindow + 5) : pause;
    }
    if (!final) wait = Math.min(wait, Math.max(0, deadline - Date.now()) + 1);
    if (wait > 0) {
      // A back-off sleep is idle (WaitLedger.idle): the loop reads at most twice a second while the index lags.
      const idle = o.waits?.idle();
      try {
        await sleep(wait);
      } finally {
        idle?.();
      }
    }
  }
  const ms = Date.now() - started;
  if (settling) o.waits?.settle(ms, windowMs);
  return { ends: tracks.map((t) => t.end), reads: count, ms, windowMs };
}
