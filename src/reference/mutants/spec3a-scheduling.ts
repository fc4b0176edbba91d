import { empty, type Ctx, type Reply } from '../app.js';
import type { ScheduleInput } from '../schedule.js';
import { isoSeconds } from '../time.js';
import type { EventRecord, Schedule } from '../types.js';
import { rememberPut } from './spec3a-states.js';
import { family } from './types.js';

/**
 * Scheduling-endpoint mutants of the third spec-only round, author A (spec § Scheduling information: "start | yes |
 * datetime (UTC)", "end | yes* | datetime (UTC)", "inputs"; § Scheduling information endpoints: GET "200 with a
 * scheduling object (agent_id, start, end, inputs)", PUT "204 (updated); 400; 404; 409 with an array of conflict
 * entries"; § Errors: "400 | Invalid or inconsistent request (... scheduling update)"). Bug sites: handlers/scheduling.ts.
 */
export const SPEC3A_SCHEDULING_MUTANTS = family({
  'spec3a-scheduling-put-inputs-ignored': {
    rule: 'scheduling.put.applies',
    description: 'PUT …/scheduling applies agent_id, start and end but keeps the stored inputs: new inputs sent are dropped (they live in the agent\'s configuration, written only at creation).',
    since: '1.1.0',
  },
  'spec3a-scheduling-put-end-before-start': {
    rule: 'scheduling.put.400',
    description: 'PUT …/scheduling sending only end accepts an end before the stored start (204): the end-after-start check runs only when both are sent.',
    since: '1.1.0',
  },
  'spec3a-scheduling-put-conflict-old-agent': {
    rule: 'scheduling.put.409',
    description: 'PUT …/scheduling that moves the event to another capture agent checks conflicts on its old agent: an overlap on the new agent is missed (204).',
    since: '1.1.0',
  },
  'spec3a-scheduling-get-summer-shift': {
    rule: 'scheduling.get.values',
    description: 'GET …/scheduling shows start and end one hour early for recordings in (European) summer time: a local-time conversion with the winter offset. January schedules are right.',
    since: '1.1.0',
  },
});

/** Bug site (handlers/scheduling.ts putScheduling, before the merge): a buggy server's early answer, if any. */
export function spec3aPutEarly(ctx: Ctx, rec: EventRecord, input: ScheduleInput): Reply | undefined {
  const cur = rec.schedule;
  if (!ctx.app.bug('spec3a-scheduling-put-end-before-start') || !cur || input.endMs === undefined) return undefined;
  if (input.startMs !== undefined || input.durationMs !== undefined || input.endMs > cur.startMs || input.rrule !== undefined) return undefined;
  rec.schedule = { ...cur, ...(input.agentId ? { agentId: input.agentId } : {}), endMs: input.endMs };
  rec.archiveVersion++;
  ctx.app.store.commit(rec);
  return empty(204);
}

/** Bug site (handlers/scheduling.ts putScheduling, the merged schedule): changed in place as a buggy server stores it. */
export function spec3aPutNext(ctx: Ctx, rec: EventRecord, input: ScheduleInput, next: Schedule): void {
  const { bug } = ctx.app;
  if (bug('spec3a-state-scheduled-after-put') || bug('spec3a-list-withscheduling-stale')) rememberPut(rec);
  if (bug('spec3a-scheduling-put-inputs-ignored') && input.inputs !== undefined) {
    if (rec.schedule?.inputs) next.inputs = [...rec.schedule.inputs];
    else delete next.inputs;
  }
}

/** Bug site (handlers/scheduling.ts, the conflict check): the schedules a buggy server checks. */
export function spec3aConflictProbe(ctx: Ctx, rec: EventRecord, next: Schedule): Schedule[] {
  if (!ctx.app.bug('spec3a-scheduling-put-conflict-old-agent') || !rec.schedule) return [next];
  return [{ ...next, agentId: rec.schedule.agentId }];
}

/** Last Sunday of `month` (0-based) in `year`, 01:00 UTC (the European summer-time switch). */
function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0, 1));
  return last.getTime() - last.getUTCDay() * 86_400_000;
}

function summer(ms: number): boolean {
  const y = new Date(ms).getUTCFullYear();
  return ms >= lastSunday(y, 2) && ms < lastSunday(y, 9);
}

/** Bug site (handlers/scheduling.ts shown): the scheduling object of GET as a buggy server fills it (in place). */
export function spec3aShownSchedule(ctx: Ctx, s: Schedule, o: Record<string, unknown>): void {
  if (!ctx.app.bug('spec3a-scheduling-get-summer-shift')) return;
  if (summer(s.startMs)) o.start = isoSeconds(s.startMs - 3_600_000);
  if (summer(s.endMs)) o.end = isoSeconds(s.endMs - 3_600_000);
}
