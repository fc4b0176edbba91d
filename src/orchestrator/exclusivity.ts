/**
 * A run-wide readers–writer lock. Work that may write to the server while others do (a scenario,
 * a generated stage) holds it shared; an `exclusive` scenario (src/model/scenario.ts: a wrong answer that lasts only
 * until the server's next write, anywhere, must not be hidden by another's write) holds it alone. An exclusive waiter
 * goes before every shared one: it waits only for the work already running, and the exclusive scenarios queued
 * together run one after the other with no shared work let in between (each let in would be waited for again: on a
 * lagging index, a generated case in flight lasts seconds). Shared waiters are served together, in order, once no
 * exclusive one waits.
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
    if (this.writer) return;
    const ex = this.queue.findIndex((w) => w.exclusive);
    if (ex >= 0) {
      if (this.readers > 0) return;
      const [next] = this.queue.splice(ex, 1);
      this.writer = true;
      next.grant();
      return;
    }
    for (const next of this.queue.splice(0)) {
      this.readers++;
      next.grant();
    }
  }
}
