import type { Ctx } from '../app.js';
import type { EventRecord } from '../types.js';
import type { EventView } from '../view.js';
import { isoSeconds } from '../time.js';
import { family } from './types.js';

/**
 * Issue 23, class 11 (values that could stand in for each other must differ): spec § Event, "created | datetime |
 * Creation date and time" beside "start". Bug site: handlers/event.ts (the view the single GET serializes).
 */
export const BLIND4_DISTINCT_MUTANTS = family({
  'blind4-distinct-created-from-start': {
    rule: 'events.create.metadata',
    description: 'The single GET fills created from the bibliographic start when one was set (startDate/startTime): an event created today shows the start it was given as its creation date.',
  },
});

/** Bug site (handlers/event.ts getEvent): the created a buggy single GET shows, if it differs. */
export function blind4Created(ctx: Ctx, rec: EventRecord, v: EventView): Partial<EventView> | undefined {
  if (!ctx.app.bug('blind4-distinct-created-from-start') || rec.episode.startMs === undefined) return undefined;
  return { created: isoSeconds(rec.episode.startMs), createdMs: rec.episode.startMs } satisfies Partial<EventView>;
}
