import type { Ctx } from '../app.js';
import { EPISODE_FLAVOR } from '../episode.js';
import { readParams } from '../latitude/form-encoding.js';
import { parseJsonParam } from '../input.js';
import { parseScheduleInput } from '../schedule.js';
import { badRequest, HttpError } from '../types.js';
import { family } from './types.js';

/**
 * An unknown event is 404 before any other refusal, fourth spec-only round (spec § Metadata: DELETE "204; 403 (the
 * catalog dublincore/episode cannot be deleted because it has mandatory fields); 404"; § Scheduling information: PUT
 * "204 (updated); 400; 404"; § Errors: "404 | The event does not exist"). Bug sites: handlers/metadata.ts
 * deleteMetadata and handlers/scheduling.ts putScheduling (first), via mutants/spec4-sites.ts.
 */
export const SPEC4_UNKNOWN_MUTANTS = family({
  'spec4-metadata-delete-episode-unknown-403': {
    rule: 'metadata.delete.404',
    description: 'DELETE /metadata?type=dublincore/episode of an event that does not exist answers 403 (the mandatory-catalog guard runs before the event lookup).',
  },
  'spec4-scheduling-put-unknown-400': {
    rule: 'scheduling.put.404',
    description: 'PUT …/scheduling of an event that does not exist answers 400 when the scheduling parameter is missing or not JSON (the form is validated before the event lookup).',
    since: '1.1.0',
  },
});

/** Bug site (DELETE /metadata, first). */
export function unknownDeleteMetadata(ctx: Ctx): void {
  if (!ctx.app.bug('spec4-metadata-delete-episode-unknown-403') || ctx.app.store.get(ctx.params[0])) return;
  if (ctx.url.searchParams.get('type')?.trim() === EPISODE_FLAVOR) {
    throw new HttpError(403, `the catalog '${EPISODE_FLAVOR}' cannot be deleted (it has mandatory fields)`);
  }
}

/** Bug site (PUT …/scheduling, first). */
export async function unknownPutScheduling(ctx: Ctx): Promise<void> {
  if (!ctx.app.bug('spec4-scheduling-put-unknown-400') || ctx.app.store.get(ctx.params[0])) return;
  const text = (await readParams(ctx)).text('scheduling');
  if (text === undefined || text.trim() === '') throw badRequest(`form parameter 'scheduling' is required`);
  parseScheduleInput(parseJsonParam(text, 'scheduling'));
}
