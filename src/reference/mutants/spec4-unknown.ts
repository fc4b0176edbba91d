import type { Ctx } from '../app.js';
import { EPISODE_FLAVOR } from '../episode.js';
import { HttpError } from '../types.js';
import { family } from './types.js';

/**
 * An unknown event is 404 before any other refusal, fourth spec-only round (spec § Metadata: DELETE "204; 403 (the
 * catalog dublincore/episode cannot be deleted because it has mandatory fields); 404"; § Errors: "404 | The event does
 * not exist"). Bug site: handlers/metadata.ts deleteMetadata (first), via mutants/spec4-sites.ts.
 *
 * Dropped in triage: spec4-scheduling-put-unknown-400 (PUT …/scheduling of an unknown event answering 400 for a
 * missing or malformed scheduling parameter). The spec allows it: § Errors "400 | Invalid or inconsistent request
 * (event creation, metadata update, scheduling update)" describes that request as truly as "404 | The event does not
 * exist" does, and the spec orders neither before the other. (The 403 above differs: its reason, "the catalog
 * dublincore/episode cannot be deleted because it has mandatory fields", presupposes the event's catalog.)
 */
export const SPEC4_UNKNOWN_MUTANTS = family({
  'spec4-metadata-delete-episode-unknown-403': {
    rule: 'metadata.delete.404',
    description: 'DELETE /metadata?type=dublincore/episode of an event that does not exist answers 403 (the mandatory-catalog guard runs before the event lookup).',
  },
});

/** Bug site (DELETE /metadata, first). */
export function unknownDeleteMetadata(ctx: Ctx): void {
  if (!ctx.app.bug('spec4-metadata-delete-episode-unknown-403') || ctx.app.store.get(ctx.params[0])) return;
  if (ctx.url.searchParams.get('type')?.trim() === EPISODE_FLAVOR) {
    throw new HttpError(403, `the catalog '${EPISODE_FLAVOR}' cannot be deleted (it has mandatory fields)`);
  }
}
