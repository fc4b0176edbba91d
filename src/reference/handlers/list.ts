import type { Ctx, Reply } from '../app.js';
import { parseFilters } from '../list-params.js';
import { sortCriteria } from '../sort-criteria.js';
import { atLeast } from '../version.js';
import { withFlags } from './flags.js';
import { hook } from '../hooks.js';
import { runList } from '../list-run.js';
import { listLatitude, paging } from '../latitude/list.js';
import { shapeStyle } from '../latitude/shape.js';

/**
 * GET /api/events (spec § GET /api/events). limit absent/0/negative = no limit (opencast-reality.md);
 * offset: index of the first result from 1.1.0, page index (pages of size limit) in 1.0.0.
 */
export function listEvents(ctx: Ctx): Reply {
  const q = ctx.url.searchParams;
  const bug = ctx.app.bug;
  const lat = ctx.app.lat;
  const filterLat = { repeat: lat('filter-repeat-below-1.5.0'), unknownIgnored: lat('unknown-filter') === 'ignored' };
  const filters = hook.listFilters.groups(ctx, parseFilters(hook.listFilters.params(ctx, q.getAll('filter')), ctx.version, bug, filterLat), q.getAll('filter'));
  let sort = hook.listSort(ctx, sortCriteria(q.get('sort'), bug, lat('unknown-sort') === 'ignored', lat('sort-suffix-case') === 'exact'));
  const page = paging(ctx);
  if (page.empty) return { status: 200, json: '[]' };
  const offset = hook.listPaging.offset(ctx, page.offset);
  let limit = page.limit;
  const pageIndex = atLeast(ctx.version, '1.1.0') ? bug('list-offset-page-always') : !bug('list-offset-index-always');
  let skip = hook.listPaging.skip(ctx, pageIndex ? (limit === undefined ? 0 : offset * limit) : offset, { limit, offset });
  ({ skip, limit, sort } = hook.listPaging.page(ctx, { skip, limit, sort, offset }));
  if (limit !== undefined && bug('list-limit-off-by-one')) limit += 1;
  hook.listFilters.scan(ctx, filters);
  const query = hook.listQuery.query(ctx, {
    // opencast-oldest-current-names: 1.0.0 list items in the later shape (presenter, contributor, start).
    version: ctx.version === '1.0.0' && bug('opencast-oldest-current-names') ? '1.1.0' : ctx.version,
    filters,
    sort,
    limit,
    skip,
    flags: hook.listQuery.flags(ctx, withFlags(q, bug, 'list', ctx.app)),
    style: shapeStyle(ctx.app),
    lat: listLatitude(ctx),
    caller: ctx.caller,
    bug,
    variant: bug('list-drops-created') ? { dropCreated: true } : undefined,
  });
  const text = hook.listQuery.run(ctx, undefined, query) ?? runList(ctx.app.listStore ?? ctx.app.store, query);
  return {
    status: bug('list-status-201') ? 201 : 200,
    json: bug('list-wrapped-object') ? `{"events":${text}}` : hook.listBody(ctx, text),
  };
}
