import { empty, json, type Ctx, type Reply } from '../app.js';
import { readableEvent, writableEvent } from '../event-access.js';
import { findConflicts, type ConflictEntry } from '../conflicts.js';
import { readParams } from '../latitude/form-encoding.js';
import { isTrue, parseJsonParam } from '../input.js';
import { mergeSchedule, parseScheduleInput } from '../schedule.js';
import { schedulingObject } from '../serialize.js';
import { isoSeconds } from '../time.js';
import { badRequest, HttpError, type Schedule } from '../types.js';
import { atLeast } from '../version.js';
import { checkAllowConflict } from '../latitude/access.js';
import { checkScheduling } from '../latitude/events.js';
import { checkCompletePut, checkNotPast } from '../latitude/scheduling.js';
import { conflictRules } from '../latitude/conflicts.js';
import { shapeStyle } from '../latitude/shape.js';
import { hook } from '../hooks.js';

/** Scheduling information, 1.1.0+ (spec § Scheduling information). Hook points scheduleShown and schedulingPut. */

/** The scheduling object as answered (with the planted GET bugs). */
function shown(ctx: Ctx, s: Schedule): Record<string, unknown> {
  const o = schedulingObject(s, shapeStyle(ctx.app));
  if (ctx.app.bug('scheduling-get-end-shifted')) o.end = isoSeconds(s.endMs + 3_600_000);
  hook(ctx).scheduleShown.shown(ctx, o, s);
  if (ctx.app.bug('scheduling-get-agent-camel')) {
    const { agent_id: agentId, ...rest } = o;
    return { agentId, ...rest };
  }
  return o;
}

/** GET → 200 {agent_id, start, end, inputs?}; 204 when the event is not scheduled; 404 when it does not exist. */
export function getScheduling(ctx: Ctx): Reply {
  const bug = ctx.app.bug;
  hook(ctx).scheduleShown.route(ctx);
  if (bug('scheduling-get-unknown-204') && !ctx.app.store.get(ctx.params[0])) return empty(204);
  const rec = readableEvent(ctx);
  if (!rec.schedule && bug('scheduling-get-unscheduled-404')) throw new HttpError(404, `event '${rec.id}' has no scheduling`);
  if (bug('scheduling-get-always-204')) return empty(204);
  if (!rec.schedule) return hook(ctx).scheduleShown.unscheduled(ctx, undefined) ?? empty(204);
  return rec.schedule ? json(200, shown(ctx, rec.schedule)) : empty(204);
}

function conflict(ctx: Ctx, conflicts: ConflictEntry[]): HttpError {
  const body = ctx.app.bug('conflict-no-title') ? conflicts.map(({ start, end }) => ({ start, end })) : conflicts;
  return new HttpError(409, 'scheduling conflict', body);
}

/**
 * PUT, form parameters scheduling (required) and allowConflict (1.2.0+). allowConflict=true skips the conflict
 * check only for an administrator (spec § Authentication rule 2; a non-admin still gets the check, 409).
 */
export async function putScheduling(ctx: Ctx): Promise<Reply> {
  const bug = ctx.app.bug;
  hook(ctx).scheduleShown.route(ctx);
  if (bug('scheduling-put-unknown-204') && !ctx.app.store.get(ctx.params[0])) return empty(204);
  const rec = writableEvent(ctx);
  const form = await readParams(ctx);
  const text = form.text('scheduling');
  let value: unknown;
  try {
    if (text === undefined || text.trim() === '') throw badRequest(`form parameter 'scheduling' is required`);
    value = parseJsonParam(text, 'scheduling');
  } catch (e) {
    if (bug('scheduling-put-bad-json-accepted')) return empty(204);
    throw e;
  }
  const input = parseScheduleInput(value);
  checkScheduling(ctx, input, false);
  checkCompletePut(ctx, input);
  if (!rec.schedule) throw badRequest(`event '${rec.id}' is not scheduled`);
  const early = hook(ctx).schedulingPut.early(ctx, undefined, { rec, input });
  if (early) return early;
  const next = hook(ctx).schedulingPut.next(ctx, mergeSchedule(rec.schedule, input), { rec, cur: rec.schedule, input });
  checkNotPast(ctx, [next]);
  const asked = atLeast(ctx.version, '1.2.0') && hook(ctx).schedulingPut.allowConflictKnown(ctx, true) && hook(ctx).schedulingPut.allowConflictSent(ctx, isTrue(form.text('allowConflict')), form.text('allowConflict')) && !bug('allow-conflict-ignored');
  if (!bug('allow-conflict-anyone')) checkAllowConflict(ctx, asked);
  const allowConflict = asked && (ctx.caller.admin || bug('allow-conflict-anyone'));
  if (!allowConflict && !bug('scheduling-put-conflict-ignored')) {
    const conflicts = findConflicts(ctx.app.store, hook(ctx).schedulingPut.probe(ctx, [next], { rec, next }), rec.episode.title, hook(ctx).schedulingPut.exclude(ctx, rec.id, 'put'), undefined, conflictRules(ctx.app));
    if (conflicts.length > 0) hook(ctx).schedulingPut.refused(ctx, next, rec);
    if (conflicts.length > 0) throw conflict(ctx, conflicts);
  }
  if (!bug('scheduling-put-ignored')) {
    hook(ctx).schedulingPut.rescheduled(ctx, rec, { old: rec.schedule, next });
    rec.schedule = next;
    rec.archiveVersion++;
    ctx.app.store.commit(rec);
  }
  return bug('scheduling-put-200') ? json(200, schedulingObject(next)) : empty(204);
}
