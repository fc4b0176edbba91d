import type { Ctx, Reply } from '../app.js';
import { family } from './types.js';
import { isoSeconds } from '../time.js';
import { notFound, type EventRecord, type Schedule } from '../types.js';
import { atLeast } from '../version.js';
import { isTrue } from '../input.js';
import { schedulingObject, type WithFlags } from '../serialize.js';
import { shapeStyle } from '../latitude/shape.js';
import { latin1Value } from './mutant-state.js';
import { parseRange, type FilterGroup } from '../list-params.js';
import type { EventView } from '../view.js';

/** The event body family: planted bugs of the event objects of the list and the single GET (names, shapes, derived members, with* flags). */

/**
 * Response-shape mutants (spec § GET /api/events: "Returns a JSON array of event
 * objects. The array may be empty"; § Event (response object): presenter*, contributor*, subjects* are
 * array[string]; "Oldest variant ...: duration (integer)"; GET /api/events/{event_id}: withacl "with the same
 * meanings as for the list"; § Metadata: "404" for an event that does not exist). Bug sites: handlers/list.ts
 * (sectionListShape), handlers/event.ts (sectionGetShape), handlers/metadata.ts (sectionMetadataGone / sectionMetadataSeen).
 */
export const RESPONSE_SHAPE_MUTANTS = family({
  'list-single-element-arrays-scalar': {
    rule: 'events.list.schema',
    description: 'List items serialize a one-element presenter/contributor/subjects array as a plain string (an XML-to-JSON mapper); longer arrays stay arrays.',
  },
  'list-empty-null': {
    rule: 'events.list.empty',
    description: 'A list with no matching event answers 200 with null instead of [] (a nil slice serialized).',
  },
  'oldest-duration-string': {
    rule: 'events.get.schema',
    description: 'The single GET in 1.0.0 sends duration as a string of digits ("declared as string"), though the oldest variant has duration (integer).',
    until: '1.0.0',
  },
  'get-withacl-allow-only': {
    rule: 'events.get.withacl',
    description: 'withacl=true on the single GET includes only the entries with allow true: deny entries are missing (the list and GET /acl are right).',
  },
  'metadata-get-deleted-cached': {
    rule: 'metadata.get.404',
    description: 'GET /metadata of a deleted event answers 200 with the catalogs last read (a cache not evicted on delete) instead of 404.',
  },
});

type Obj = Record<string, unknown>;
const ARRAYS = ['presenter', 'contributor', 'subjects', 'presenters', 'contributors'];

/** Bug site (handlers/list.ts, the list body): the list text as a buggy serializer writes it. */
export function sectionListShape(ctx: Ctx, text: string): string {
  const { bug } = ctx.app;
  if (bug('list-empty-null') && text === '[]') return 'null';
  if (!bug('list-single-element-arrays-scalar')) return text;
  const list = JSON.parse(text) as Obj[] | null;
  if (!Array.isArray(list)) return text;
  for (const o of list) for (const k of ARRAYS) if (Array.isArray(o[k]) && (o[k] as unknown[]).length === 1) o[k] = (o[k] as unknown[])[0];
  return JSON.stringify(list);
}

/** Bug site (handlers/event.ts getEvent): the single event as a buggy serializer writes it. */
export function sectionGetShape(ctx: Ctx, text: string): string {
  const { bug } = ctx.app;
  const duration = bug('oldest-duration-string') && ctx.version === '1.0.0';
  const allowOnly = bug('get-withacl-allow-only');
  if (!duration && !allowOnly) return text;
  const o = JSON.parse(text) as Obj;
  if (duration && typeof o.duration === 'number') o.duration = String(o.duration);
  for (const k of ['acl', 'withacl']) if (allowOnly && Array.isArray(o[k])) o[k] = (o[k] as { allow?: boolean }[]).filter((e) => e.allow === true);
  return JSON.stringify(o);
}

const seen = new WeakMap<object, Map<string, Reply>>();

/** Bug site (handlers/metadata.ts getMetadata, before the lookup): the cached answer for a deleted event, if any. */
export function sectionMetadataGone(ctx: Ctx, type: string | undefined): Reply | undefined {
  if (!ctx.app.bug('metadata-get-deleted-cached') || type !== undefined || ctx.app.store.get(ctx.params[0])) return undefined;
  return seen.get(ctx.app)?.get(ctx.params[0]);
}

/** Bug site (handlers/metadata.ts getMetadata, after the answer): remembers the catalogs answered. */
export function sectionMetadataSeen(ctx: Ctx, type: string | undefined, reply: Reply): Reply {
  if (!ctx.app.bug('metadata-get-deleted-cached') || type !== undefined) return reply;
  const m = seen.get(ctx.app) ?? new Map<string, Reply>();
  m.set(ctx.params[0], reply);
  seen.set(ctx.app, m);
  return reply;
}

/**
 * Version-specific mutants (spec § Versioning: "1.1.0 | ... Endpoints GET and PUT
 * /api/events/{event_id}/scheduling"; "1.4.0 | Event field start is the bibliographic start"; "1.6.0 | DELETE of an
 * event retracts its publications first; status 202 is possible"; § Event (response object): "The earliest
 * description shows different member names"; § GET /api/events, offset). Bug sites: handlers/list.ts (sectionListBody,
 * via mutants/list-paging.ts sectionPaging), handlers/event.ts (sectionDelete), handlers/scheduling.ts (sectionSchedulingRoute).
 */
export const VERSION_FEATURE_MUTANTS = family({
  'list-oldest-names-1.1.0': {
    rule: 'events.list.schema',
    description: 'List items in 1.1.0 still use the oldest names presenters, contributors and start_time (the rename lands in 1.2.0; the single GET is right).',
    since: '1.1.0',
    until: '1.1.0',
  },
  'offset-page-in-1.1.0': {
    rule: 'events.list.offset-index',
    description: 'offset is still read as a page index (skip offset*limit) in 1.1.0; from 1.2.0 it is an item index.',
    since: '1.1.0',
    until: '1.1.0',
  },
  'list-start-technical': {
    rule: 'events.get.start-bibliographic',
    description: 'List items show the technical start as `start` also in 1.4.0+ (the single GET shows the bibliographic start).',
    since: '1.4.0',
  },
  'scheduling-endpoint-late': {
    rule: 'scheduling.get.status',
    description: 'GET and PUT /api/events/{id}/scheduling answer 404 in 1.1.0 (the endpoints arrive in 1.2.0).',
    since: '1.1.0',
    until: '1.1.0',
  },
});


/** Bug site (handlers/list.ts, the list body): the items as a buggy server shows them. */
export function sectionListBody(ctx: Ctx, text: string): string {
  const { bug } = ctx.app;
  const oldest = bug('list-oldest-names-1.1.0') && ctx.version === '1.1.0';
  const tech = bug('list-start-technical') && atLeast(ctx.version, '1.4.0');
  if (!oldest && !tech) return text;
  const list = JSON.parse(text) as Obj[];
  return JSON.stringify(list.map((o) => {
    if (tech && typeof o.identifier === 'string' && ctx.app.store.get(o.identifier)) o.start = isoSeconds(ctx.app.store.view(o.identifier).techStartMs);
    if (!oldest) return o;
    const { presenter, contributor, start, ...rest } = o;
    return { ...rest, presenters: presenter, contributors: contributor, start_time: start };
  }));
}

/** Bug site (handlers/scheduling.ts, both methods): the endpoints a 1.1.0 server does not have yet. */
export function sectionSchedulingRoute(ctx: Ctx): void {
  if (ctx.app.bug('scheduling-endpoint-late') && ctx.version === '1.1.0') throw notFound('no such endpoint');
}

/**
 * Mutants of the with* flags and of sign (spec § GET /api/events: "sign | boolean |
 * Sign public distribution URLs, if URL signing is turned on"; "withmetadata | Include the metadata catalogs";
 * "withpublications | Include publication identifiers and URLs"; "withscheduling | Include scheduling information";
 * § GET /api/events/{event_id}: "with the same meanings as for the list"). Bug sites: handlers/event.ts (getEvent's
 * body) and handlers/list.ts (flags, body). lifecycleGetBody also plants the publication_status and state mutants.
 */
export const WITH_FLAG_MUTANTS = family({
  'get-withpublications-signed-empty': {
    rule: 'events.get.withpublications',
    description: 'GET /api/events/{id}?withpublications=true&sign=true includes an empty publication list while URL signing is off (the signer returns null and unsigned publications are dropped).',
  },
  'list-withpublications-oldest-ignored': {
    rule: 'events.list.withpublications',
    description: 'In 1.0.0 only, GET /api/events ignores withpublications=true (the flag is wired for the 1.1.0+ list only; the single GET is right).',
    until: '1.0.0',
  },
  'list-withscheduling-stale': {
    rule: 'events.list.withscheduling',
    description: 'withscheduling=true on the list shows the schedule an event had before its first PUT …/scheduling (a copy kept in the list index is never refreshed); GET …/scheduling is right.',
    since: '1.1.0',
  },
  'get-withmetadata-latin1': {
    rule: 'events.get.withmetadata',
    description: 'withmetadata=true on the single GET renders the catalogs through an ISO-8859-1 path: non-ASCII values come out mangled ("Zürich" → "ZÃ¼rich"); GET /metadata is right.',
  },
});


function member(o: Obj, name: string): string | undefined {
  if (name in o) return name;
  if (`with${name}` in o) return `with${name}`;
  return undefined;
}

/** Bug site (handlers/event.ts getEvent): the single GET's body as a buggy server sends it. */
export function lifecycleGetBody(ctx: Ctx, text: string): string {
  const { bug, store } = ctx.app;
  const any = bug('get-withpublications-signed-empty') || bug('get-withmetadata-latin1') || bug('publication-status-oldest-empty')
    || bug('state-scheduled-after-put') || bug('state-queued-behind-other');
  if (!any) return text;
  const o = JSON.parse(text) as Obj;
  const rec = typeof o.identifier === 'string' ? store.get(o.identifier) : undefined;
  if (rec) o.processing_state = shownState(ctx, rec, o.processing_state);
  if (bug('publication-status-oldest-empty') && ctx.version === '1.0.0') o.publication_status = [];
  const pubs = member(o, 'publications');
  if (pubs && bug('get-withpublications-signed-empty') && isTrue(ctx.url.searchParams.get('sign'))) o[pubs] = [];
  const meta = member(o, 'metadata');
  if (meta && bug('get-withmetadata-latin1') && Array.isArray(o[meta])) {
    o[meta] = (o[meta] as Obj[]).map((c) => ({ ...c, fields: Array.isArray(c.fields) ? (c.fields as Obj[]).map((f) => ({ ...f, value: latin1Value(f.value) })) : c.fields }));
  }
  return JSON.stringify(o);
}

/** Bug site (handlers/list.ts): the with* flags of the list as a buggy server reads them. */
export function lifecycleListFlags(ctx: Ctx, flags: WithFlags): WithFlags {
  if (ctx.app.bug('list-withpublications-oldest-ignored') && !atLeast(ctx.version, '1.1.0')) return { ...flags, publications: false };
  return flags;
}

/** Bug site (handlers/list.ts): the list body as a buggy server sends it. */
export function lifecycleListBody(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('list-withscheduling-stale')) return text;
  let list: unknown;
  try { list = JSON.parse(text); } catch { return text; }
  if (!Array.isArray(list)) return text;
  for (const o of list as Obj[]) {
    const name = member(o, 'scheduling');
    const rec = typeof o.identifier === 'string' ? ctx.app.store.get(o.identifier) : undefined;
    const old = rec ? scheduleBeforePut(rec) : undefined;
    if (name && old) o[name] = schedulingObject(old, shapeStyle(ctx.app));
  }
  return JSON.stringify(list);
}

/**
 * Processing-state mutants (spec § States and transitions: "The field
 * processing_state of an event takes these values. INSTANTIATED | Scheduled to be recorded ... PAUSED | Paused,
 * waiting for a resource or paused by a user ..."). Bug site: mutants/event-body.ts lifecycleGetBody (the single GET);
 * the scheduling PUT records what these read (mutants/scheduling.ts lifecyclePutNext).
 */
export const PROCESSING_STATE_MUTANTS = family({
  'state-scheduled-after-put': {
    rule: 'events.get.processing-state',
    description: 'After a PUT …/scheduling the single GET shows processing_state "SCHEDULED" (the status enum\'s name) instead of INSTANTIATED; not a value of the States table.',
    since: '1.1.0',
  },
  'state-queued-behind-other': {
    rule: 'events.get.processing-state',
    description: 'An uploaded event whose processing waits behind an earlier event still RUNNING shows processing_state "QUEUED" (not a value of the States table; PAUSED means "waiting for a resource").',
    // Seen only while two uploads process at once: 50 ms of processing rarely overlaps on a busy 2-core machine.
    selftest: { processingDelayMs: 1_500 },
  },
});

/** Events whose schedule was changed by PUT …/scheduling, and the schedule each had before its first PUT. */
const rescheduled = new WeakMap<EventRecord, Schedule>();

/** Bug-site helper (mutants/scheduling.ts, on PUT …/scheduling): remembers the schedule before the first PUT. */
export function rememberPut(rec: EventRecord): void {
  if (rec.schedule && !rescheduled.has(rec)) rescheduled.set(rec, { ...rec.schedule });
}

/** The schedule event `rec` had before its first PUT …/scheduling; undefined when never PUT. */
export function scheduleBeforePut(rec: EventRecord): Schedule | undefined {
  return rescheduled.get(rec);
}

/** Bug site (via lifecycleGetBody): processing_state as a buggy server shows it on the single GET. */
export function shownState(ctx: Ctx, rec: EventRecord, state: unknown): unknown {
  const { bug, store } = ctx.app;
  if (bug('state-scheduled-after-put') && state === 'INSTANTIATED' && rescheduled.has(rec)) return 'SCHEDULED';
  if (bug('state-queued-behind-other') && state === 'RUNNING') {
    for (const other of store.values()) if (other.seq < rec.seq && other.processingState === 'RUNNING' && !other.schedule) return 'QUEUED';
  }
  return state;
}

/**
 * Version and response-member mutants (spec § Event (response object):
 * "language | string | Language (version 1.1.0 and above)", "series | string | Title of that series (version 1.1.0
 * and above)", "status | string | Technical status (version 1.1.0 and above)"; "Oldest variant of the event object
 * (list and single retrieval): the members are archive_version, created, creator, ..., has_previews, ..."; §
 * Versioning: "1.1.0 | Event fields language, rightsholder, license, is_part_of, series, source, status"). Bug sites:
 * handlers/list.ts (readBackListBody) and handlers/event.ts (readBackGetBody).
 */
export const VERSION_MEMBER_MUTANTS = family({
  'list-unset-strings-null': {
    rule: 'events.list.schema',
    description: 'List items (1.1.0+) send null instead of a string for the 1.1.0 text members an event has no value for (language, rightsholder, license, is_part_of, series, source): SQL NULLs serialized.',
    since: '1.1.0',
  },
  'oldest-list-no-has-previews': {
    rule: 'events.list.schema',
    description: 'List items in 1.0.0 lack the member has_previews (taken for a later addition); the single GET and later versions have it.',
    until: '1.0.0',
  },
  'get-1.1.0-no-status-series': {
    rule: 'events.get.schema',
    description: 'The single GET in 1.1.0 lacks the members status and series (they arrive one version late, in 1.2.0); the list is right.',
    since: '1.1.0',
    until: '1.1.0',
  },
});

const NULLABLE = ['language', 'rightsholder', 'license', 'is_part_of', 'series', 'source'];

/** Bug site (handlers/list.ts, the list body): the items as a buggy serializer writes them. */
export function readBackListBody(ctx: Ctx, text: string): string {
  const { bug } = ctx.app;
  const nulls = bug('list-unset-strings-null') && ctx.version !== '1.0.0';
  const previews = bug('oldest-list-no-has-previews') && ctx.version === '1.0.0';
  if (!nulls && !previews) return text;
  const list = JSON.parse(text) as Obj[] | null;
  if (!Array.isArray(list)) return text;
  for (const o of list) {
    if (nulls) for (const k of NULLABLE) if (o[k] === '') o[k] = null;
    if (previews) delete o.has_previews;
  }
  return JSON.stringify(list);
}

/** Bug site (handlers/event.ts getEvent): the single event as a buggy serializer writes it. */
export function readBackGetBody(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('get-1.1.0-no-status-series') || ctx.version !== '1.1.0') return text;
  const o = JSON.parse(text) as Obj;
  delete o.status;
  delete o.series;
  return JSON.stringify(o);
}

/**
 * Derived views after writes (spec § Filters: "agent_id | Capture agent identifier"; § Event:
 * "start | datetime | Technical start (versions below 1.4.0)"; § GET /api/events: "withacl | boolean | Include the
 * ACL"). Bug sites: mutants/sites.ts (list filters, single GET, list body); the writes remember what these
 * read (PUT …/scheduling and POST /api/events/{id}).
 */
export const DERIVED_VIEW_MUTANTS = family({
  'filter-agent-id-stale-after-put': {
    rule: 'events.list.filter.agent_id',
    description: 'agent_id:<v> matches the capture agent an event had before its first scheduling change (PUT …/scheduling or update): an event moved to agent ag2 is not found by agent_id:ag2.',
    since: '1.1.0',
  },
  'start-technical-stale-after-update': {
    rule: 'events.get.start-technical',
    description: 'Below 1.4.0 the single GET shows as start the technical start an event had before an update (POST /api/events/{id}) moved its schedule; GET …/scheduling shows the new start.',
    since: '1.1.0',
    until: '1.3.0',
  },
  'filter-start-stale-after-metadata': {
    rule: 'events.list.filter.start',
    description: 'start:<from>/<to> compares the start an event was created with: after PUT /metadata (or an update) moves startDate, the event is found in its old range and not in its new one.',
    since: '1.1.0',
  },
  'list-cache-ignores-flags': {
    rule: 'events.list.withacl',
    description: 'GET /api/events answers from a cache keyed by filter, sort, limit and offset only: after a plain list, the same list with withacl=true (or another with* flag) comes back without the ACL (until the next write).',
  },
});

/** The capture agent of an event before its first schedule change. */
const firstAgent = new WeakMap<EventRecord, string>();
/** The schedule of an event before its first update carrying a scheduling part. */
const beforeUpdate = new WeakMap<EventRecord, Schedule>();

/** Bug site (PUT …/scheduling and POST /api/events/{id} with a scheduling part): remembers the old values. */
export function derivedRescheduled(rec: EventRecord, byUpdate: boolean): void {
  if (!rec.schedule) return;
  if (!firstAgent.has(rec)) firstAgent.set(rec, rec.schedule.agentId);
  if (byUpdate && !beforeUpdate.has(rec)) beforeUpdate.set(rec, { ...rec.schedule });
}

/** The bibliographic start of each event as created. */
const createdStart = new WeakMap<EventRecord, number>();

/** Bug site (creation): remembers the start each new event has. */
export function derivedCreated(records: EventRecord[]): void {
  for (const r of records) createdStart.set(r, r.episode.startMs ?? r.schedule?.startMs ?? r.createdMs);
}

/** A filter group of start matching the start as created. */
function staleStart(ctx: Ctx, g: FilterGroup): FilterGroup {
  const { store } = ctx.app;
  const ranges = g.values.map((val) => parseRange('start', val));
  const start = (v: EventView) => {
    const rec = store.get(v.id);
    return (rec && createdStart.get(rec)) ?? v.bibStartMs;
  };
  const tests = ranges.map((r) => (v: EventView) => start(v) >= r.from && start(v) <= r.to);
  const match = g.any ? (v: EventView) => tests.some((t) => t(v)) : (v: EventView) => tests.every((t) => t(v));
  return { ...g, test: { label: 'start-stale', match } };
}

/** A filter group of agent_id matching the agent before the first change (of start: the start as created). */
export function derivedFilter(ctx: Ctx, g: FilterGroup): FilterGroup {
  const { bug, store } = ctx.app;
  if (bug('filter-start-stale-after-metadata') && g.name === 'start' && !g.test) return staleStart(ctx, g);
  if (!bug('filter-agent-id-stale-after-put') || g.name !== 'agent_id' || g.test) return g;
  const agent = (v: EventView) => {
    const rec = store.get(v.id);
    return (rec && firstAgent.get(rec)) ?? v.agentId;
  };
  const tests = g.values.map((val) => (v: EventView) => v.agentId !== '' && agent(v) === val);
  const match = g.any ? (v: EventView) => tests.some((t) => t(v)) : (v: EventView) => tests.every((t) => t(v));
  return { ...g, test: { label: 'agent-stale', match } };
}

/** The single event object as a buggy server shapes it. */
export function derivedGet(ctx: Ctx, rec: EventRecord, o: Record<string, unknown>): void {
  if (!ctx.app.bug('start-technical-stale-after-update') || !atLeast(ctx.version, '1.1.0') || atLeast(ctx.version, '1.4.0')) return;
  const old = beforeUpdate.get(rec);
  if (old && 'start' in o) o.start = isoSeconds(old.startMs);
}

/** Cached list answers per server: store revision and answer text by the (too short) key. */
const listCache = new WeakMap<object, { rev: number; byKey: Map<string, string> }>();

/** Bug site (the list body): a buggy cache answers what the same query without its flags answered. */
export function derivedListCache(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('list-cache-ignores-flags')) return text;
  const q = ctx.url.searchParams;
  const key = JSON.stringify([ctx.version, q.getAll('filter'), q.get('sort'), q.get('limit'), q.get('offset')]);
  let c = listCache.get(ctx.app);
  if (!c || c.rev !== ctx.app.store.rev) listCache.set(ctx.app, (c = { rev: ctx.app.store.rev, byKey: new Map() }));
  const hit = c.byKey.get(key);
  if (hit !== undefined) return hit;
  c.byKey.set(key, text);
  return text;
}

/**
 * Lists mixing states (spec § GET /api/events: "withscheduling | boolean | Include scheduling
 * information (version 1.1.0 and above)"; § Event: "publication_status | array[string] | Publications available for
 * the event"). Bug site: the list body (mutants/sites.ts), item by item in list order.
 */
export const MIXED_LIST_MUTANTS = family({
  'list-withscheduling-leaks': {
    rule: 'events.list.withscheduling',
    description: 'withscheduling=true on the list gives an unscheduled event listed after a scheduled one the scheduling of that previous event (a loop variable not reset); GET …/scheduling is right.',
    since: '1.1.0',
  },
  'list-publication-status-leaks': {
    rule: 'events.get.publication-status',
    description: 'In the list, an event without publications listed after a published one shows the previous event\'s publication_status (a loop variable not reset); the single GET is right.',
  },
});


/** List items (in order) as a buggy serializer loop fills them. */
export function mixingList(ctx: Ctx, items: Obj[]): void {
  const { bug } = ctx.app;
  const sched = bug('list-withscheduling-leaks') && atLeast(ctx.version, '1.1.0');
  const pubs = bug('list-publication-status-leaks');
  let lastSched: unknown = null;
  let lastPubs: unknown[] = [];
  for (const item of items) {
    if (sched && 'scheduling' in item) {
      if (item.scheduling === null) item.scheduling = lastSched;
      else lastSched = item.scheduling;
    }
    if (pubs && Array.isArray(item.publication_status)) {
      if (item.publication_status.length === 0) item.publication_status = lastPubs;
      else lastPubs = item.publication_status;
    }
  }
}

/**
 * Mutants whose member type drifts with the event's state (spec § Event (response object):
 * "presenter* | array[string] | Presenters", "publication_status | array[string] | Publications available for the
 * event"). Bug sites: the list and single-GET bodies (mutants/sites.ts).
 */
export const STATE_SHAPE_MUTANTS = family({
  'published-publication-status-string': {
    rule: 'events.list.schema',
    description: 'List items of a published event send publication_status as one comma-joined string ("engage-player") instead of an array of strings; unpublished events keep [].',
  },
  'scheduled-presenter-null': {
    rule: 'events.get.schema',
    description: 'The single GET of a scheduled event without presenters sends presenter null instead of [] (the scheduler\'s catalog has no creator element); uploaded events keep [].',
    since: '1.1.0',
  },
});


/** A list item as a buggy server shapes it. */
export function stateShapesListItem(ctx: Ctx, item: Obj): void {
  if (ctx.app.bug('published-publication-status-string') && Array.isArray(item.publication_status) && item.publication_status.length > 0) {
    item.publication_status = item.publication_status.join(',');
  }
}

/** The single event object as a buggy server shapes it. */
export function stateShapesGet(ctx: Ctx, rec: EventRecord, o: Obj): void {
  if (!ctx.app.bug('scheduled-presenter-null') || !atLeast(ctx.version, '1.1.0') || !rec.schedule) return;
  if (Array.isArray(o.presenter) && o.presenter.length === 0) o.presenter = null;
}

/**
 * Blind-spot class 2 of suites/DISCRIMINATING-DATA.md (members whose type drifts with the event's state): spec § Event (response object),
 * "has_previews | boolean | Whether the event can be opened with the video editor". Bug site: handlers/event.ts (the
 * single GET's body).
 */
export const PREVIEW_STATE_MUTANTS = family({
  'states-published-previews-string': {
    rule: 'events.get.schema',
    description: 'Once an event is published (it has publications), the single GET shows has_previews as a string ("true"/"false"), not a boolean; unpublished events are right.',
  },
});

/** Bug site (handlers/event.ts getEvent): the body of the single GET. */
export function blindSpotGetBody(ctx: Ctx, rec: EventRecord, text: string): string {
  if (!ctx.app.bug('states-published-previews-string') || rec.publications.length === 0) return text;
  const o = JSON.parse(text) as Record<string, unknown>;
  if (typeof o.has_previews === 'boolean') o.has_previews = String(o.has_previews);
  return JSON.stringify(o);
}

/**
 * Blind-spot class 8 of suites/DISCRIMINATING-DATA.md (every derived view, after every kind of write): spec § Event, "start | datetime | Technical start
 * (versions below 1.4.0)"; § Scheduling information, PUT …/scheduling "204 (updated)". Bug site: handlers/event.ts
 * (the view the single GET serializes).
 */
export const TECHNICAL_START_MUTANTS = family({
  'derived-technical-start-cached': {
    rule: 'events.get.start-technical',
    description: 'The single GET caches an event\'s technical start at its first read and never refreshes it: after PUT …/scheduling moves the recording, start (below 1.4.0) still shows the old start.',
  },
});

const firstSeen = new WeakMap<EventRecord, number>();

/** Bug site (handlers/event.ts getEvent): the technical start a buggy single GET shows, if it differs. */
export function blindSpotTechStart(ctx: Ctx, rec: EventRecord, v: EventView): Partial<EventView> | undefined {
  if (!ctx.app.bug('derived-technical-start-cached')) return undefined;
  const seen = firstSeen.get(rec);
  if (seen === undefined) {
    firstSeen.set(rec, v.techStartMs);
    return undefined;
  }
  return seen === v.techStartMs ? undefined : { techStartMs: seen };
}

/**
 * Blind-spot class 10 of suites/DISCRIMINATING-DATA.md (lists that mix states): spec § GET /api/events, "withscheduling | boolean | Include scheduling
 * information (version 1.1.0 and above)" — each event's own. Bug site: handlers/list.ts (the list body).
 */
export const MIXED_SCHEDULING_MUTANTS = family({
  'mixed-scheduling-from-previous': {
    rule: 'events.list.withscheduling',
    since: '1.1.0',
    description: 'With withscheduling=true, an unscheduled event in the list shows the scheduling of the scheduled event listed before it (a row buffer reused across events).',
  },
});

/** Bug site (handlers/list.ts, the list's JSON text): the list as a buggy serializer writes it. */
export function blindSpotListBody(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('mixed-scheduling-from-previous') || ctx.url.searchParams.get('withscheduling') !== 'true') return text;
  const list = JSON.parse(text) as unknown;
  if (!Array.isArray(list)) return text;
  let previous: unknown;
  for (const item of list as Obj[]) {
    const key = ['scheduling', 'withscheduling'].find((k) => k in item) ?? 'scheduling';
    const own = item[key];
    if (own && typeof own === 'object') previous = own;
    else if (previous !== undefined) item[key] = previous;
  }
  return JSON.stringify(list);
}
