/**
 * Settling reads on an eventually consistent server (design §1.7) without being fooled by it (issue 11 item 3):
 *
 * - a positive expectation ("the write shows") passes only on a STABLE read: after it first holds, the next read
 *   gives the same answer and holds too (a server that answers wrongly on every second request fails); where the
 *   answer moves on while the expectation holds (a processing state advancing), three holding reads in a row;
 * - an `unchanged` expectation ("the refused write changed nothing") must hold on every read over the window W,
 *   and fails as soon as a read after it held does not (a write that lands late is seen);
 * - a failing expectation stops polling once W has passed since the step began and the last two reads were
 *   identical (the answer is not changing any more), instead of waiting the full --settle-ms.
 *
 * W = min(--settle-ms, max(SETTLE_WINDOW_FLOOR_MS, 2 × the longest lag this run has seen)). The lag is learned:
 * how long a create took to become readable (waitVisible) and how long a settled positive took to first hold.
 */

/** The least window W (ms) over which a negative expectation must hold and before a failing one is final. */
export const SETTLE_WINDOW_FLOOR_MS = 1_500;

/** Pause before the read that confirms one that has just held (a flaky server is caught by the read itself). */
export const CONFIRM_DELAY_MS = 0;

/** The longest time any write of this run took to become visible (ms), shared per version through the env. */
export class LagTracker {
  private maxMs = 0;

  note(ms: number): void {
    if (Number.isFinite(ms) && ms > this.maxMs) this.maxMs = ms;
  }

  get ms(): number {
    return this.maxMs;
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
  /** Milliseconds since the step began. */
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
