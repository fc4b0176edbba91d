import type { Ctx } from '../app.js';
import type { FilterGroup } from '../list-params.js';
import type { EventView } from '../view.js';
import { family } from './types.js';

/**
 * Issue 23, class 4 (exact identity): spec § GET /api/events, Filters "identifier | Identifier matches. May occur
 * multiple times." and § Event "identifier | Unique identifier of the event". Bug site: handlers/list.ts (the filters
 * the list runs).
 */
export const BLIND4_IDENTITY_MUTANTS = family({
  'blind4-identity-id-filter-ignores-case': {
    rule: 'events.list.filter.identifier',
    since: '1.1.0',
    description: 'The identifier filter compares identifiers case-insensitively (an index with a case-folding collation): the identifier in upper case lists the event.',
  },
});

/** Bug site (handlers/list.ts, after the filters are parsed): the filters as a buggy server runs them. */
export function blind4Filters(ctx: Ctx, groups: FilterGroup[]): FilterGroup[] {
  if (!ctx.app.bug('blind4-identity-id-filter-ignores-case')) return groups;
  return groups.map((g) => {
    if (g.name !== 'identifier' || g.test) return g;
    const wanted = g.values.map((x) => x.toLowerCase());
    const match = g.any
      ? (v: EventView) => wanted.includes(v.id.toLowerCase())
      : (v: EventView) => wanted.every((w) => w === v.id.toLowerCase());
    return { ...g, test: { label: 'id-ignores-case', match } };
  });
}
