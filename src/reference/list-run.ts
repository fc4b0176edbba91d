import type { ApiVersion } from '../model/version.js';
import { canRead } from './auth.js';
import { parseRange, type FilterGroup, type SortKey } from './list-params.js';
import { eventJson, type SerializeVariant, type ShapeStyle, type WithFlags } from './serialize.js';
import { DEFAULT_LIST_LATITUDE, type ListLatitude } from './latitude/list.js';
import { matchPredicate, orderComparator, workflowSortValue } from './latitude/list-order.js';
import type { EventStore, IndexedFilter } from './store.js';
import type { Caller, EventRecord } from './types.js';
import type { EventView } from './view.js';

/** Executes a list query against the indexed store (spec § GET /api/events). */

export interface ListQuery {
  version: ApiVersion;
  filters: FilterGroup[];
  sort: SortKey[];
  /** undefined = no limit. */
  limit?: number;
  /** Number of items to skip. */
  skip: number;
  flags: WithFlags;
  caller: Caller;
  variant?: SerializeVariant;
  /** Where planted bugs change the run (fault points, handed in by handlers/list.ts); absent = correct. */
  hooks?: ListRunHooks;
  /** Legal response shapes (latitude mode). */
  style?: ShapeStyle;
  /** Legal filter and order readings (latitude mode); absent = the defaults. */
  lat?: ListLatitude;
}

/** The fault points runList asks (authorize, list.rows). */
export interface ListRunHooks {
  /** Is an item listed to a caller who is no administrator (absent: when the caller may read it)? */
  listed?: (rec: EventRecord, caller: Caller) => boolean;
  /** The rows of the page as answered (JSON texts). */
  rows?: (page: string[], q: ListQuery) => string[];
}

/** Code-point order of two strings (UTF-16 units remapped so that surrogates sort above U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800) x += x <= 0xdfff ? 0x2000 : -0x800;
    if (y >= 0xd800) y += y <= 0xdfff ? 0x2000 : -0x800;
    return x - y;
  }
  return a.length - b.length;
}

function sortValue(k: SortKey, v: EventView, lat: ListLatitude): string | number | undefined {
  if (k.by) return k.by.value(v);
  // technical-start-unscheduled=created: the start the version reports (technical below 1.4.0).
  const start = lat.sortByReportedStart ? v.techStartMs : v.bibStartMs;
  switch (k.name) {
    case 'title': return v.title;
    case 'presenter': return v.presenters[0] ?? '';
    case 'start_date': return start;
    case 'end_date': return start + v.durationMs;
    case 'workflow_state': return workflowSortValue(v.processingState, lat);
    case 'series_name': return v.series;
    case 'location': return v.location;
    case 'technical_start': return v.techStartMs;
    case 'technical_end': return v.techEndMs;
    default: return undefined; // review_status, scheduling_status: accepted, no order
  }
}

/**
 * Comparator: criteria in the given order, ties broken by identifier (latitude: sort-collation compares text
 * case-insensitively first; sort-ties breaks ties by insertion order instead).
 */
export function comparator(keys: SortKey[], lat: ListLatitude = DEFAULT_LIST_LATITUDE): (a: EventView, b: EventView) => number {
  const text = lat.collation === 'case-insensitive'
    ? (x: string, y: string) => compareCodePoints(x.toLowerCase(), y.toLowerCase()) || compareCodePoints(x, y)
    : compareCodePoints;
  const tie = orderComparator(lat.ties);
  return (a, b) => {
    for (const k of keys) {
      const x = sortValue(k, a, lat);
      const y = sortValue(k, b, lat);
      if (x === undefined || y === undefined || x === y) continue;
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : text(String(x), String(y));
      if (c !== 0) return k.desc ? -c : c;
    }
    return tie(a, b);
  };
}

function indexedSet(store: EventStore, g: FilterGroup, lat: ListLatitude = DEFAULT_LIST_LATITUDE): ReadonlySet<string> | undefined {
  if (g.test || g.name === 'textFilter' || g.name === 'start' || g.name === 'technical_start') return undefined;
  if (matchPredicate(g, lat)) return undefined;
  const sets = g.values.map((val): ReadonlySet<string> =>
    g.name === 'identifier' ? new Set(store.get(val) ? [val] : []) : store.lookup(g.name as IndexedFilter, val),
  );
  if (sets.length === 1) return sets[0];
  if (g.any) {
    const out = new Set<string>();
    for (const s of sets) for (const id of s) out.add(id);
    return out;
  }
  return intersect(sets);
}

function intersect(sets: ReadonlySet<string>[]): ReadonlySet<string> {
  const sorted = [...sets].sort((a, b) => a.size - b.size);
  const out = new Set<string>();
  for (const id of sorted[0]) if (sorted.every((s) => s.has(id))) out.add(id);
  return out;
}

type Pred = (v: EventView) => boolean;

function predicateOf(g: FilterGroup, lat: ListLatitude = DEFAULT_LIST_LATITUDE): Pred | undefined {
  if (g.test) return g.test.match;
  let tests: Pred[];
  const matching = matchPredicate(g, lat);
  if (matching) tests = g.values.map(matching);
  else if (g.name === 'textFilter') {
    tests = g.values.map((val) => {
      const needle = val.toLowerCase();
      return (v: EventView) => v.fullText.includes(needle);
    });
  } else if (g.name === 'start' || g.name === 'technical_start') {
    const tech = g.name === 'technical_start';
    tests = g.values.map((val) => {
      const r = parseRange(g.name, val);
      return (v: EventView) => {
        const t = tech ? v.techStartMs : v.bibStartMs;
        return t >= r.from && (lat.startBounds === 'exclusive-end' ? t < r.to : t <= r.to);
      };
    });
  } else return undefined;
  return g.any ? (v) => tests.some((t) => t(v)) : (v) => tests.every((t) => t(v));
}

/** Whether an event matches one filter group as the list runs it (for planted bugs that combine groups otherwise). */
export function groupMatch(store: EventStore, g: FilterGroup, lat?: ListLatitude): Pred {
  const p = predicateOf(g, lat);
  if (p) return p;
  const set = indexedSet(store, g, lat)!;
  return (v) => set.has(v.id);
}

function candidates(store: EventStore, filters: FilterGroup[], lat?: ListLatitude): ReadonlySet<string> | undefined {
  const sets = filters.map((g) => indexedSet(store, g, lat)).filter((s): s is ReadonlySet<string> => s !== undefined);
  if (sets.length === 0) return undefined;
  return sets.length === 1 ? sets[0] : intersect(sets);
}

/** A sort criterion as a cache key part (`by`: a planted bug's value, kept apart by its label). */
function sortKeyText(k: SortKey): string {
  return `${k.name}${k.by ? `@${k.by.label}` : ''}:${k.desc ? 'D' : 'A'}`;
}

/** All ids in the order of `keys`, cached per store revision. */
function globalOrder(store: EventStore, keys: SortKey[], lat?: ListLatitude): string[] {
  const cacheKey = keys.map(sortKeyText).join(',') || 'default-order';
  let ids = store.sortCache.get(cacheKey);
  if (!ids) {
    const views = [...store.values()].map((r) => store.view(r.id));
    ids = views.sort(keys.length > 0 ? comparator(keys, lat) : orderComparator(lat?.defaultOrder ?? 'insertion')).map((v) => v.id);
    store.sortCache.set(cacheKey, ids);
  }
  return ids;
}

/**
 * A small filtered set in result order (insertion order without sort), cached per store revision like
 * globalOrder: the load stage asks the same query thousands of times between writes.
 */
function smallOrder(store: EventStore, q: ListQuery, set: ReadonlySet<string>): string[] {
  const key = `filtered:${JSON.stringify(q.filters.map((g) => [g.name, g.any, g.values, g.test?.label]))}:${q.sort.map(sortKeyText).join(',')}`;
  let ids = store.sortCache.get(key);
  if (!ids) {
    ids = q.sort.length === 0
      ? [...set].map((id) => store.view(id)).sort(orderComparator(q.lat?.defaultOrder ?? 'insertion')).map((v) => v.id)
      : [...set].map((id) => store.view(id)).sort(comparator(q.sort, q.lat)).map((v) => v.id);
    if (store.sortCache.size >= 256) store.sortCache.clear();
    store.sortCache.set(key, ids);
  }
  return ids;
}

/** Ids in result order (before paging). Yields lazily so that a limit stops the walk early. */
function* ordered(store: EventStore, q: ListQuery): Generator<EventView> {
  const set = candidates(store, q.filters, q.lat);
  const small = set !== undefined && set.size * 16 < store.count();
  if (small) {
    for (const id of smallOrder(store, q, set)) yield store.view(id);
    return;
  }
  if (q.sort.length === 0 && (q.lat?.defaultOrder ?? 'insertion') === 'insertion') {
    for (const r of store.values()) if (!set || set.has(r.id)) yield store.view(r.id);
    return;
  }
  for (const id of globalOrder(store, q.sort, q.lat)) if (!set || set.has(id)) yield store.view(id);
}

/** Answers of at most this many characters are cached. */
const CACHED_LIST_CHARS = 1 << 18;

/**
 * Runs the query; returns the JSON array text. An administrator's answer is cached until the next write
 * (every list-visible change goes through store.commit/remove, like the per-record JSON cache).
 */
export function runList(store: EventStore, query: ListQuery): string {
  if (!query.caller.admin) return computeList(store, query);
  const q = query;
  const key = JSON.stringify([q.version, q.filters, q.sort, q.limit ?? null, q.skip, q.flags, q.variant ?? null, q.style ?? null, q.lat ?? null]);
  const hit = store.listCache.get(key);
  if (hit !== undefined) return hit;
  const text = computeList(store, query);
  if (text.length <= CACHED_LIST_CHARS) {
    if (store.listCache.size >= 256) store.listCache.clear();
    store.listCache.set(key, text);
  }
  return text;
}

function computeList(store: EventStore, q: ListQuery): string {
  const hooks = q.hooks ?? {};
  const preds = q.filters.map((g) => predicateOf(g, q.lat)).filter((p): p is Pred => p !== undefined);
  if (preds.length === 0 && q.caller.admin && q.filters.length === 0 && q.sort.length > 0 && store.hidden.size === 0) {
    // Fast path (deep pages of a sorted, unfiltered list): slice the cached order.
    const ids = globalOrder(store, q.sort, q.lat).slice(q.skip, q.limit === undefined ? undefined : q.skip + q.limit);
    return '[' + answered(ids.map((id) => eventJson(store.get(id)!, store.view(id), q.version, q.flags, q.variant, q.style)), q).join(',') + ']';
  }
  const parts: string[] = [];
  let skipped = 0;
  for (const v of ordered(store, q)) {
    if (q.limit !== undefined && parts.length >= q.limit) break;
    if (store.hidden.has(v.id) || !preds.every((p) => p(v))) continue;
    const rec = store.get(v.id)!;
    if (!q.caller.admin && !(hooks.listed ? hooks.listed(rec, q.caller) : canRead(rec, q.caller))) continue;
    if (skipped < q.skip) { skipped++; continue; }
    parts.push(eventJson(rec, v, q.version, q.flags, q.variant, q.style));
  }
  return '[' + answered(parts, q).join(',') + ']';
}

/** The rows of a page as answered (fault point list.rows). */
function answered(page: string[], q: ListQuery): string[] {
  return q.hooks?.rows ? q.hooks.rows(page, q) : page;
}
