/**
 * The pauses between the reads of a wait for a write to show (ARCHITECTURE.md, principle 7): doubling from a first
 * pause up to a longest one, and, where the run has learned when writes usually start to show (LagTracker.aimMs), a
 * read halfway there, one right then, AIM_STEPS more after short pauses of AFTER_AIM_MS, then doubling again. Doubling
 * alone reads a write that shows after 1 s at 1.175 s, its eighth read (0, 25, 75, 175, 375, 775, 1175 ms); aimed
 * at 975 ms, at 1.025 s, its fourth (0, 488, 975, 1025).
 * The aim is where the latest writes had not shown yet, so it moves toward the lag as reads get nearer to it.
 */

/** The short pause after the aimed read. */
export const AFTER_AIM_MS = 50;

/** How many short pauses follow the aimed read before the pauses double again. */
export const AIM_STEPS = 4;

/** An aim below this is no aim: the doubling pauses read that early anyway. */
export const LEAST_AIM_MS = 100;

export class Backoff {
  private delay: number;
  /** Short pauses left after the aim; undefined before it. */
  private short: number | undefined;

  constructor(
    firstMs: number,
    private readonly maxMs: number,
    /** When writes usually start to show (ms after the write), if the run has learned it. */
    private readonly aimMs?: number,
  ) {
    // With an aim, one read halfway there instead of the doubling ones (a write that shows sooner is still read
    // before the aim; the reads that only find the index behind are left out).
    this.delay = aimMs !== undefined && aimMs >= LEAST_AIM_MS ? Math.max(firstMs, Math.round(aimMs / 2)) : firstMs;
  }

  /** The pause before the next read, `elapsedMs` after the write. */
  next(elapsedMs: number): number {
    const aim = this.aimMs;
    if (aim !== undefined && aim >= LEAST_AIM_MS && this.short === undefined && elapsedMs + this.delay >= aim) {
      this.short = AIM_STEPS;
      this.delay = Math.min(2 * AFTER_AIM_MS, this.maxMs);
      // Already past the aim (a slow read): the next read at once is no worse than the doubled pause would be.
      return Math.max(0, aim - elapsedMs);
    }
    if (this.short !== undefined && this.short > 0) {
      this.short--;
      return Math.min(AFTER_AIM_MS, this.maxMs);
    }
    const pause = this.delay;
    // Before the aim, the next read is the aimed one.
    this.delay = aim !== undefined && aim >= LEAST_AIM_MS && this.short === undefined ? aim : Math.min(this.delay * 2, this.maxMs);
    return pause;
  }
}
