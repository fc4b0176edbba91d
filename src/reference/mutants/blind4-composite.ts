import type { Ctx } from '../app.js';
import type { FieldInput } from '../episode.js';
import type { EpisodeValues } from '../types.js';
import { family } from './types.js';

/**
 * Issue 23, class 3 (composite values written in part): spec § Metadata, PUT /metadata "Fields not included are not
 * updated"; the start is startDate (format date) and startTime (format time with UTC designator). Bug site:
 * handlers/metadata.ts (the episode values a PUT stores).
 */
export const BLIND4_COMPOSITE_MUTANTS = family({
  'blind4-composite-date-resets-time': {
    rule: 'metadata.put.unsent-unchanged',
    description: 'PUT /metadata?type=dublincore/episode with startDate but no startTime stores the start at midnight of that date: the start time not sent is lost.',
  },
});

const DAY_MS = 86_400_000;

/** Bug site (handlers/metadata.ts putMetadata, dublincore/episode): the episode values stored. */
export function blind4PutEpisode(ctx: Ctx, fields: FieldInput[], next: EpisodeValues): EpisodeValues {
  if (!ctx.app.bug('blind4-composite-date-resets-time') || next.startMs === undefined) return next;
  if (!fields.some((f) => f.id === 'startDate') || fields.some((f) => f.id === 'startTime')) return next;
  return { ...next, startMs: Math.floor(next.startMs / DAY_MS) * DAY_MS };
}
