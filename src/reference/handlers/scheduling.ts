import { empty, json, type Ctx, type Reply } from '../app.js';
import { readableEvent, writableEvent } from '../event-access.js';
import { findConflicts, type ConflictEntry } from '../conflicts.js';
import { readParams } from '../latitude/form-encoding.js';
import { isTrue, parseJsonParam } from '../input.js';
import { kept } from '../latitude/precision.js';
import { mergeSchedule, parseScheduleInput } from '../schedule.js';
import { schedulingObject } from '../serialize.js';
import { badRequest, HttpError } from '../types.js';
import { atLeast } from '../version.js';
import { checkAllowConflict } from '../latitude/access.js';
import { checkScheduling } from '../latitude/events.js';
import { checkCompletePut, checkNotPast } from '../latitude/scheduling.js';
import { conflictRules } from '../latitude/conflicts.js';
import { shapeStyle } from '../latitude/shape.js';
import { hook } from '../hooks.js';

/** Scheduling information, 1.1.0+ (spec § Scheduling information). Hook points scheduleShown and schedulingPut. */


/** GET → 200 {agent_id, start, end, inputs?}; 204 when the event is not scheduled; 404 when it does not exist. */
export function getScheduling(ctx: Ctx): Reply {
  const rec = readableEvent(ctx);
  return rec.schedule ? json(200, schedulingObject(rec.schedule, shapeStyle(ctx.app))) : empty(204);
}

function conflict(ctx: Ctx, conflicts: ConflictEntry[]): HttpError {
  return new HttpError(409, 'scheduling conflict', hook(ctx).schedulingPut.conflictBody(ctx, conflicts));
}

/**
 * PUT, form parameters scheduling (required) and allowConflict (1.2.0+). allowConflict=true skips the conflict
 * check only for an administrator (spec § Authentication rule 2; a non-admin still gets the check, 409).
 */
export async function putScheduling(ctx: Ctx): Promise<Reply> {
  const rec = writableEvent(ctx);
  const form = await readParams(ctx);
  const text = form.text('scheduling');
  let value: unknown;
  try {
    if (text === undefined || text.trim() === '') throw badRequest(`form parameter 'scheduling' is required`);
    value = parseJsonParam(text, 'scheduling');
  } catch (e) {
    const accepted = hook(ctx).schedulingPut.badJson(ctx, undefined);
    if (accepted) return accepted;
    throw e;
  }
  const input = parseScheduleInput(value);
  checkScheduling(ctx, input, false);
  checkCompletePut(ctx, input);
  if (!rec.schedule) throw badRequest(`event '${rec.id}' is not scheduled`);
  const early = hook(ctx).schedulingPut.early(ctx, undefined, { rec, input, allowConflict: form.text('allowConflict') });
  if (early) return early;
  const next = hook(ctx).schedulingPut.next(ctx, mergeSchedule(rec.schedule, input, (ms) => kept(ctx.app, ms)), { rec, cur: rec.schedule, input });
  checkNotPast(ctx, [next]);
  const asked = atLeast(ctx.version, '1.2.0') && hook(ctx).schedulingPut.allowConflictKnown(ctx, true) && hook(ctx).schedulingPut.allowConflictSent(ctx, isTrue(form.text('allowConflict')), form.text('allowConflict')) ;
  const anyone = hook(ctx).schedulingPut.anyoneAllowed(ctx, false);
  if (!anyone) checkAllowConflict(ctx, asked);
  const allowConflict = asked && (ctx.caller.admin || anyone);
  if (!hook(ctx).schedulingPut.unchecked(ctx, allowConflict)) {
    const conflicts = findConflicts(ctx.app.store, hook(ctx).schedulingPut.probe(ctx, [next], { rec, next }), rec.episode.title, hook(ctx).schedulingPut.exclude(ctx, rec.id, 'put'), undefined, conflictRules(ctx.app));
    if (conflicts.length > 0) hook(ctx).schedulingPut.refused(ctx, next, rec);
    if (conflicts.length > 0) throw conflict(ctx, conflicts);
  }
  if (!hook(ctx).writeSkipped(ctx, false, rec)) {
    hook(ctx).schedulingPut.rescheduled(ctx, rec, { old: rec.schedule, next });
    rec.schedule = next;
    rec.archiveVersion++;
    ctx.app.store.commit(rec);
  }
  return hook(ctx).schedulingPut.reply(ctx, empty(204), next);
}
