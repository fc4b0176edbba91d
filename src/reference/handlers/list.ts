import type { Ctx, Reply } from '../app.js';
import { parseFilters, parseSort, type FilterParseHooks } from '../list-params.js';
import { atLeast } from '../version.js';
import { withFlags } from './flags.js';
import { hook } from '../hooks.js';
import { runList, type ListRunHooks } from '../list-run.js';
import { listLatitude, paging } from '../latitude/list.js';
import { shapeStyle } from '../latitude/shape.js';

/** The hook points parseFilters asks. */
function filterHooks(ctx: Ctx): FilterParseHooks {
  const h = hook(ctx).listFilters;
  return {
    orRepeats: (or) => h.orRepeats(ctx, or),
    unknownRefused: (refused, given) => h.unknownRefused(ctx, refused, given),
    dropped: (dropped, given) => h.dropped(ctx, dropped, given),
    repeatRefused: (refused, given) => h.repeatRefused(ctx, refused, given),
    repeatLast: (e) => h.repeatLast(ctx, false, e),
  };
}

/** The hook points runList asks. */
function runHooks(ctx: Ctx): ListRunHooks {
  const h = hook(ctx);
  return {
    needle: (lower, sent) => h.listFilters.needle(ctx, lower, sent),
    startOutside: () => h.listFilters.startOutside(ctx, false),
    groupsOred: () => h.listFilters.groupsOred(ctx, false),
    listed: (rec, caller) => h.authorize.listed(ctx, false, { rec, caller }),
    answered: (page, q) => h.listPaging.answered(ctx, page, q),
  };
}

/**
 * GET /api/events (spec § GET /api/events). limit absent/0/negative = no limit (docs/opencast-notes.md);
 * offset: index of the first result from 1.1.0, page index (pages of size limit) in 1.0.0.
 */
export function listEvents(ctx: Ctx): Reply {
  const q = ctx.url.searchParams;
  const lat = ctx.app.lat;
  const filterLat = { repeat: lat('filter-repeat-below-1.5.0'), unknownIgnored: lat('unknown-filter') === 'ignored' };
  const filters = hook(ctx).listFilters.groups(ctx, parseFilters(hook(ctx).listFilters.params(ctx, q.getAll('filter')), ctx.version, filterLat, filterHooks(ctx)), q.getAll('filter'));
  // Latitude choices unknown-sort=ignored (unknown criteria dropped, not 400) and sort-suffix-case=exact (only ASC and DESC).
  const sortParam = hook(ctx).listSort.param(ctx, q.get('sort'));
  let sort = hook(ctx).listSort.keys(ctx, parseSort(sortParam, lat('unknown-sort') === 'ignored', lat('sort-suffix-case') === 'exact'));
  const page = paging(ctx);
  if (page.empty) return { status: 200, json: '[]' };
  const offset = hook(ctx).listPaging.offset(ctx, page.offset);
  let limit = page.limit;
  const pageIndex = hook(ctx).listPaging.pageIndex(ctx, !atLeast(ctx.version, '1.1.0'));
  let skip = hook(ctx).listPaging.skip(ctx, pageIndex ? (limit === undefined ? 0 : offset * limit) : offset, { limit, offset });
  ({ skip, limit, sort } = hook(ctx).listPaging.page(ctx, { skip, limit, sort, offset }));
  hook(ctx).listFilters.scan(ctx, filters);
  const query = hook(ctx).listQuery.query(ctx, {
    version: ctx.version,
    filters,
    sort,
    limit,
    skip,
    flags: hook(ctx).listQuery.flags(ctx, withFlags(q, ctx.app, ctx)),
    style: shapeStyle(ctx.app),
    lat: listLatitude(ctx),
    caller: ctx.caller,
    hooks: runHooks(ctx),
    variant: undefined,
  });
  const text = hook(ctx).listQuery.run(ctx, undefined, query) ?? runList(ctx.app.listStore ?? ctx.app.store, query);
  return hook(ctx).listReply(ctx, { status: 200, json: hook(ctx).listBody(ctx, text) }, text);
}
