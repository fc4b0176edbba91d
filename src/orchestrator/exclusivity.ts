/**
 * A run-wide readers–writer lock. Work that may write to the server while others do (a scenario,
 * a generated stage) holds it shared; an `exclusive` scenario (src/model/scenario.ts: a wrong answer that lasts only
 * until the server's next write, anywhere, must not be hidden by another's write) holds it alone. Waiters are served
 * in order, so an exclusive scenario waits only for the work already running and new work waits behind it.
 */
export class Exclusivity {
  private readers = 0;
  private writer = false;
  private readonly queue: { exclusive: boolean; grant: () => void }[] = [];

  shared<T>(work: () => Promise<T>): Promise<T> {
    return this.hold(false, work);
  }

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.hold(true, work);
  }

  private async hold<T>(exclusive: boolean, work: () => Promise<T>): Promise<T> {
    await new Promise<void>((grant) => {
      this.queue.push({ exclusive, grant });
      this.pump();
    });
    try {
      return await work();
    } finally {
      if (exclusive) this.writer = false;
      else this.readers--;
      this.pump();
    }
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.writer) {
      const next = this.queue[0];
      if (next.exclusive && this.readers > 0) return;
      this.queue.shift();
      if (next.exclusive) this.writer = true;
      else this.readers++;
      next.grant();
    }
  }
}
