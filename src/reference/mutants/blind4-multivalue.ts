import type { Ctx } from '../app.js';
import type { FilterGroup } from '../list-params.js';
import type { EventView } from '../view.js';
import { family } from './types.js';

/**
 * Issue 23, class 6 (multi-valued fields under every filter): spec § GET /api/events, Filters "contributors |
 * Contributors match. May occur multiple times."; § Event "contributor | array[string] | Contributors". Bug site:
 * handlers/list.ts (the filters the list runs).
 */
export const BLIND4_MULTIVALUE_MUTANTS = family({
  'blind4-multivalue-contributors-first-only': {
    rule: 'events.list.filter.contributors',
    description: 'The contributors filter matches only the first contributor of an event (the index keeps one per event): an event is not found by its second contributor.',
  },
});

/** Bug site (handlers/list.ts, after the filters are parsed): the filters as a buggy server runs them. */
export function blind4ContributorFilters(ctx: Ctx, groups: FilterGroup[]): FilterGroup[] {
  if (!ctx.app.bug('blind4-multivalue-contributors-first-only')) return groups;
  return groups.map((g) => {
    if (g.name !== 'contributors' || g.test) return g;
    const first = (v: EventView) => v.contributors[0];
    const match = g.any ? (v: EventView) => g.values.includes(first(v)) : (v: EventView) => g.values.every((x) => x === first(v));
    return { ...g, test: { label: 'contributors-first-only', match } };
  });
}
