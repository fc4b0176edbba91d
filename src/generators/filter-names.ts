import { API_VERSIONS, type ApiVersion } from '../model/index.js';

/**
 * The filters of GET /api/events as data (spec § GET /api/events, Filters table): name, first version,
 * multi-valued ("May occur multiple times") and range-valued (`<datetime>/<datetime>`).
 */
export interface FilterSpec {
  name: string;
  since: ApiVersion;
  multi?: boolean;
  range?: boolean;
  /**
   * The keyword that replaces this one ("series … From 1.1.0 use is_part_of instead."). A server may take the two
   * as one keyword (then from 1.5.0 they OR); what the pair means together is left open, so it is never generated.
   */
  supersededBy?: string;
}

export const FILTERS: readonly FilterSpec[] = [
  { name: 'contributors', since: '1.0.0', multi: true },
  { name: 'location', since: '1.0.0' },
  { name: 'series', since: '1.0.0', supersededBy: 'is_part_of' },
  { name: 'subject', since: '1.0.0' },
  { name: 'textFilter', since: '1.0.0' },
  { name: 'identifier', since: '1.1.0', multi: true },
  { name: 'title', since: '1.1.0' },
  { name: 'description', since: '1.1.0' },
  { name: 'series_name', since: '1.1.0' },
  { name: 'language', since: '1.1.0' },
  { name: 'created', since: '1.1.0' },
  { name: 'license', since: '1.1.0' },
  { name: 'rightsholder', since: '1.1.0' },
  { name: 'status', since: '1.1.0' },
  { name: 'is_part_of', since: '1.1.0' },
  { name: 'source', since: '1.1.0' },
  { name: 'agent_id', since: '1.1.0' },
  { name: 'start', since: '1.1.0', range: true },
  { name: 'technical_start', since: '1.1.0', range: true },
];

/** "from version 1.5.0, a comma-separated use of the same filter keyword is a logical OR" (spec § Filters). */
export const REPEAT_OR_SINCE: ApiVersion = '1.5.0';

export function atLeastVersion(v: ApiVersion, since: ApiVersion): boolean {
  return API_VERSIONS.indexOf(v) >= API_VERSIONS.indexOf(since);
}

/** Filter names valid in `version`. */
export function filterNamesFor(version: ApiVersion): string[] {
  return FILTERS.filter((f) => atLeastVersion(version, f.since)).map((f) => f.name);
}

export function filterSpec(name: string): FilterSpec | undefined {
  return FILTERS.find((f) => f.name === name);
}

/** Whether two keywords may stand for one (one supersedes the other): their combination has no settled meaning. */
export function sameKeyword(a: string, b: string): boolean {
  return a === b || filterSpec(a)?.supersededBy === b || filterSpec(b)?.supersededBy === a;
}

/** The sort criteria of GET /api/events (spec § Sort criteria), the same in every version. */
export const SORT_NAMES = [
  'title', 'presenter', 'start_date', 'end_date', 'review_status', 'workflow_state', 'scheduling_status', 'series_name', 'location',
] as const;
export type SortName = (typeof SORT_NAMES)[number];
