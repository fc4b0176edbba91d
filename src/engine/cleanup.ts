import type { HttpClient } from '../http/index.js';
import { mapPool } from './pool.js';
import { giveUpTest } from './readiness.js';

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
  async drain(client: HttpClient, opts: { settleMs: number; concurrency?: number }): Promise<string[]> {
    const left = await deleteEvents(client, [...this.ids], { settleMs: opts.settleMs, concurrency: opts.concurrency ?? 4 });
    for (const id of this.ids) if (!left.includes(id)) this.ids.delete(id);
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

/** DELETE one event; 202 is waited out until GET answers 404 (spec § DELETE /api/events/{event_id}). */
async function deleteOne(client: HttpClient, id: string, settleMs: number, gone: { refused: boolean }): Promise<boolean> {
  const path = `/api/events/${encodeURIComponent(id)}`;
  for (let attempt = 0; attempt < 3 && !gone.refused; attempt++) {
    const ex = await client.send({ method: 'DELETE', path });
    if (ex.error?.code === 'connect-refused') gone.refused = true;
    const status = ex.response?.status;
    if (status === 204 || status === 200 || status === 404) return true;
    if (status === 202) return waitGone(client, path, settleMs);
    await sleep(100 * (attempt + 1));
  }
  return false;
}

/** Polls GET until 404, within settleMs; stops (not known gone) once the server shows it will not answer the GET. */
async function waitGone(client: HttpClient, path: string, settleMs: number): Promise<boolean> {
  const deadline = Date.now() + settleMs;
  const giveUp = giveUpTest(client);
  while (Date.now() < deadline) {
    const ex = await client.send({ method: 'GET', path });
    if (ex.response?.status === 404) return true;
    if (giveUp(ex)) return false;
    await sleep(150);
  }
  return false;
}

/**
 * Deletes events with at most `concurrency` requests in flight; returns those it could not delete. A refused
 * connection ends the attempt at once (the server is gone; retrying every id would only wait).
 */
export async function deleteEvents(client: HttpClient, ids: string[], opts: { concurrency?: number; settleMs: number }): Promise<string[]> {
  const gone = { refused: false };
  const done = await mapPool(ids, opts.concurrency ?? 16, (id) => deleteOne(client, id, opts.settleMs, gone));
  return ids.filter((_, i) => !done[i]);
}
