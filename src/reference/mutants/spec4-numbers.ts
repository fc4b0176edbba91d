import type { Ctx } from '../app.js';
import type { EventParts } from '../event-parts.js';
import { badRequest } from '../types.js';
import { atLeast } from '../version.js';
import { family } from './types.js';

/**
 * Machine-boundary mutants of the fourth spec-only round (spec § GET /api/events: "offset | integer | In the earlier
 * descriptions: index of the first result to return. In the oldest description: number of result sets (pages of size
 * limit) to skip"; § Scheduling information: "duration | ... | integer | Duration of the recording in milliseconds").
 * Bug sites: handlers/list.ts (spec4Skip), handlers/create.ts (spec4CreateParts, via mutants/spec4-sites.ts).
 */
export const SPEC4_NUMBER_MUTANTS = family({
  'spec4-offset-int32-wrap': {
    rule: 'events.list.offset-index',
    description: 'offset is read as a 32-bit integer (`n | 0`): offset=4294967296 wraps to 0 and the first events are listed instead of [].',
    since: '1.1.0',
  },
  'spec4-offset-page-product-int32': {
    rule: 'events.list.offset-page',
    description: 'In 1.0.0 the index of result set `offset` is computed in 32 bits (`(offset * limit) | 0`): limit=2&offset=2147483648 wraps to index 0 and answers the first set instead of [].',
    until: '1.0.0',
  },
  'spec4-schedule-duration-int32': {
    rule: 'events.create.schedule-duration',
    description: 'The scheduling duration (milliseconds) of a creation is stored in a 32-bit int: 4298567296 ms (49.7 days + 1 h) wraps to 3600000 and the recording ends after one hour.',
    since: '1.1.0',
  },
});

/** Bug site (handlers/list.ts, after the skip is computed): the number of items a buggy server skips. */
export function numbersSkip(ctx: Ctx, skip: number, limit: number | undefined, offset: number): number {
  const { bug } = ctx.app;
  if (bug('spec4-offset-int32-wrap') && atLeast(ctx.version, '1.1.0')) return Math.max(0, offset | 0);
  if (bug('spec4-offset-page-product-int32') && !atLeast(ctx.version, '1.1.0') && limit !== undefined) return Math.max(0, (offset * limit) | 0);
  return skip;
}

/** Bug site (handlers/create.ts, after parsing): the scheduling duration as a buggy server stores it. */
export function numbersCreateParts(ctx: Ctx, parts: EventParts): void {
  const s = parts.scheduling;
  if (!ctx.app.bug('spec4-schedule-duration-int32') || s?.durationMs === undefined) return;
  s.durationMs = s.durationMs | 0;
  if (s.durationMs <= 0) throw badRequest(`scheduling 'duration' must be a positive number of milliseconds`);
}
