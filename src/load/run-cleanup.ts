import { UsageError } from '../config/errors.js';
import { deleteEvents } from '../core/cleanup.js';
import { parseJsonBody, type HttpClient } from '../http/index.js';
import { API_VERSIONS, type ApiVersion } from '../model/index.js';

/**
 * `evconf cleanup --run-id ID`: deletes the events a load run seeded and left (`evconf load --seed-only`, for an
 * Artillery run elsewhere). They are found by the run's tag: listed with a textFilter on it, and deleted only where
 * the title starts with the tag (ARCHITECTURE.md, principle 6: evconf never touches data it did not create).
 */

/** The tag of a load run's seeded events (stage.ts: `evconf-load-<run id>`). */
export const loadRunTag = (runId: string): string => `evconf-load-${runId}`;

const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const PAGE = 100;
/** Bound on the listing: the most events a load run seeds (20 000) in pages of 100, and some. */
const MAX_PAGES = 220;

export function checkRunId(runId: string): string {
  if (!RUN_ID.test(runId)) throw new UsageError(`--run-id must be the run id evconf load --seed-only printed, e.g. 20261127-063000-ab12 (got ${JSON.stringify(runId)})`);
  return runId;
}

/** Identifiers of the run's events, over every page of the filtered list. */
export async function findRunEvents(client: HttpClient, runId: string, v: ApiVersion): Promise<string[]> {
  const tag = loadRunTag(runId);
  const ids = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page++) {
    // Spec § GET /api/events, offset: a page index in the oldest description, an item index from 1.1.0.
    const offset = v === API_VERSIONS[0] ? page : page * PAGE;
    const ex = await client.send({ method: 'GET', path: '/api/events', query: { filter: `textFilter:${tag}`, limit: String(PAGE), offset: String(offset) } });
    const status = ex.response?.status;
    if (status !== 200) throw new UsageError(`cannot list the run's events (GET /api/events → ${status ?? ex.error?.code}); check --base-url and --auth`);
    const parsed = parseJsonBody(ex);
    if (!parsed.ok || !Array.isArray(parsed.value)) throw new UsageError(`the event list is not a JSON array (${parsed.ok ? typeof parsed.value : parsed.reason})`);
    for (const item of parsed.value as { identifier?: unknown; title?: unknown }[]) {
      if (typeof item?.identifier === 'string' && typeof item.title === 'string' && item.title.startsWith(`${tag} `)) ids.add(item.identifier);
    }
    if (parsed.value.length < PAGE) break;
  }
  return [...ids];
}

export interface RunCleanup {
  found: number;
  /** Identifiers that could not be deleted. */
  left: string[];
}

/** Finds and deletes the run's events; a second listing catches any an eventually consistent index showed late. */
export async function cleanupRun(client: HttpClient, runId: string, v: ApiVersion, settleMs: number): Promise<RunCleanup> {
  const done = new Set<string>();
  let left: string[] = [];
  for (let round = 0; round < 2; round++) {
    const ids = (await findRunEvents(client, runId, v)).filter((id) => !done.has(id));
    if (ids.length === 0) break;
    left = await deleteEvents(client, ids, { settleMs });
    for (const id of ids) if (!left.includes(id)) done.add(id);
    if (left.length > 0) break;
  }
  return { found: done.size + left.length, left };
}
