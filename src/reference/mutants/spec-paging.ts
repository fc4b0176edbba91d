import type { Ctx } from '../app.js';
import type { SortKey } from '../list-params.js';
import { family } from './types.js';

/**
 * Paging mutants written from the spec alone (spec § GET /api/events: "limit | Maximum number of results to return";
 * "offset | In the earlier descriptions: index of the first result to return. In the oldest description: number of
 * result sets (pages of size limit) to skip (0 is the first set, 1 the second, and so on)"; § Limits: "Pagination
 * uses the limit and offset query parameters"). Bug site: handlers/list.ts passes skip/limit/sort through pagingBugs.
 */
export const SPEC_PAGING_MUTANTS = family({
  'spec-offset-page-from-one': {
    rule: 'events.list.offset-page',
    description: '1.0.0 counts result sets from 1 (offset=1 is the first page, offset=2 the second): every page is one set early.',
    until: '1.0.0',
  },
  'spec-offset-index-from-one': {
    rule: 'events.list.offset-index',
    description: 'offset is read as a 1-based index (offset=1 starts at the first event): every page starts one event early.',
    since: '1.1.0',
  },
  'spec-limit-ignored-with-offset': {
    rule: 'events.list.limit',
    description: 'limit is ignored when offset is not 0: every page after the first runs to the end of the list.',
  },
  'spec-limit-one-unlimited': {
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
  if (bug('spec-offset-page-from-one') && ctx.version === '1.0.0' && limit !== undefined) skip = Math.max(0, offset - 1) * limit;
  if (bug('spec-offset-index-from-one') && ctx.version !== '1.0.0') skip = Math.max(0, offset - 1);
  if (bug('spec-limit-ignored-with-offset') && offset > 0) limit = undefined;
  if (bug('spec-limit-one-unlimited') && limit === 1) limit = undefined;
  // Latitude unsorted-pages (no bug: an unsorted list has no defined order, so its pages need not follow one).
  if (ctx.app.lat('unsorted-pages') === 'later-by-identifier' && skip > 0 && sort.length === 0) {
    sort = [{ name: 'title', desc: false, by: { label: 'identifier', value: (v) => v.id } }];
  }
  return { skip, limit, sort };
}
