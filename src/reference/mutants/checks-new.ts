import type { Ctx } from '../app.js';
import type { SortKey } from '../list-params.js';
import { family } from './types.js';

/**
 * Mutants that the checks strengthened for issue 11 (items 1 and 3-6) catch and that passed the checks before, where
 * the spec-* families (written from the spec alone) have no such bug: sort=end_date ignored (observable in 1.0.0
 * only through the reported end) and a create body without identifier whose Location names no event. The other
 * readings these checks were strengthened for are spec-* mutants: spec-sort-end-date-by-start,
 * spec-sort-workflow-state-by-title, spec-sort-last-criterion-only / first-criterion-only, spec-*-both-names-*,
 * spec-metadata-get-type-ignored, spec-publication-status-empty, spec-publications-unpublished-500.
 */
export const CHECKS_NEW_MUTANTS = family({
  'sort-end-date-ignored': {
    rule: 'events.list.sort.end_date',
    description: 'sort=end_date is accepted but not applied: the list keeps its default order.',
  },
  'create-location-other-event': {
    rule: 'events.create.location',
    description: 'POST /api/events answers a body without identifier and a Location naming an event that does not exist.',
  },
});

/** Bug site (hook created.named): Location names another identifier than the event created. */
export function createNamedElsewhere(ctx: Ctx, id: string): string {
  return ctx.app.bug('create-location-other-event') ? `${id}-elsewhere` : id;
}

/** Bug site (hook created.body): the body of such a create holds no identifier. */
export function createBodyEmpty(ctx: Ctx, body: object): object {
  return ctx.app.bug('create-location-other-event') ? {} : body;
}

/** Bug site (hook listSort.keys): sort=end_date ignored. */
export function sortEndDateIgnored(ctx: Ctx, keys: SortKey[]): SortKey[] {
  return ctx.app.bug('sort-end-date-ignored') ? keys.filter((k) => k.name !== 'end_date') : keys;
}
