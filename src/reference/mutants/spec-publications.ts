import type { Ctx } from '../app.js';
import type { EventRecord, Publication } from '../types.js';
import { family } from './types.js';

/**
 * Publication mutants written from the spec alone (spec § Publications: "GET /api/events/{event_id}/publications |
 * 200 with an array of publications (id, channel, mediatype, url); 404"; single publication: "404 when the
 * publication does not exist"). Bug sites: handlers/publications.ts. (publication_status: mutants/spec-events.ts.)
 */
export const SPEC_PUBLICATION_MUTANTS = family({
  'spec-publications-unpublished-500': {
    rule: 'publications.list.status',
    description: 'GET /api/events/{id}/publications answers 500 for an event that has no publication (an empty result is not handled).',
  },
  'spec-publication-by-event-id': {
    rule: 'publications.get.404-publication',
    description: 'GET …/publications/{pid} with the event\'s own identifier as pid answers 200 with its first publication (ids of the media package match too).',
  },
});

/** Bug site (handlers/publications.ts listPublications): throws (→ 500) where a buggy server fails. */
export function publicationsListBugs(ctx: Ctx, list: unknown[]): void {
  if (ctx.app.bug('spec-publications-unpublished-500') && list.length === 0) {
    throw new Error('publication index has no entry for this event');
  }
}

/** Bug site (handlers/publications.ts getPublication): a publication a buggy server finds for `pid`. */
export function publicationByEventId(ctx: Ctx, rec: EventRecord, pid: string): Publication | undefined {
  return ctx.app.bug('spec-publication-by-event-id') && pid === rec.id ? rec.publications[0] : undefined;
}
