import type { Ctx } from '../app.js';
import { atLeast } from '../version.js';
import { family } from './types.js';

/**
 * Lists mixing states, fourth spec-only round (spec § GET /api/events: "withscheduling | boolean | Include scheduling
 * information (version 1.1.0 and above)"; § Event: "publication_status | array[string] | Publications available for
 * the event"). Bug site: the list body (mutants/spec4-sites.ts), item by item in list order.
 */
export const SPEC4_MIXING_MUTANTS = family({
  'spec4-list-withscheduling-leaks': {
    rule: 'events.list.withscheduling',
    description: 'withscheduling=true on the list gives an unscheduled event listed after a scheduled one the scheduling of that previous event (a loop variable not reset); GET …/scheduling is right.',
    since: '1.1.0',
  },
  'spec4-list-publication-status-leaks': {
    rule: 'events.get.publication-status',
    description: 'In the list, an event without publications listed after a published one shows the previous event\'s publication_status (a loop variable not reset); the single GET is right.',
  },
});

type Obj = Record<string, unknown>;

/** List items (in order) as a buggy serializer loop fills them. */
export function mixingList(ctx: Ctx, items: Obj[]): void {
  const { bug } = ctx.app;
  const sched = bug('spec4-list-withscheduling-leaks') && atLeast(ctx.version, '1.1.0');
  const pubs = bug('spec4-list-publication-status-leaks');
  let lastSched: unknown = null;
  let lastPubs: unknown[] = [];
  for (const item of items) {
    if (sched && 'scheduling' in item) {
      if (item.scheduling === null) item.scheduling = lastSched;
      else lastSched = item.scheduling;
    }
    if (pubs && Array.isArray(item.publication_status)) {
      if (item.publication_status.length === 0) item.publication_status = lastPubs;
      else lastPubs = item.publication_status;
    }
  }
}
