import { parseJsonBody, type HttpClient } from '../http/index.js';
import { deleteEvents } from './cleanup.js';

/**
 * The end-of-run sweep (ARCHITECTURE.md, principle 6, "Safe to point at a real server"): everything a run creates carries its tag
 * (`evconf<runTag>…` at the start of its title, and a subject), but the run deletes by identifier only what a
 * create answered; a server whose recurring create answers one identifier (or none) for the events it made would
 * keep the rest. So at the end of the run (and after an interrupt) the run's own events are listed by its tag,
 * deleted, and listed again until the index shows none twice in a row (it may lag the deletes, and a create it had
 * not indexed yet shows up late), within `settleMs`. Only events whose title starts with the tag are touched.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The identifiers of the events the list shows whose title starts with `tag` (undefined: the list was not answered). */
async function listTagged(client: HttpClient, tag: string): Promise<string[] | undefined> {
  const ex = await client.send({ method: 'GET', path: '/api/events', query: { filter: `textFilter:${tag}` } });
  const parsed = parseJsonBody(ex);
  if (!ex.response || ex.response.status !== 200 || !parsed.ok || !Array.isArray(parsed.value)) return undefined;
  return (parsed.value as { identifier?: unknown; title?: unknown }[])
    .filter((e) => typeof e?.identifier === 'string' && typeof e.title === 'string' && e.title.startsWith(tag))
    .map((e) => e.identifier as string);
}

export interface SweepOutcome {
  /** Events of the run the sweep found (and tried to delete). */
  found: string[];
  /** Of those, the ones it could not delete, or that the list still showed when the time ran out. */
  left: string[];
  /** Why the sweep could not look (the list was not answered), if so. */
  unlisted?: string;
}

/** Lists the run's events by `tag` and deletes them, until two lists in a row show none (see the module comment). */
export async function sweepTagged(client: HttpClient, tag: string, opts: { settleMs: number; pauseMs?: number }): Promise<SweepOutcome> {
  const deadline = Date.now() + Math.max(opts.settleMs, 1_000);
  const found = new Set<string>();
  let failed: string[] = [];
  let empty = 0;
  let shown: string[] = [];
  while (Date.now() < deadline) {
    const ids = await listTagged(client, tag);
    if (ids === undefined) return { found: [...found], left: [...new Set([...failed, ...shown])], unlisted: 'the list filtered by the run\'s tag was not answered with 200 and an array' };
    shown = ids;
    if (ids.length === 0) {
      if (++empty >= 2) return { found: [...found], left: failed };
    } else {
      empty = 0;
      ids.forEach((id) => found.add(id));
      failed = await deleteEvents(client, ids, { settleMs: Math.min(opts.settleMs, 10_000), concurrency: 8 });
    }
    await sleep(opts.pauseMs ?? 300);
  }
  return { found: [...found], left: [...new Set([...failed, ...shown])] };
}
