import type { Ctx, Reply } from '../app.js';
import { parseFilters, parseSort, type ListParams } from '../list-params.js';
import { atLeast } from '../version.js';
import { withFlags } from './flags.js';
import { hook } from '../hooks.js';
import { canRead } from '../auth.js';
import { runList, type ListQuery } from '../list-run.js';
import { listLatitude, paging } from '../latitude/list.js';
import { shapeStyle } from '../latitude/shape.js';

/**
 * GET /api/events (spec § GET /api/events): the parameters are read, parsed into one query, the query runs, its
 * page is the answer. A planted bug changes the parameters as read, the query before it runs, or the rows after
 * (fault point `list`), or the reply out (`response`, server.ts).
 */
export function listEvents(ctx: Ctx): Reply {
  const faults = hook(ctx).list;
  const params = faults.asked(ctx, listParams(ctx));
  const query = faults.query(ctx, listQuery(ctx, params), params);
  if (params.empty) return { status: 200, json: '[]' };
  return { status: 200, json: runList(ctx.app.listStore ?? ctx.app.store, query) };
}

/**
 * The parameters as read: `filter` (repeatable), `sort`, and limit and offset (latitude/list.ts: limit absent, 0 or
 * negative = no limit, docs/opencast-notes.md).
 */
function listParams(ctx: Ctx): ListParams {
  const q = ctx.url.searchParams;
  const { limit, offset, empty } = paging(ctx);
  return { filter: q.getAll('filter'), sort: q.get('sort'), ...(limit === undefined ? {} : { limit }), offset, empty };
}

/** The query the parameters ask for. */
function listQuery(ctx: Ctx, p: ListParams): ListQuery {
  const { lat } = ctx.app;
  // Filters (spec § Filters): latitude filter-repeat-below-1.5.0 and unknown-filter=ignored.
  const filters = parseFilters(p.filter, ctx.version, { repeat: lat('filter-repeat-below-1.5.0'), unknownIgnored: lat('unknown-filter') === 'ignored' });
  // Latitude choices unknown-sort=ignored (unknown criteria dropped, not 400) and sort-suffix-case=exact (only ASC and DESC).
  const sort = parseSort(p.sort, lat('unknown-sort') === 'ignored', lat('sort-suffix-case') === 'exact');
  // offset: the index of the first result from 1.1.0; in 1.0.0 the number of pages (of size limit) to skip.
  const skip = atLeast(ctx.version, '1.1.0') ? p.offset : p.limit === undefined ? 0 : p.offset * p.limit;
  return {
    version: ctx.version,
    filters,
    sort,
    limit: p.limit,
    skip,
    flags: withFlags(ctx.url.searchParams, ctx.app, ctx),
    style: shapeStyle(ctx.app),
    lat: listLatitude(ctx),
    caller: ctx.caller,
    hooks: {
      listed: (rec, caller) => hook(ctx).authorize(ctx, canRead(rec, caller), { access: 'list', rec, caller }),
      rows: (page, q) => hook(ctx).list.rows(ctx, page, q),
    },
    variant: undefined,
  };
}
