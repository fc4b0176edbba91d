import type { Ctx } from './app.js';
import { hasFeature } from './features.js';
import { badRequest, type EventRecord, type Publication } from './types.js';

/**
 * The internal publication (addendum specs/events-api-1.7-1.11.md § Publication (addition in 1.11.0)): a processed
 * event has one, of channel "internal", besides its other publications. Where it shows:
 * - § GET /api/events and GET /api/events/{event_id} (addition in 1.11.0): includeInternalPublication, "When
 *   withpublications is true as well, the publications member also contains the publication of channel \"internal\".
 *   Default false." "Below 1.11.0 it is accepted and ignored; the internal publication is always left out."
 * - § Publications: GET …/publications "The internal publication is included only when includeInternalPublication is
 *   true and the requested version is 1.11.0 or above."; GET …/publications/{publication_id} "From 1.11.0 the
 *   internal publication is found like any other. Below 1.11.0 asking for the internal publication's id gives 404".
 * The planted bugs of src/reference/mutants/internal-publication.ts have their sites here.
 */

/**
 * Whether this request's publications arrays contain the internal publication; `asked`: the query flag
 * includeInternalPublication is on (read by the caller, latitude choice boolean-flags).
 */
export function internalShown(ctx: Ctx, asked: boolean): boolean {
  refuseInternalParameter(ctx);
  const { bug } = ctx.app;
  if (!hasFeature(ctx, 'internal-publication')) return asked && bug('internal-publication-honoured-below-1.11.0');
  if (bug('internal-publication-shown-unasked')) return true;
  return asked && !bug('internal-publication-parameter-ignored');
}

/**
 * The publications of `rec` a publications array shows: with the internal one when `shown`, at the end or (latitude
 * choice internal-publication-position, the order is not shown) at the start.
 */
export function shownPublications(rec: EventRecord, shown: boolean, first: boolean): Publication[] {
  const internal = rec.internalPublication;
  if (!shown || !internal) return rec.publications;
  return first ? [internal, ...rec.publications] : [...rec.publications, internal];
}

/**
 * Bug site of internal-publication-parameter-rejected-below: a buggy server refuses includeInternalPublication below
 * 1.11.0 with 400 (the mutant's range, from 1.7.0, is where the parameter exists to be ignored).
 */
export function refuseInternalParameter(ctx: Ctx): void {
  if (!ctx.app.bug('internal-publication-parameter-rejected-below') || hasFeature(ctx, 'internal-publication')) return;
  if (ctx.url.searchParams.has('includeInternalPublication')) throw badRequest('unknown query parameter includeInternalPublication');
}

/** The internal publication when GET …/publications/{pid} finds it at this request's version, else undefined. */
export function internalByIdFor(ctx: Ctx, rec: EventRecord, pid: string): Publication | undefined {
  const internal = rec.internalPublication;
  if (!internal || internal.id !== pid) return undefined;
  const { bug } = ctx.app;
  const found = hasFeature(ctx, 'internal-publication') ? !bug('internal-publication-get-404') : bug('internal-publication-get-below-1.11.0');
  return found ? internal : undefined;
}

/** Latitude choice internal-publication-position: the internal publication first in an array. */
export function internalFirst(ctx: Ctx): boolean {
  return ctx.app.lat('internal-publication-position') === 'first';
}
