import type { Ctx } from '../app.js';
import { family } from './types.js';

type Obj = Record<string, unknown>;

/**
 * Issue 23, class 10 (lists that mix states): spec § GET /api/events, "withscheduling | boolean | Include scheduling
 * information (version 1.1.0 and above)" — each event's own. Bug site: handlers/list.ts (the list body).
 */
export const BLIND4_MIXED_MUTANTS = family({
  'blind4-mixed-scheduling-from-previous': {
    rule: 'events.list.withscheduling',
    since: '1.1.0',
    description: 'With withscheduling=true, an unscheduled event in the list shows the scheduling of the scheduled event listed before it (a row buffer reused across events).',
  },
});

/** Bug site (handlers/list.ts, the list's JSON text): the list as a buggy serializer writes it. */
export function blind4ListBody(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('blind4-mixed-scheduling-from-previous') || ctx.url.searchParams.get('withscheduling') !== 'true') return text;
  const list = JSON.parse(text) as unknown;
  if (!Array.isArray(list)) return text;
  let previous: unknown;
  for (const item of list as Obj[]) {
    const key = ['scheduling', 'withscheduling'].find((k) => k in item) ?? 'scheduling';
    const own = item[key];
    if (own && typeof own === 'object') previous = own;
    else if (previous !== undefined) item[key] = previous;
  }
  return JSON.stringify(list);
}
