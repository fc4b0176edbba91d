import type { HttpClient } from '../http/index.js';

/**
 * Everything a run created, so that it can be deleted at the end (design §1.6): also after a failure or Ctrl-C.
 * Deletion waits out 202 (spec § DELETE: "202 (retraction of publications has started)") with bounded polling.
 */
export class CleanupRegistry {
  private readonly ids = new Set<string>();

  add(...ids: string[]): void {
    for (const id of ids) this.ids.add(id);
  }

  forget(id: string): void {
    this.ids.delete(id);
  }

  pending(): string[] {
    return [...this.ids];
  }

  /** Deletes every registered event; returns the identifiers it could not delete. */
  async drain(client: HttpClient, opts: { settleMs: number; attempts?: number }): Promise<string[]> {
    const left: string[] = [];
    for (const id of [...this.ids]) {
      if (await deleteEvent(client, id, opts.settleMs, opts.attempts ?? 3)) this.ids.delete(id);
      else left.push(id);
    }
    return left;
  }
}

/** All registries of a run, so that an interrupt can say, by identifier, what is left on the server. */
export class CleanupRoot {
  private readonly children = new Set<CleanupRegistry>();

  child(): CleanupRegistry {
    const r = new CleanupRegistry();
    this.children.add(r);
    return r;
  }

  /** Identifiers created and not (yet) deleted, across every registry of the run. */
  pending(): string[] {
    return [...this.children].flatMap((r) => r.pending());
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function deleteEvent(client: HttpClient, id: string, settleMs: number, attempts: number): Promise<boolean> {
  const path = `/api/events/${encodeURIComponent(id)}`;
  for (let a = 0; a < attempts; a++) {
    const ex = await client.send({ method: 'DELETE', path });
    const status = ex.response?.status;
    if (status === 404 || status === 204 || status === 200) return true;
    if (status === 202) return waitGone(client, path, settleMs);
    await sleep(100 * (a + 1));
  }
  return false;
}

async function waitGone(client: HttpClient, path: string, settleMs: number): Promise<boolean> {
  const deadline = Date.now() + settleMs;
  while (Date.now() < deadline) {
    const ex = await client.send({ method: 'GET', path });
    if (ex.response?.status === 404) return true;
    await sleep(150);
  }
  return false;
}
