/**
 * Tells the results so far (the run's `partial` events, src/orchestrator/run-events.ts) at most once every `everyMs` (a seven-version run told
 * 28 of them, each a results file of up to 3 MB, about 2 s of the run's CPU). The first phase end is told at once;
 * a later one within the gap is told when the gap is over, as the results are then (so the latest is never lost
 * while the run goes on). Once the run has ended (`stop`) nothing more is told: the final results follow.
 */
export class PartialTeller {
  private last = -Infinity;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly tell: () => void, private readonly everyMs: number) {}

  /** A phase has ended: tell now, or when the gap is over. */
  due(): void {
    if (this.stopped || this.timer) return;
    const wait = this.last + this.everyMs - Date.now();
    if (wait <= 0) return this.now();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.now();
    }, wait);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private now(): void {
    if (this.stopped) return;
    this.last = Date.now();
    this.tell();
  }
}
