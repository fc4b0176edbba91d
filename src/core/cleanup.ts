import type { HttpClient } from '../http/index.js';
import { mapPool } from './pool.js';
import { giveUpTest } from './readiness.js';
import type { WaitLedger } from './wait-ledger.js';

/**
 * Everything a run created, so that it can be deleted at the end (ARCHITECTURE.md, principle 6): also after a failure or Ctrl-C.
 * Deletion waits out 202 (spec § DELETE: "202 (retraction of publications has started)") with bounded polling.
 */
export class CleanupRegistry {
  /** Id → when it was registered (its create's answer). */
  private readonly ids = new Map<string, number>();

  add(...ids: string[]): void {
    for (const id of ids) if (!this.ids.has(id)) this.ids.set(id, Date.now());
  }

  forget(id: string): void {
    this.ids.delete(id);
  }

  pending(): string[] {
    return [...this.ids.keys()];
  }

  /**
   * Deletes every registered event; returns the identifiers it could not delete. `lagMs`: the visibility lag the
   * server has shown so far (core/settle.ts LagTracker), which bounds how long a young event's 404 is doubted.
   * `waits`: its pauses between polls (a 202 waited out, a young 404 doubted) count as idle waits, so that a
   * scenario deleting its events on a lagging index does not hold a place in the pool while it sleeps.
   */
  async drain(client: HttpClient, opts: { settleMs: number; concurrency?: number; lagMs?: number; waits?: Pick<WaitLedger, 'idle'> }): Promise<string[]> {
    const ids = [...this.ids.keys()];
    const left = await deleteEvents(client, ids, { settleMs: opts.settleMs, doubtMs: young404Doubt(opts.settleMs, opts.lagMs), concurrency: opts.concurrency ?? 4, createdAt: (id) => this.ids.get(id), ...(opts.waits ? { waits: opts.waits } : {}) });
    for (const id of ids) if (!left.includes(id)) this.ids.delete(id);
    return left;
  }
}

/**
 * How long after its create a 404 to DELETE may only mean "not indexed yet" (ARCHITECTURE.md, principle 7: "a GET right after POST can
 * 404", docs/opencast-notes.md, Events / callbacks): bounded by the settle time.
 */
export const RECENT_CREATE_MS = 3_000;

/**
 * Where the server has shown its lag: a young event's 404 is doubted for 4 × that lag, at least this long (a server
 * that showed no lag does not cost every scenario that deleted its own event 3 s of polling).
 */
export const YOUNG_404_FLOOR_MS = 300;

/** How long after its create a 404 to DELETE is doubted: min(settle, RECENT_CREATE_MS, max(floor, 4 × shown lag)). */
export function young404Doubt(settleMs: number, lagMs?: number): number {
  return Math.min(settleMs, RECENT_CREATE_MS, lagMs === undefined ? Infinity : Math.max(YOUNG_404_FLOOR_MS, 4 * lagMs));
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

/** A pause between polls; with a ledger it counts as an idle wait while it lasts (WaitLedger.idle). */
type Nap = (ms: number) => Promise<unknown>;

function napFor(waits: Pick<WaitLedger, 'idle'> | undefined): Nap {
  if (!waits) return sleep;
  return async (ms) => {
    const end = waits.idle();
    try {
      await sleep(ms);
    } finally {
      end();
    }
  };
}

/**
 * DELETE one event; 202 is waited out until GET answers 404 (spec § DELETE /api/events/{event_id}). A 404 for an
 * event created moments ago (`createdAt`) may be an index that does not show it yet: until RECENT_CREATE_MS after
 * its create, GET is polled, and an event that shows up is deleted again (else it stays behind: a schedule left on a
 * shared capture agent answers the next version's probe with 409).
 */
async function deleteOne(client: HttpClient, id: string, settleMs: number, gone: { refused: boolean }, nap: Nap, createdAt?: number, doubtMs = Math.min(settleMs, RECENT_CREATE_MS)): Promise<boolean> {
  const path = `/api/events/${encodeURIComponent(id)}`;
  for (let attempt = 0; attempt < 3 && !gone.refused; attempt++) {
    const ex = await client.send({ method: 'DELETE', path });
    if (ex.error?.code === 'connect-refused') gone.refused = true;
    const status = ex.response?.status;
    if (status === 404 && createdAt !== undefined && (await appears(client, path, createdAt + doubtMs, nap))) continue;
    if (status === 204 || status === 200 || status === 404) return true;
    if (status === 202) return waitGone(client, path, settleMs, nap);
    await nap(100 * (attempt + 1));
  }
  return false;
}

/** Whether GET shows the event (2xx) before `until` (polled; false at once once the server will not answer). */
async function appears(client: HttpClient, path: string, until: number, nap: Nap): Promise<boolean> {
  const giveUp = giveUpTest(client);
  while (Date.now() < until) {
    await nap(100);
    const ex = await client.send({ method: 'GET', path });
    const status = ex.response?.status ?? 0;
    if (status >= 200 && status < 300) return true;
    if (giveUp(ex)) return false;
  }
  return false;
}

/** Polls GET until 404, within settleMs; stops (not known gone) once the server shows it will not answer the GET. */
async function waitGone(client: HttpClient, path: string, settleMs: number, nap: Nap): Promise<boolean> {
  const deadline = Date.now() + settleMs;
  const giveUp = giveUpTest(client);
  while (Date.now() < deadline) {
    const ex = await client.send({ method: 'GET', path });
    if (ex.response?.status === 404) return true;
    if (giveUp(ex)) return false;
    await nap(150);
  }
  return false;
}

/**
 * Deletes events with at most `concurrency` requests in flight; returns those it could not delete. A refused
 * connection ends the attempt at once (the server is gone; retrying every id would only wait).
 */
export async function deleteEvents(client: HttpClient, ids: string[], opts: { concurrency?: number; settleMs: number; doubtMs?: number; createdAt?: (id: string) => number | undefined; waits?: Pick<WaitLedger, 'idle'> }): Promise<string[]> {
  const gone = { refused: false };
  const nap = napFor(opts.waits);
  const done = await mapPool(ids, opts.concurrency ?? 16, (id) => deleteOne(client, id, opts.settleMs, gone, nap, opts.createdAt?.(id), opts.doubtMs));
  return ids.filter((_, i) => !done[i]);
}
