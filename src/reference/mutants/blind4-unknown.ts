import type { Ctx } from '../app.js';
import { EPISODE_FLAVOR } from '../episode.js';
import { HttpError } from '../types.js';
import { family } from './types.js';

/**
 * Issue 23, class 12 (an unknown event is 404 before anything else): spec § Metadata, DELETE …/metadata "204; 403 (the
 * catalog dublincore/episode cannot be deleted because it has mandatory fields); 404"; § Errors "404 | The event does
 * not exist". Bug site: handlers/metadata.ts (deleteMetadata, before the event is looked up).
 */
export const BLIND4_UNKNOWN_MUTANTS = family({
  'blind4-unknown-episode-delete-403-first': {
    rule: 'metadata.delete.404',
    description: 'DELETE …/metadata?type=dublincore/episode checks the flavor before the event: for an event that does not exist it answers 403 (the episode catalog cannot be deleted), not 404.',
  },
});

/** Bug site (handlers/metadata.ts deleteMetadata, first thing): the flavor guard a buggy server runs before the lookup. */
export function blind4DeleteGuardFirst(ctx: Ctx): void {
  if (!ctx.app.bug('blind4-unknown-episode-delete-403-first')) return;
  if (ctx.url.searchParams.get('type') === EPISODE_FLAVOR) throw new HttpError(403, `the catalog '${EPISODE_FLAVOR}' cannot be deleted (it has mandatory fields)`);
}
