import type { Ctx } from '../app.js';
import { parseRange, type FilterGroup } from '../list-params.js';
import { isoSeconds } from '../time.js';
import type { EventRecord, Schedule } from '../types.js';
import { atLeast } from '../version.js';
import type { EventView } from '../view.js';
import { family } from './types.js';

/**
 * Derived views after writes, fourth spec-only round (spec § Filters: "agent_id | Capture agent identifier"; § Event:
 * "start | datetime | Technical start (versions below 1.4.0)"; § GET /api/events: "withacl | boolean | Include the
 * ACL"). Bug sites: mutants/spec4-sites.ts (list filters, single GET, list body); the writes remember what these
 * read (PUT …/scheduling and POST /api/events/{id}).
 */
export const SPEC4_DERIVED_MUTANTS = family({
  'spec4-filter-agent-id-stale-after-put': {
    rule: 'events.list.filter.agent_id',
    description: 'agent_id:<v> matches the capture agent an event had before its first scheduling change (PUT …/scheduling or update): an event moved to agent ag2 is not found by agent_id:ag2.',
    since: '1.1.0',
  },
  'spec4-start-technical-stale-after-update': {
    rule: 'events.get.start-technical',
    description: 'Below 1.4.0 the single GET shows as start the technical start an event had before an update (POST /api/events/{id}) moved its schedule; GET …/scheduling shows the new start.',
    since: '1.1.0',
    until: '1.3.0',
  },
  'spec4-filter-start-stale-after-metadata': {
    rule: 'events.list.filter.start',
    description: 'start:<from>/<to> compares the start an event was created with: after PUT /metadata (or an update) moves startDate, the event is found in its old range and not in its new one.',
    since: '1.1.0',
  },
  'spec4-list-cache-ignores-flags': {
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
  if (bug('spec4-filter-start-stale-after-metadata') && g.name === 'start' && !g.test) return staleStart(ctx, g);
  if (!bug('spec4-filter-agent-id-stale-after-put') || g.name !== 'agent_id' || g.test) return g;
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
  if (!ctx.app.bug('spec4-start-technical-stale-after-update') || !atLeast(ctx.version, '1.1.0') || atLeast(ctx.version, '1.4.0')) return;
  const old = beforeUpdate.get(rec);
  if (old && 'start' in o) o.start = isoSeconds(old.startMs);
}

/** Cached list answers per server: store revision and answer text by the (too short) key. */
const listCache = new WeakMap<object, { rev: number; byKey: Map<string, string> }>();

/** Bug site (the list body): a buggy cache answers what the same query without its flags answered. */
export function derivedListCache(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('spec4-list-cache-ignores-flags')) return text;
  const q = ctx.url.searchParams;
  const key = JSON.stringify([ctx.version, q.getAll('filter'), q.get('sort'), q.get('limit'), q.get('offset')]);
  let c = listCache.get(ctx.app);
  if (!c || c.rev !== ctx.app.store.rev) listCache.set(ctx.app, (c = { rev: ctx.app.store.rev, byKey: new Map() }));
  const hit = c.byKey.get(key);
  if (hit !== undefined) return hit;
  c.byKey.set(key, text);
  return text;
}
