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
 * mapPool with a limit read again before each start (`limit()` may grow or shrink as the run goes): results in
 * input order; never fewer than one in flight while items are left.
 */
export function mapAdaptive<T, R>(items: T[], limit: () => number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let inFlight = 0;
  let done = 0;
  return new Promise<R[]>((resolve, reject) => {
    let failed = false;
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
          reject(err);
        });
      }
    };
    pump();
  });
}

/** At most `size` works at once (a size that may move as the run goes: read at each start); the others wait their turn, in order. */
export class Slots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly sizeNow: () => number;

  constructor(size: number | (() => number)) {
    this.sizeNow = typeof size === 'number' ? () => size : size;
  }

  get size(): number {
    return Math.max(1, this.sizeNow());
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.used < this.size) this.used++;
    else await new Promise<void>((grant) => this.waiting.push(grant));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line (it stays used) while the size allows, else it is freed; a
      // size that grew lets more of the line in.
      this.used--;
      while (this.waiting.length > 0 && this.used < this.size) {
        this.used++;
        this.waiting.shift()!();
      }
    }
  }
}
