import type { Ctx } from '../app.js';
import { parseIntParam } from '../list-params.js';
import { badRequest } from '../types.js';
import { atLeast } from '../version.js';

/** Latitude choices of GET /api/events (spec § GET /api/events, § Limits). */

/** How the list query behaves where the spec leaves room (filled from the lat() switch per request). */
export interface ListLatitude {
  match: 'exact' | 'case-insensitive' | 'substring';
  textFilter: 'substring' | 'whole-word';
  startBounds: 'inclusive' | 'exclusive-end';
  collation: 'code-point' | 'case-insensitive';
  ties: 'identifier' | 'insertion' | 'reverse-insertion';
  defaultOrder: 'insertion' | 'newest-first' | 'identifier';
  /** workflow-state-order: by state name, or in the order of the spec's States table. */
  workflowOrder: 'alphabetical' | 'table-order';
  /** technical-start-unscheduled=created below 1.4.0: start_date/end_date sort by the technical start (reported). */
  sortByReportedStart?: boolean;
}

export const DEFAULT_LIST_LATITUDE: ListLatitude = {
  match: 'exact', textFilter: 'substring', startBounds: 'inclusive', collation: 'code-point', ties: 'identifier', defaultOrder: 'insertion', workflowOrder: 'alphabetical',
};

export function listLatitude(ctx: Ctx): ListLatitude {
  const { lat } = ctx.app;
  return {
    match: lat('filter-match'),
    textFilter: lat('text-filter'),
    startBounds: lat('start-bounds'),
    collation: lat('sort-collation'),
    ties: lat('sort-ties'),
    defaultOrder: lat('default-order'),
    workflowOrder: lat('workflow-state-order'),
    sortByReportedStart: lat('technical-start-unscheduled') === 'created' && !atLeast(ctx.version, '1.4.0'),
  };
}

function intParam(ctx: Ctx, name: string): number | undefined {
  const raw = ctx.url.searchParams.get(name);
  try {
    return parseIntParam(name, raw);
  } catch (e) {
    if (ctx.app.lat('bad-paging') === 'ignored') return undefined;
    throw e;
  }
}

/**
 * limit and offset: bad-paging (400 or ignored), limit-zero (0/negative = no limit, or an empty page),
 * default-limit, max-limit. limit undefined = no limit.
 */
export function paging(ctx: Ctx): { limit?: number; offset: number; empty: boolean } {
  const { lat } = ctx.app;
  const raw = intParam(ctx, 'limit');
  let offset = intParam(ctx, 'offset') ?? 0;
  if (offset < 0) {
    if (lat('bad-paging') === 'rejected-400') throw badRequest(`parameter 'offset' must not be negative`);
    offset = 0;
  }
  const empty = raw !== undefined && raw <= 0 && lat('limit-zero') === 'none';
  let limit = raw !== undefined && raw > 0 ? raw : undefined;
  if (raw === undefined && lat('default-limit') === 'default-100') limit = 100;
  if (lat('max-limit') === 'cap-100' && (limit === undefined || limit > 100)) limit = 100;
  return { limit, offset, empty };
}
