import type { Ctx } from '../app.js';
import { family } from './types.js';

/**
 * Issue 23, class 1 (numbers at machine boundaries, for every numeric parameter): spec § GET /api/events, "offset |
 * integer | ... index of the first result to return" (the oldest description: the page index). Bug site:
 * handlers/list.ts (the offset the list uses).
 */
export const BLIND4_NUMBER_MUTANTS = family({
  'blind4-numbers-offset-int32': {
    rule: 'events.list.offset-index',
    since: '1.1.0',
    description: 'offset is read as a 32-bit integer (`n | 0`): offset=4294967297 wraps to 1 and the page starts at the second event instead of being empty.',
  },
});

/** Bug site (handlers/list.ts, the offset parsed from the query): the offset as a 32-bit server reads it. */
export function blind4Offset(ctx: Ctx, offset: number): number {
  if (!ctx.app.bug('blind4-numbers-offset-int32')) return offset;
  const n = offset | 0;
  return n > 0 ? n : 0;
}
