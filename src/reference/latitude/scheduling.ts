import type { Ctx } from '../app.js';
import type { ScheduleInput } from '../schedule.js';
import { badRequest, type Schedule } from '../types.js';

/** Latitude choices of scheduling input (spec § Scheduling information, § PUT /api/events/{event_id}/scheduling). */

/**
 * scheduling-put-partial=complete: the form parameter is "JSON scheduling object" and the object's table marks
 * agent_id, start and end/duration as required ("agent_id and start are always required"): a PUT must send them.
 */
export function checkCompletePut(ctx: Ctx, s: ScheduleInput): void {
  if (ctx.app.lat('scheduling-put-partial') !== 'complete') return;
  if (s.agentId === undefined || s.startMs === undefined || (s.endMs === undefined && s.durationMs === undefined)) {
    throw badRequest(`scheduling: a whole scheduling object is required (agent_id, start, and end or duration)`);
  }
}

/** past-schedule=rejected-400: a recording that would end before now cannot be captured (an inconsistent request). */
export function checkNotPast(ctx: Ctx, schedules: readonly Schedule[]): void {
  if (ctx.app.lat('past-schedule') !== 'rejected-400') return;
  const now = Date.now();
  const past = schedules.find((s) => s.endMs <= now);
  if (past) throw badRequest(`scheduling: the recording would end at ${new Date(past.endMs).toISOString()}, in the past`);
}

/** datetime-input=utc-only ("datetime (UTC)"): a start/end written with a non-zero UTC offset answers 400. */
export function checkUtc(ctx: Ctx, s: ScheduleInput): void {
  if (s.offsetGiven && ctx.app.lat('datetime-input') === 'utc-only') {
    throw badRequest(`scheduling start/end must be given in UTC (with Z)`);
  }
}
