/** Runs tasks with at most `limit` in flight; results in input order. */
export async function mapPool<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

/**
 * How often a pool whose limit keeps it from starting more reads the limit again (ms): a limit may grow without any
 * work ending (src/orchestrator/scenario-limit.ts: waits that sleep between polls let more work in).
 */
export const RECHECK_MS = 50;

/** A timer that does not keep the process alive (the work in flight does). */
function recheck(fn: () => void): ReturnType<typeof setTimeout> {
  const t = setTimeout(fn, RECHECK_MS);
  t.unref();
  return t;
}

/**
 * mapPool with a limit read again before each start (`limit()` may grow or shrink as the run goes), and every
 * RECHECK_MS while it holds items back: results in input order; never fewer than one in flight while items are left.
 */
export function mapAdaptive<T, R>(items: T[], limit: () => number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let inFlight = 0;
  let done = 0;
  return new Promise<R[]>((resolve, reject) => {
    let failed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const pump = () => {
      if (failed) return;
      if (done === items.length) return resolve(out);
      while (next < items.length && (inFlight === 0 || inFlight < limit())) {
        const i = next++;
        inFlight++;
        fn(items[i], i).then((r) => {
          out[i] = r;
          inFlight--;
          done++;
          pump();
        }, (err: unknown) => {
          failed = true;
          if (timer) clearTimeout(timer);
          reject(err);
        });
      }
      if (next < items.length && !timer) {
        timer = recheck(() => {
          timer = undefined;
          pump();
        });
      }
    };
    pump();
  });
}

/**
 * At most `size` works at once (a size that may move as the run goes: read at each start); the others wait their
 * turn, in order, those asked `ahead` before the rest (a long chain of dependent work queued behind many short ones
 * would start late and end the stage last).
 */
export class Slots {
  private used = 0;
  private readonly waitingAhead: (() => void)[] = [];
  private readonly waitingRest: (() => void)[] = [];
  private readonly sizeNow: () => number;

  constructor(size: number | (() => number)) {
    this.sizeNow = typeof size === 'number' ? () => size : size;
  }

  get size(): number {
    return Math.max(1, this.sizeNow());
  }

  private get waiting(): number {
    return this.waitingAhead.length + this.waitingRest.length;
  }

  async run<T>(work: () => Promise<T>, o: { ahead?: boolean } = {}): Promise<T> {
    if (this.used < this.size) this.used++;
    else {
      await new Promise<void>((grant) => {
        (o.ahead ? this.waitingAhead : this.waitingRest).push(grant);
        this.watch();
      });
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line (it stays used) while the size allows, else it is freed.
      this.used--;
      this.admit();
    }
  }

  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Lets in as many of the line as the size allows now (a size that grew lets more in). */
  private admit(): void {
    while (this.waiting > 0 && this.used < this.size) {
      this.used++;
      (this.waitingAhead.shift() ?? this.waitingRest.shift())!();
    }
  }

  /** While some wait in line, the size is read again every RECHECK_MS (it may grow without any work ending). */
  private watch(): void {
    if (this.timer) return;
    this.timer = recheck(() => {
      this.timer = undefined;
      this.admit();
      if (this.waiting > 0) this.watch();
    });
  }
}
