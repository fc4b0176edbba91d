import { empty, json, readableEvent, writableEvent, type Ctx, type Reply } from '../app.js';
import { findConflicts } from '../conflicts.js';
import { readForm } from '../form.js';
import { isTrue, parseJsonParam } from '../input.js';
import { mergeSchedule, parseScheduleInput } from '../schedule.js';
import { schedulingObject } from '../serialize.js';
import { badRequest, HttpError } from '../types.js';
import { atLeast } from '../version.js';

/** Scheduling information, 1.1.0+ (spec § Scheduling information). */

/** GET → 200 {agent_id, start, end, inputs?}; 204 when the event is not scheduled. */
export function getScheduling(ctx: Ctx): Reply {
  const rec = readableEvent(ctx);
  return rec.schedule ? json(200, schedulingObject(rec.schedule)) : empty(204);
}

/**
 * PUT, form parameters scheduling (required) and allowConflict (1.2.0+). allowConflict=true skips the conflict
 * check only for an administrator (spec § Authentication rule 2; a non-admin still gets the check, 409).
 */
export async function putScheduling(ctx: Ctx): Promise<Reply> {
  const rec = writableEvent(ctx);
  const form = await readForm(ctx.req);
  const text = form.text('scheduling');
  if (text === undefined || text.trim() === '') throw badRequest(`form parameter 'scheduling' is required`);
  const input = parseScheduleInput(parseJsonParam(text, 'scheduling'));
  if (!rec.schedule) throw badRequest(`event '${rec.id}' is not scheduled`);
  const next = mergeSchedule(rec.schedule, input);
  const allowConflict = atLeast(ctx.version, '1.2.0') && isTrue(form.text('allowConflict')) && ctx.caller.admin;
  if (!allowConflict) {
    const conflicts = findConflicts(ctx.app.store, [next], rec.episode.title, rec.id);
    if (conflicts.length > 0) throw new HttpError(409, 'scheduling conflict', conflicts);
  }
  rec.schedule = next;
  rec.archiveVersion++;
  ctx.app.store.commit(rec);
  return empty(204);
}
