import type { Ctx } from '../app.js';
import type { FilterGroup, SortKey } from '../list-params.js';
import { runList, type ListQuery } from '../list-run.js';
import type { EventStore } from '../store.js';
import { family } from './types.js';
import type { EventParts } from '../event-parts.js';
import { badRequest } from '../types.js';
import { atLeast } from '../version.js';

/** The list paging family: planted bugs of GET /api/events offset and limit (rules events.list.offset*, events.list.limit, ...). */

/**
 * Paging and with* flag mutants (spec § GET /api/events: "limit | Maximum number of
 * results to return"; "offset | In the earlier descriptions: index of the first result to return. In the oldest
 * description: number of result sets (pages of size limit) to skip"; § Limits: "Pagination uses the limit and offset
 * query parameters"; "withacl | Include the ACL"; "withmetadata | Include the metadata catalogs"). Bug sites:
 * handlers/list.ts (sectionPaging, then sectionRunList around runList).
 */
export const PAGING_FLAG_MUTANTS = family({
  'offset-before-filter': {
    rule: 'events.list.offset-index',
    description: 'offset skips events of the unfiltered list before the filter is applied: a filtered page starts at the wrong event.',
    since: '1.1.0',
  },
  'limit-before-sort': {
    rule: 'events.list.pages',
    description: 'The page (offset, limit) is cut from the list in creation order and only then sorted: each page is sorted, the whole list is not.',
  },
  'offset-page-overlap': {
    rule: 'events.list.offset-page',
    description: '1.0.0 starts result set n at index n*limit-1: consecutive pages overlap by one event (an inclusive end index).',
    until: '1.0.0',
  },
  'offset-past-end-last-page': {
    rule: 'events.list.offset-index',
    description: 'An offset at or past the number of matching events is clamped: the last page is returned instead of [].',
    since: '1.1.0',
  },
  'list-flags-last-wins': {
    rule: 'events.list.withacl',
    description: 'With several with* flags on the list only the last one in the query string is honoured (an if/else chain).',
  },
  'list-withmetadata-episode-only': {
    rule: 'events.list.withmetadata',
    description: 'withmetadata=true on the list includes only the dublincore/episode catalog, not the event\'s other catalogs (the single GET is right).',
  },
});

/** Bug site (handlers/list.ts, after the correct skip is computed): skip as a buggy server computes it. */
export function sectionPaging(ctx: Ctx, skip: number, limit: number | undefined, offset: number): number {
  const { bug } = ctx.app;
  if (bug('offset-page-overlap') && ctx.version === '1.0.0' && limit !== undefined && offset > 0) return offset * limit - 1;
  if (bug('offset-page-in-1.1.0') && ctx.version === '1.1.0' && limit !== undefined) return offset * limit;
  return skip;
}

/** Identifiers of the events a query lists, in order. */
function ids(store: EventStore, q: ListQuery): string[] {
  return (JSON.parse(runList(store, q)) as { identifier: string }[]).map((e) => e.identifier);
}

function only(label: string, list: string[]): FilterGroup {
  const set = new Set(list);
  return { name: 'identifier', values: list, any: true, test: { label, match: (v) => set.has(v.id) } };
}

const FLAGS = ['withacl', 'withmetadata', 'withpublications', 'withscheduling'] as const;
const FLAG_KEY = { withacl: 'acl', withmetadata: 'metadata', withpublications: 'publications', withscheduling: 'scheduling' } as const;

/** The query a buggy server runs (the correct one when no spec2 paging mutant is on). */
function buggyQuery(ctx: Ctx, store: EventStore, q: ListQuery): ListQuery {
  const { bug } = ctx.app;
  const whole = (over: Partial<ListQuery>) => ids(store, { ...q, skip: 0, limit: undefined, ...over });
  if (bug('offset-before-filter') && q.skip > 0 && q.filters.length > 0) {
    const rest = whole({ filters: [] }).slice(q.skip);
    return { ...q, skip: 0, filters: [...q.filters, only('after-offset', rest)] };
  }
  if (bug('limit-before-sort') && q.sort.length > 0 && (q.limit !== undefined || q.skip > 0)) {
    const page = ids(store, { ...q, sort: [] });
    return { ...q, skip: 0, limit: undefined, filters: [...q.filters, only('page-first', page)] };
  }
  if (bug('offset-past-end-last-page') && q.skip > 0) {
    const total = whole({}).length;
    if (total > 0 && q.skip >= total) return { ...q, skip: Math.max(0, total - (q.limit ?? total)) };
  }
  if (bug('list-flags-last-wins')) {
    const on = [...ctx.url.searchParams.keys()].filter((k): k is (typeof FLAGS)[number] => (FLAGS as readonly string[]).includes(k) && q.flags[FLAG_KEY[k as (typeof FLAGS)[number]]]);
    if (on.length > 1) {
      const last = FLAG_KEY[on[on.length - 1]];
      return { ...q, flags: { acl: false, metadata: false, publications: false, scheduling: false, [last]: true } };
    }
  }
  return q;
}

/** Fault (list.query): the query a buggy server runs (the correct one when no paging mutant of this family is on). */
export function sectionListQuery(ctx: Ctx, q: ListQuery): ListQuery {
  return buggyQuery(ctx, ctx.app.listStore ?? ctx.app.store, q);
}

/** Fault (list.rows): with withmetadata, each row shows only its dublincore/episode catalog. */
export function sectionListRows(ctx: Ctx, rows: string[], q: ListQuery): string[] {
  if (!ctx.app.bug('list-withmetadata-episode-only') || !q.flags.metadata) return rows;
  return rows.map((row) => {
    const o = JSON.parse(row) as Record<string, unknown>;
    for (const k of ['metadata', 'withmetadata']) {
      const m = o[k];
      if (Array.isArray(m)) o[k] = m.filter((c: { flavor?: string }) => c.flavor === 'dublincore/episode');
    }
    return JSON.stringify(o);
  });
}

/**
 * Machine-boundary mutants (spec § GET /api/events: "offset | integer | In the earlier
 * descriptions: index of the first result to return. In the oldest description: number of result sets (pages of size
 * limit) to skip"; § Scheduling information: "duration | ... | integer | Duration of the recording in milliseconds").
 * Bug sites: handlers/list.ts (discriminatingSkip), handlers/create.ts (discriminatingCreateParts, via mutants/sites.ts).
 */
export const MACHINE_NUMBER_MUTANTS = family({
  'offset-int32-wrap': {
    rule: 'events.list.offset-index',
    description: 'offset is read as a 32-bit integer (`n | 0`): offset=4294967296 wraps to 0 and the first events are listed instead of [].',
    since: '1.1.0',
  },
  'offset-page-product-int32': {
    rule: 'events.list.offset-page',
    description: 'In 1.0.0 the index of result set `offset` is computed in 32 bits (`(offset * limit) | 0`): limit=2&offset=2147483648 wraps to index 0 and answers the first set instead of [].',
    until: '1.0.0',
  },
  'schedule-duration-int32': {
    rule: 'events.create.schedule-duration',
    description: 'The scheduling duration (milliseconds) of a creation is stored in a 32-bit int: 4298567296 ms (49.7 days + 1 h) wraps to 3600000 and the recording ends after one hour.',
    since: '1.1.0',
  },
});

/** Bug site (handlers/list.ts, after the skip is computed): the number of items a buggy server skips. */
export function numbersSkip(ctx: Ctx, skip: number, limit: number | undefined, offset: number): number {
  const { bug } = ctx.app;
  if (bug('offset-int32-wrap') && atLeast(ctx.version, '1.1.0')) return Math.max(0, offset | 0);
  if (bug('offset-page-product-int32') && !atLeast(ctx.version, '1.1.0') && limit !== undefined) return Math.max(0, (offset * limit) | 0);
  return skip;
}

/** Bug site (handlers/create.ts, after parsing): the scheduling duration as a buggy server stores it. */
export function numbersCreateParts(ctx: Ctx, parts: EventParts): void {
  const s = parts.scheduling;
  if (!ctx.app.bug('schedule-duration-int32') || s?.durationMs === undefined) return;
  s.durationMs = s.durationMs | 0;
  if (s.durationMs <= 0) throw badRequest(`scheduling 'duration' must be a positive number of milliseconds`);
}

/**
 * Blind-spot class 1 of suites/DISCRIMINATING-DATA.md (numbers at machine boundaries, for every numeric parameter): spec § GET /api/events, "offset |
 * integer | ... index of the first result to return" (the oldest description: the page index). Bug site:
 * handlers/list.ts (the offset the list uses).
 */
export const OFFSET_NUMBER_MUTANTS = family({
  'numbers-offset-int32': {
    rule: 'events.list.offset-index',
    since: '1.1.0',
    description: 'offset is read as a 32-bit integer (`n | 0`): offset=4294967297 wraps to 1 and the page starts at the second event instead of being empty.',
  },
});

/** Bug site (handlers/list.ts, the offset parsed from the query): the offset as a 32-bit server reads it. */
export function blindSpotOffset(ctx: Ctx, offset: number): number {
  if (!ctx.app.bug('numbers-offset-int32')) return offset;
  const n = offset | 0;
  return n > 0 ? n : 0;
}

/**
 * Paging mutants written from the spec alone (spec § GET /api/events: "limit | Maximum number of results to return";
 * "offset | In the earlier descriptions: index of the first result to return. In the oldest description: number of
 * result sets (pages of size limit) to skip (0 is the first set, 1 the second, and so on)"; § Limits: "Pagination
 * uses the limit and offset query parameters"). Bug site: handlers/list.ts passes skip/limit/sort through pagingBugs.
 */
export const SPEC_PAGING_MUTANTS = family({
  'offset-page-from-one': {
    rule: 'events.list.offset-page',
    description: '1.0.0 counts result sets from 1 (offset=1 is the first page, offset=2 the second): every page is one set early.',
    until: '1.0.0',
  },
  'offset-index-from-one': {
    rule: 'events.list.offset-index',
    description: 'offset is read as a 1-based index (offset=1 starts at the first event): every page starts one event early.',
    since: '1.1.0',
  },
  'limit-ignored-with-offset': {
    rule: 'events.list.limit',
    description: 'limit is ignored when offset is not 0: every page after the first runs to the end of the list.',
  },
  'limit-one-unlimited': {
    rule: 'events.list.limit',
    description: 'limit=1 is treated like no limit (the check is `limit > 1` instead of `limit > 0`): every event is listed.',
  },
});

export interface Paging {
  skip: number;
  limit: number | undefined;
  sort: SortKey[];
}

/** Bug site (handlers/list.ts): skip, limit and sort as a buggy server computes them from offset and limit. */
export function pagingBugs(ctx: Ctx, p: Paging & { offset: number }): Paging {
  const { bug } = ctx.app;
  const { offset } = p;
  let { skip, limit, sort } = p;
  if (bug('offset-page-from-one') && ctx.version === '1.0.0' && limit !== undefined) skip = Math.max(0, offset - 1) * limit;
  if (bug('offset-index-from-one') && ctx.version !== '1.0.0') skip = Math.max(0, offset - 1);
  if (bug('limit-ignored-with-offset') && offset > 0) limit = undefined;
  if (bug('limit-one-unlimited') && limit === 1) limit = undefined;
  // Latitude unsorted-pages (no bug: an unsorted list has no defined order, so its pages need not follow one).
  if (ctx.app.lat('unsorted-pages') === 'later-by-identifier' && skip > 0 && sort.length === 0) {
    sort = [{ name: 'title', desc: false, by: { label: 'identifier', value: (v) => v.id } }];
  }
  return { skip, limit, sort };
}
