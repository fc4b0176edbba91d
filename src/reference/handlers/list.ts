import type { Ctx, Reply } from '../app.js';
import { parseFilters } from '../list-params.js';
import { sortCriteria } from '../sort-criteria.js';
import { atLeast } from '../version.js';
import { withFlags } from './flags.js';
import { slowFilterScan } from '../mutants/load.js';
import { listLatitude, paging } from '../latitude/list.js';
import { shapeStyle } from '../latitude/shape.js';
import { filterBugs, filterParams } from '../mutants/spec-filter.js';
import { sortBugs } from '../mutants/spec-sort.js';
import { pagingBugs } from '../mutants/spec-paging.js';
import { listBody } from '../mutants/spec-events.js';
import { spec2Filters, spec2Sort } from '../mutants/spec2-list.js';
import { spec2Paging, spec2RunList } from '../mutants/spec2-paging.js';
import { spec2ListBody } from '../mutants/spec2-versions.js';
import { spec2ListShape } from '../mutants/spec2-shape.js';
import { spec3aListBody, spec3aListFlags } from '../mutants/spec3a-flags.js';
import { spec3bFilters, spec3bPaging, spec3bQuery } from '../mutants/spec3b-list.js';
import { spec3bListBody } from '../mutants/spec3b-versions.js';
import { blind4Offset } from '../mutants/blind4-numbers.js';
import { blind4Filters } from '../mutants/blind4-identity.js';
import { blind4ContributorFilters } from '../mutants/blind4-multivalue.js';
import { blind4ListBody } from '../mutants/blind4-mixed.js';
import { spec4Filters, spec4ListBody, spec4Skip } from '../mutants/spec4-sites.js';

/**
 * GET /api/events (spec § GET /api/events). limit absent/0/negative = no limit (opencast-reality.md);
 * offset: index of the first result from 1.1.0, page index (pages of size limit) in 1.0.0.
 */
export function listEvents(ctx: Ctx): Reply {
  const q = ctx.url.searchParams;
  const bug = ctx.app.bug;
  const lat = ctx.app.lat;
  const filterLat = { repeat: lat('filter-repeat-below-1.5.0'), unknownIgnored: lat('unknown-filter') === 'ignored' };
  const filters = blind4ContributorFilters(ctx, blind4Filters(ctx, spec4Filters(ctx, spec3bFilters(ctx, spec2Filters(ctx, filterBugs(ctx, q.getAll('filter'), parseFilters(filterParams(ctx, q.getAll('filter')), ctx.version, bug, filterLat)))))));
  let sort = spec2Sort(ctx, sortBugs(ctx, sortCriteria(q.get('sort'), bug, lat('unknown-sort') === 'ignored', lat('sort-suffix-case') === 'exact')));
  const page = paging(ctx);
  if (page.empty) return { status: 200, json: '[]' };
  const offset = blind4Offset(ctx, page.offset);
  let limit = page.limit;
  const pageIndex = atLeast(ctx.version, '1.1.0') ? bug('list-offset-page-always') : !bug('list-offset-index-always');
  let skip = spec4Skip(ctx, spec2Paging(ctx, pageIndex ? (limit === undefined ? 0 : offset * limit) : offset, limit, offset), limit, offset);
  ({ skip, limit, sort } = pagingBugs(ctx, { skip, limit, sort, offset }));
  ({ sort, limit } = spec3bPaging(ctx, { sort, limit, skip }));
  if (limit !== undefined && bug('list-limit-off-by-one')) limit += 1;
  if (filters.length > 0 && bug('slow-filter')) slowFilterScan(ctx.app.store);
  const text = spec2RunList(ctx, spec3bQuery(ctx, {
    // opencast-oldest-current-names: 1.0.0 list items in the later shape (presenter, contributor, start).
    version: ctx.version === '1.0.0' && bug('opencast-oldest-current-names') ? '1.1.0' : ctx.version,
    filters,
    sort,
    limit,
    skip,
    flags: spec3aListFlags(ctx, withFlags(q, bug, 'list', ctx.app)),
    style: shapeStyle(ctx.app),
    lat: listLatitude(ctx),
    caller: ctx.caller,
    bug,
    variant: bug('list-drops-created') ? { dropCreated: true } : undefined,
  }));
  return {
    status: bug('list-status-201') ? 201 : 200,
    json: bug('list-wrapped-object') ? `{"events":${text}}` : blind4ListBody(ctx, spec4ListBody(ctx, spec3bListBody(ctx, spec2ListShape(ctx, spec2ListBody(ctx, listBody(ctx, spec3aListBody(ctx, text))))))),
  };
}
