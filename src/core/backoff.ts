/**
 * The pauses between the reads of a wait for a write to show (ARCHITECTURE.md, principle 7): doubling from a first
 * pause up to a longest one, and, where the run has learned when writes usually start to show (LagTracker.aimMs), one
 * read right then followed by AIM_STEPS short pauses of AFTER_AIM_MS, then doubling again. Doubling alone reads a write
 * that shows after 1 s at 1.175 s (reads at 0, 25, 75, 175, 375, 775, 1175 ms); aimed, within AFTER_AIM_MS of it.
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
    this.delay = firstMs;
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
    this.delay = Math.min(this.delay * 2, this.maxMs);
    return pause;
  }
}
