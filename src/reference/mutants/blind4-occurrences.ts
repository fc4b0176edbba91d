import type { Ctx } from '../app.js';
import type { EventRecord } from '../types.js';
import { family } from './types.js';

/**
 * Issue 23, class 9 (occurrences of a recurring schedule are separate events): spec § What the service does, "It
 * reads, updates and deletes a single event"; § DELETE /api/events/{event_id}, "Deletes the event." Bug site:
 * handlers/event.ts (deleteEvent).
 */
export const BLIND4_OCCURRENCE_MUTANTS = family({
  'blind4-occurrences-delete-series': {
    rule: 'events.delete.gone',
    since: '1.1.0',
    description: 'DELETE of one occurrence of a recurring schedule deletes the whole series: every event the same rrule request created (same capture agent, same creation time: the series it was created in) disappears with it, also after one of them was renamed.',
  },
});

/** Bug site (handlers/event.ts deleteEvent, once the event may be deleted): its siblings, removed with it. */
export function blind4DeleteSiblings(ctx: Ctx, rec: EventRecord): void {
  if (!ctx.app.bug('blind4-occurrences-delete-series') || !rec.schedule) return;
  const agent = rec.schedule.agentId;
  const siblings = [...ctx.app.store.values()].filter((r) => r.id !== rec.id && r.schedule?.agentId === agent && r.createdMs === rec.createdMs);
  for (const r of siblings) ctx.app.store.remove(r.id);
}
