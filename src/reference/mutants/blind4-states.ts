import type { Ctx } from '../app.js';
import type { EventRecord } from '../types.js';
import { family } from './types.js';

/**
 * Issue 23, class 2 (members whose type drifts with the event's state): spec § Event (response object),
 * "has_previews | boolean | Whether the event can be opened with the video editor". Bug site: handlers/event.ts (the
 * single GET's body).
 */
export const BLIND4_STATE_MUTANTS = family({
  'blind4-states-published-previews-string': {
    rule: 'events.get.schema',
    description: 'Once an event is published (it has publications), the single GET shows has_previews as a string ("true"/"false"), not a boolean; unpublished events are right.',
  },
});

/** Bug site (handlers/event.ts getEvent): the body of the single GET. */
export function blind4GetBody(ctx: Ctx, rec: EventRecord, text: string): string {
  if (!ctx.app.bug('blind4-states-published-previews-string') || rec.publications.length === 0) return text;
  const o = JSON.parse(text) as Record<string, unknown>;
  if (typeof o.has_previews === 'boolean') o.has_previews = String(o.has_previews);
  return JSON.stringify(o);
}
