import type { Exchange } from '../../model/index.js';
import { parseJsonBody } from '../../http/index.js';
import { getPath, identifiers } from '../../checks/evidence.js';
import type { PagesWalk } from '../../checks/families/list.js';
import type { RunEvent, RunEvents } from '../../checks/families/list-match.js';
import { createEvent, waitVisible, usableEvent } from '../create.js';
import { taggedTitle, type EventSpec } from '../../core/event-form.js';
import type { VersionEnv } from '../../core/version-env.js';
import { eventsNeeds, needing, type Action, type ActionDef } from './types.js';
import { isoUtc } from '../../spec/datetime.js';
import { idLookAlike } from './events.js';
import { giveUpTest } from '../../core/readiness.js';

/**
 * Actions of the list family: create the run's events and read them
 * back (list-setup), send a filter whose values come from the server's answers or from {{time.base}}
 * (list-filter), and walk the pages of a sorted list (list-walk-pages). spec § GET /api/events.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MINUTE = 60_000;

function isoAt(base: string, minutes: number): string {
  return isoUtc(Date.parse(base) + minutes * MINUTE);
}

/**
 * The instant `minutes` after `base` written with the UTC offset `offset` (`+02:00`, `-05:30`): the same instant as
 * isoAt, in the local time of that offset (2090-01-01T01:00:00Z with +02:00 is 2090-01-01T03:00:00+02:00).
 */
export function isoAtOffset(base: string, minutes: number, offset: string): string {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!m) throw new Error(`list-filter: range offset must look like +02:00, not ${JSON.stringify(offset)}`);
  const ms = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * MINUTE;
  return `${isoUtc(Date.parse(base) + minutes * MINUTE + ms).slice(0, 19)}${offset}`;
}

/** The fields startDate (YYYY-MM-DD) and startTime (HH:MM:SSZ) of the instant `minutes` after `base`. */
function bibliographicStart(base: string, minutes: number): { startDate: string; startTime: string } {
  const iso = isoAt(base, minutes);
  return { startDate: iso.slice(0, 10), startTime: `${iso.slice(11, 19)}Z` };
}

interface SetupItem {
  fields: Record<string, string | string[]>;
  /** Scheduled capture: start `at` minutes after {{time.base}}, for `minutes` (default 30), on `agent` (default {{agent}}). */
  schedule?: { at: number; minutes?: number; agent?: string };
  /** Milliseconds to wait before creating this event (distinct `created` seconds; at most 2000). */
  waitBefore?: number;
  /**
   * Bibliographic start `startAt` minutes after {{time.base}}: sent as the fields startDate and startTime (spec §
   * Metadata field: "startDate (format date), startTime (format time with UTC designator)"), so that it can differ
   * from the schedule's (technical) start.
   */
  startAt?: number;
}

function setupItem(raw: unknown, i: number): SetupItem {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`list-setup: events[${i}] must be an object`);
  const { schedule, waitBefore, startAt, ...fields } = raw as Record<string, unknown>;
  if (startAt !== undefined && typeof startAt !== 'number') throw new Error(`list-setup: events[${i}].startAt must be a number of minutes`);
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v !== 'string' && !(Array.isArray(v) && v.every((x) => typeof x === 'string'))) {
      throw new Error(`list-setup: events[${i}].${k} must be a string or a list of strings`);
    }
  }
  const s = schedule as { at?: unknown; minutes?: unknown; agent?: unknown } | undefined;
  if (s !== undefined && typeof s.at !== 'number') throw new Error(`list-setup: events[${i}].schedule.at must be a number of minutes`);
  return {
    fields: fields as SetupItem['fields'],
    ...(s ? { schedule: { at: s.at as number, minutes: typeof s.minutes === 'number' ? s.minutes : 30, ...(typeof s.agent === 'string' ? { agent: s.agent } : {}) } } : {}),
    ...(typeof waitBefore === 'number' ? { waitBefore: Math.min(Math.max(waitBefore, 0), 2000) } : {}),
    ...(typeof startAt === 'number' ? { startAt } : {}),
  };
}

/** Polls the list (textFilter on the run tag) until it shows every created event, within --settle-ms. */
async function waitListed(env: VersionEnv, ids: string[], exchanges: Exchange[]): Promise<void> {
  const deadline = Date.now() + env.config.settleMs;
  const giveUp = giveUpTest(env.clients.admin);
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const ex = await env.clients.admin.send({ method: 'GET', path: '/api/events', query: { filter: `textFilter:${env.tag}` } });
    const body = parseJsonBody(ex);
    const listed = new Set(body.ok ? identifiers(body.value) : []);
    if (ids.every((id) => listed.has(id)) || Date.now() + delay > deadline || giveUp(ex) || env.signal?.aborted) {
      exchanges.push(ex);
      return;
    }
    await sleep(delay);
  }
}

/**
 * `with: { events: [ {title, location, …, schedule?: {at, minutes}, waitBefore?} ] }`: creates the events in
 * order (titles tagged), waits until all are readable (together) and listed, and reads each back with GET /api/events/{id}.
 * Value: RunEvents (what was sent and what the server answered, per event) or an `error` naming the failure.
 */
const listSetup: Action = async (env, params) => {
  const raw = params.events;
  if (!Array.isArray(raw) || raw.length === 0) throw new Error('list-setup: `events` must be a non-empty list');
  const items = raw.map(setupItem);
  const exchanges: Exchange[] = [];
  const events: RunEvent[] = [];
  const fail = (error: string) => ({ exchanges, value: { events, error } satisfies RunEvents });
  const specs: EventSpec[] = [];
  for (const [i, item] of items.entries()) {
    if (item.waitBefore) await sleep(item.waitBefore);
    const scheduling = item.schedule
      ? { agent_id: item.schedule.agent ?? env.agent, start: isoAt(env.timeBase, item.schedule.at), end: isoAt(env.timeBase, item.schedule.at + (item.schedule.minutes ?? 30)) }
      : undefined;
    // A scheduled event also gets the schedule's start as its metadata start (unless the scenario gives one, or a
    // startAt of its own): what a server makes the bibliographic start of a scheduled event, and which start the
    // `start` filter reads, are not shown, and with both starts equal neither matters.
    const when: Record<string, string> = item.startAt !== undefined ? bibliographicStart(env.timeBase, item.startAt)
      : scheduling && item.fields.startDate === undefined ? { startDate: scheduling.start.slice(0, 10), startTime: scheduling.start.slice(11) } : {};
    const fields = { ...item.fields, ...when };
    const spec: EventSpec = { fields, ...(scheduling ? { scheduling } : {}) };
    const out = await createEvent(env, spec);
    exchanges.push(out.exchange);
    const id = out.identifiers[0];
    const status = out.exchange.response?.status ?? out.exchange.error?.code ?? 'no response';
    if (!id) return fail(`could not create event #${i + 1} (POST /api/events → ${status}); see the events.create.* rules`);
    // The fields as the server received them (eventCreateParts tags the title and defaults subjects to the tag).
    const sent: Record<string, string | string[]> = { ...fields, title: taggedTitle(env.tag, item.fields.title as string | undefined) };
    if (sent.subjects === undefined) sent.subjects = [env.tag];
    events.push({ identifier: id, sent: { fields: sent, ...(scheduling ? { scheduling } : {}) }, server: null });
    specs.push(spec);
  }
  // The creates are sent one after the other (creation order is the order given) and then awaited together, as
  // mustCreateAll does (src/cases/reads.ts): nothing is written to them, so no create waits for the one before it to
  // become readable (ARCHITECTURE.md, principle 7: an index lags every create alike). The first event in order that
  // is not usable names the failure.
  const notUsable = await Promise.all(events.map((e, i) => usableEvent(env, e.identifier, specs[i], exchanges)));
  const first = notUsable.find((why) => why !== undefined);
  if (first) return fail(first);
  await waitListed(env, events.map((e) => e.identifier), exchanges);
  for (const e of events) {
    const ex = await env.clients.admin.send({ method: 'GET', path: `/api/events/${encodeURIComponent(e.identifier)}` });
    exchanges.push(ex);
    const body = parseJsonBody(ex);
    if (body.ok && body.value && typeof body.value === 'object' && !Array.isArray(body.value)) e.server = body.value as Record<string, unknown>;
  }
  return { exchanges, value: { events } satisfies RunEvents };
};

/**
 * The filter expression of list-filter / list-walk-pages: `filter` (literal entries), `pick` (entries whose value
 * is a member of a saved run event as the server answered it; with `prefix: true` a proper prefix of it that names
 * no event, with `lookAlike: prefix | suffix | case` that kind of look-alike, from idLookAlike) and `range` (start/technical_start ranges in minutes after {{time.base}}, in UTC, or
 * written with the UTC offset `offset`). Returns the expression, or why it cannot be built, and the exchanges made.
 */
async function buildFilter(env: VersionEnv, params: Record<string, unknown>, vars: Readonly<Record<string, unknown>>): Promise<({ filter: string } | { skip: string }) & { exchanges: Exchange[] }> {
  const entries: string[] = [];
  const exchanges: Exchange[] = [];
  if (typeof params.filter === 'string' && params.filter !== '') entries.push(params.filter);
  for (const p of (params.pick as Record<string, unknown>[] | undefined) ?? []) {
    const of = typeof p.of === 'string' ? p.of : 'run';
    const saved = getPath(vars, `saved.${of}`) as RunEvents | undefined;
    if (!saved || saved.error) return { exchanges, skip: `precondition: ${saved?.error ?? `no saved events "${of}"`}` };
    const v = getPath(saved.events[Number(p.index)]?.server, String(p.member));
    if (typeof v !== 'string' || v === '') {
      return { exchanges, skip: `precondition: event #${Number(p.index) + 1} has no ${String(p.member)} to filter by (got ${JSON.stringify(v) ?? 'nothing'})` };
    }
    const kind = p.prefix === true ? 'prefix' : p.lookAlike;
    if (kind !== undefined) {
      if (kind !== 'prefix' && kind !== 'suffix' && kind !== 'case') throw new Error('list-filter: `lookAlike` must be prefix, suffix or case');
      const part = await idLookAlike(env, v, kind);
      exchanges.push(...part.exchanges);
      if (part.skip) return { exchanges, skip: part.skip };
      entries.push(`${String(p.name)}:${part.prefix}`);
    } else entries.push(`${String(p.name)}:${v}`);
  }
  for (const r of (params.range as Record<string, unknown>[] | undefined) ?? []) {
    const at = (minutes: number) => (typeof r.offset === 'string' ? isoAtOffset(env.timeBase, minutes, r.offset) : isoAt(env.timeBase, minutes));
    entries.push(`${String(r.name)}:${at(Number(r.from))}/${at(Number(r.to))}`);
  }
  if (entries.length === 0) throw new Error('list-filter: give `filter`, `pick` or `range`');
  return { exchanges, filter: entries.join(',') };
}

function extraQuery(params: Record<string, unknown>): Record<string, string> {
  const q = params.query as Record<string, unknown> | undefined;
  return Object.fromEntries(Object.entries(q ?? {}).map(([k, v]) => [k, String(v)]));
}

/** `with: { filter?, pick?, range?, query? }`: GET /api/events with the built filter (value: the parsed body). */
const listFilter: Action = async (env, params, vars) => {
  const f = await buildFilter(env, params, vars);
  // A skip has no exchange of its own (the checks pass the reason on only then): the prefix look-ups are left out.
  if ('skip' in f) return { exchanges: [], value: { skip: f.skip } };
  const ex = await env.clients.admin.send({ method: 'GET', path: '/api/events', query: { ...extraQuery(params), filter: f.filter } });
  const body = parseJsonBody(ex);
  return { exchanges: [...f.exchanges, ex], value: body.ok ? body.value : undefined };
};

/**
 * `with: { filter?, pick?, range?, sort, limit, offset: index | page }`: the whole sorted, filtered list, then its
 * pages; `offset` says what the offset counts (spec § GET /api/events: an item index in the earlier descriptions,
 * a page index in the oldest; the scenario picks it per version). Value: PagesWalk.
 */
const listWalkPages: Action = async (env, params, vars) => {
  const limit = Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new Error('list-walk-pages: `limit` must be a positive integer');
  if (params.offset !== 'index' && params.offset !== 'page') throw new Error('list-walk-pages: `offset` must be index or page');
  const f = await buildFilter(env, params, vars);
  const walk: PagesWalk = { limit, whole: [], pages: [], offsets: [], statuses: [] };
  if ('skip' in f) return { exchanges: [], value: { ...walk, skip: f.skip } };
  const base = { filter: f.filter, sort: String(params.sort) };
  const exchanges: Exchange[] = [...f.exchanges];
  const get = async (query: Record<string, string>): Promise<(string | null)[]> => {
    const ex = await env.clients.admin.send({ method: 'GET', path: '/api/events', query });
    exchanges.push(ex);
    walk.statuses.push(ex.response?.status ?? 0);
    const body = parseJsonBody(ex);
    return body.ok && Array.isArray(body.value) ? identifiers(body.value) : [];
  };
  walk.whole = await get(base);
  const pageIndex = params.offset === 'page';
  const maxPages = Math.ceil(walk.whole.length / limit) + 1;
  for (let k = 0; k < maxPages; k++) {
    const offset = pageIndex ? k : k * limit;
    const page = await get({ ...base, limit: String(limit), offset: String(offset) });
    walk.offsets.push(offset);
    walk.pages.push(page);
    if (page.length < limit) break;
  }
  return { exchanges, value: walk };
};

/**
 * Events of the run that the scenario's filter does not select (ARCHITECTURE.md, principle 6: still tagged with the run, so found and
 * deleted like every other): their tag is the scenario's with its last letter `x` turned into `a`, so no textFilter
 * on the scenario tag matches them (scenario tags all end in `x`, so it names no other scenario either), and their
 * titles sort before every title of the scenario (code point and case-insensitive order alike). A list that applies
 * offset or limit before the filter shows them (spec § GET /api/events: offset is the "index of the first result to
 * return" of the list the filter selects). Waits until each is readable.
 */
const createDecoys: Action = async (env, params) => {
  const count = typeof params.count === 'number' && params.count > 0 ? params.count : 2;
  const decoyEnv = { ...env, tag: `${env.tag.slice(0, -1)}a` };
  const exchanges: Exchange[] = [];
  const identifiers: string[] = [];
  const made: string[] = [];
  for (let i = 0; i < count; i++) {
    const out = await createEvent(decoyEnv, { fields: { title: `decoy ${i}` } });
    exchanges.push(out.exchange);
    if (out.identifiers[0]) made.push(out.identifiers[0]);
  }
  // Awaited together once all are sent (as list-setup does).
  const seen = await Promise.all(made.map((id) => waitVisible(env, id)));
  identifiers.push(...made.filter((_, i) => seen[i]));
  return { exchanges, value: { identifiers } };
};

/** Actions of the list family (spec § GET /api/events). */
export const LIST_ACTIONS: readonly ActionDef[] = [
  // The items with `schedule` are scheduled on the scenario's agent (or the `schedule.agent` they name).
  {
    name: 'list-setup',
    doc: 'Creates the run\'s events (`events: [{fields…, schedule?: {at, minutes, agent?}, waitBefore?, startAt?}]`) and reads each back; its value (saved, e.g. as `run`) is what the list checks judge filters against.',
    run: needing(eventsNeeds((e) => e.schedule !== undefined, (e) => (e.schedule as { agent?: unknown } | null)?.agent !== undefined), listSetup),
  },
  {
    name: 'list-filter',
    doc: 'GET /api/events with a filter built from `filter`, `pick` (server values of saved run events) and `range` (minutes after {{time.base}}; `offset: "+02:00"` writes the bounds with that UTC offset), plus `query`.',
    run: listFilter,
  },
  {
    name: 'list-walk-pages',
    doc: 'The whole sorted filtered list and its pages of `limit` (offset per version).',
    run: listWalkPages,
  },
  {
    name: 'create-decoys',
    doc: '`count` events of the run that the scenario\'s textFilter does not select and whose titles sort before the scenario\'s own (value: {identifiers}).',
    run: createDecoys,
  },
];
