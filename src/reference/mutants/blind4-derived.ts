import type { Ctx } from '../app.js';
import type { EventRecord } from '../types.js';
import type { EventView } from '../view.js';
import { family } from './types.js';

/**
 * Issue 23, class 8 (every derived view, after every kind of write): spec § Event, "start | datetime | Technical start
 * (versions below 1.4.0)"; § Scheduling information, PUT …/scheduling "204 (updated)". Bug site: handlers/event.ts
 * (the view the single GET serializes).
 */
export const BLIND4_DERIVED_MUTANTS = family({
  'blind4-derived-technical-start-cached': {
    rule: 'events.get.start-technical',
    description: 'The single GET caches an event\'s technical start at its first read and never refreshes it: after PUT …/scheduling moves the recording, start (below 1.4.0) still shows the old start.',
  },
});

const firstSeen = new WeakMap<EventRecord, number>();

/** Bug site (handlers/event.ts getEvent): the technical start a buggy single GET shows, if it differs. */
export function blind4TechStart(ctx: Ctx, rec: EventRecord, v: EventView): Partial<EventView> | undefined {
  if (!ctx.app.bug('blind4-derived-technical-start-cached')) return undefined;
  const seen = firstSeen.get(rec);
  if (seen === undefined) {
    firstSeen.set(rec, v.techStartMs);
    return undefined;
  }
  return seen === v.techStartMs ? undefined : { techStartMs: seen };
}
