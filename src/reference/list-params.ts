import type { ApiVersion } from '../model/version.js';
import { INDEXED_FILTERS, type IndexedFilter } from './store.js';
import { isoSeconds, parseDateTime } from './time.js';
import { badRequest } from './types.js';
import { atLeast } from './version.js';
import type { EventView } from './view.js';

/** Query parameters of GET /api/events (spec § GET /api/events): filter, sort, limit, offset. */

export type FilterName = IndexedFilter | 'identifier' | 'textFilter' | 'start' | 'technical_start';

/** Filters of the oldest description (plus the undocumented `presenters`, docs/opencast-notes.md). */
const OLDEST = new Set(['contributors', 'location', 'series', 'subject', 'textFilter', 'presenters']);
const ALL = new Set<string>([...INDEXED_FILTERS, 'identifier', 'textFilter', 'start', 'technical_start', 'series']);
/** Multi-valued filters: a repeated keyword is always an OR ("May occur multiple times"). */
const ALWAYS_OR = new Set<FilterName>(['contributors', 'identifier', 'presenters']);

export interface FilterGroup {
  name: FilterName;
  values: string[];
  /** true: any value matches (OR); false: all values must match (AND). */
  any: boolean;
  /** Planted bugs only (fault point list.query): the match used instead of the filter's own; `label` keeps caches apart. */
  test?: { label: string; match: (v: EventView) => boolean };
}

export interface DateRange {
  from: number;
  to: number;
}

/** `<datetime>/<datetime>`, inclusive; 400 when malformed. */
export function parseRange(name: string, value: string): DateRange {
  const parts = value.split('/');
  const from = parts.length === 2 ? parseDateTime(parts[0]) : undefined;
  const to = parts.length === 2 ? parseDateTime(parts[1]) : undefined;
  if (from === undefined || to === undefined) {
    throw badRequest(`filter '${name}' must have the form <datetime>/<datetime>, got '${value}'`);
  }
  return { from, to };
}

/**
 * The created filter ("Created matches") compares instants: a datetime in any form the server shows (with
 * milliseconds or an offset, latitude choice datetime-format) finds the events created at that second.
 */
function sameInstant(value: string): string {
  const ms = parseDateTime(value);
  return ms === undefined ? value : isoSeconds(ms);
}

/** Whether `given` names a filter of `version` (1.0.0: the oldest description's; later: every filter). */
export function knownFilter(given: string, version: ApiVersion): boolean {
  return atLeast(version, '1.1.0') ? ALL.has(given) : OLDEST.has(given);
}

/** The multi-valued filters (contributors, identifier, presenters): a repeated keyword is always an OR. */
export function multiValued(name: FilterName): boolean {
  return ALWAYS_OR.has(name);
}

/** The parameters of GET /api/events as read, before they are parsed into a query (spec § GET /api/events). */
export interface ListParams {
  /** The `filter` parameters, each a comma-separated list of `<name>:<value>` entries. */
  filter: string[];
  sort: string | null;
  /** undefined = no limit. */
  limit?: number;
  /** As sent: an item index from 1.1.0, a page index in 1.0.0. */
  offset: number;
  /** An empty page whatever the filters (latitude choice limit-zero=none). */
  empty: boolean;
}

/** A filter entry as `[name, value]` (value = everything after the first ':'); undefined without a ':'. */
export function splitEntry(raw: string): [string, string] | undefined {
  let entry = raw;
  // A client (WordPress plugin) URL-encodes the entries twice: decode once more when no ':' is left.
  if (!entry.includes(':') && /%3a/i.test(entry)) {
    try { entry = decodeURIComponent(entry); } catch { /* keep as is */ }
  }
  const i = entry.indexOf(':');
  return i < 0 ? undefined : [entry.slice(0, i).trim(), entry.slice(i + 1)];
}

/**
 * Parses every `filter` parameter. Value = everything after the first ':'. Unknown names → 400 from 1.1.0;
 * 1.0.0 ignores unknown and 1.1.0-only names. Repeated keyword: OR from 1.5.0 (spec § Filters rule), AND below,
 * always OR for the multi-valued contributors/identifier/presenters. Different keywords are ANDed.
 */
export interface FilterLatitude {
  /** Latitude choice filter-repeat-below-1.5.0: how a repeated keyword combines below 1.5.0. */
  repeat?: 'per-keyword' | 'and' | 'or';
  /** Latitude choice unknown-filter=ignored. */
  unknownIgnored?: boolean;
}

export function parseFilters(params: string[], version: ApiVersion, lat: FilterLatitude = {}): FilterGroup[] {
  const strict = atLeast(version, '1.1.0');
  const newRule = atLeast(version, '1.5.0');
  const orRepeats = newRule || lat.repeat === 'or';
  const repeatOr = (name: FilterName) => orRepeats || (ALWAYS_OR.has(name) && (newRule || (lat.repeat ?? 'per-keyword') === 'per-keyword'));
  const groups = new Map<FilterName, FilterGroup>();
  for (const param of params) {
    for (const raw of param.split(',')) {
      if (raw.trim() === '') continue;
      const kv = splitEntry(raw);
      if (!kv) {
        if (strict) throw badRequest(`filter entry '${raw}' must have the form <name>:<value>`);
        continue;
      }
      const [given, value] = kv;
      if (!knownFilter(given, version)) {
        if (strict && !lat.unknownIgnored) throw badRequest(`unknown filter '${given}'`);
        continue;
      }
      const name = (given === 'series' ? 'is_part_of' : given) as FilterName;
      if (name === 'start' || name === 'technical_start') parseRange(name, value);
      const g = groups.get(name) ?? { name, values: [], any: repeatOr(name) };
      g.values.push(name === 'created' ? sameInstant(value) : value);
      groups.set(name, g);
    }
  }
  return [...groups.values()];
}

export type SortName =
  | 'title' | 'presenter' | 'start_date' | 'end_date' | 'workflow_state' | 'series_name' | 'location'
  | 'review_status' | 'scheduling_status' | 'technical_start' | 'technical_end';

export interface SortKey {
  name: SortName;
  desc: boolean;
  /** Planted bugs only (fault point list.query): the value sorted by instead of the criterion's own; `label` keeps caches apart. */
  by?: { label: string; value: (v: EventView) => string | number };
}

const SORT_NAMES: Record<string, SortName> = {
  title: 'title', presenter: 'presenter', start_date: 'start_date', date: 'start_date', end_date: 'end_date',
  workflow_state: 'workflow_state', series_name: 'series_name', location: 'location',
  review_status: 'review_status', scheduling_status: 'scheduling_status',
  technical_start: 'technical_start', technical_date: 'technical_start', technical_end: 'technical_end',
};

/**
 * `name:ASC|DESC[,...]`: the suffix is mandatory (spec § GET /api/events, sort); unknown name → 400. `exactSuffix`
 * (latitude choice sort-suffix-case=exact) accepts only ASC and DESC as written in the spec.
 */
export function parseSort(param: string | null, unknownIgnored = false, exactSuffix = false): SortKey[] {
  if (param === null || param.trim() === '') return [];
  const keys: SortKey[] = [];
  for (const raw of param.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const i = entry.lastIndexOf(':');
    if (i < 0) throw badRequest(`sort criterion '${entry}' lacks the suffix :ASC or :DESC`);
    const name = SORT_NAMES[entry.slice(0, i).trim()];
    const order = entry.slice(i + 1).trim().toUpperCase();
    if (!name && unknownIgnored) continue;
    if (!name) throw badRequest(`unknown sort criterion '${entry.slice(0, i)}'`);
    const written = entry.slice(i + 1).trim();
    if (exactSuffix && written !== 'ASC' && written !== 'DESC') throw badRequest(`sort criterion '${entry}' must end with :ASC or :DESC`);
    if (order !== 'ASC' && order !== 'DESC' && order !== 'ASCENDING' && order !== 'DESCENDING') {
      throw badRequest(`sort criterion '${entry}' must end with :ASC or :DESC`);
    }
    keys.push({ name, desc: order.startsWith('DESC') });
  }
  return keys;
}

/** An integer query parameter; undefined when absent or empty; 400 when not an integer. */
export function parseIntParam(name: string, value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (!/^\s*[+-]?\d+\s*$/.test(value)) throw badRequest(`parameter '${name}' must be an integer, got '${value}'`);
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw badRequest(`parameter '${name}' is out of range`);
  return n;
}
