import { empty, json, type Ctx, type Reply } from '../app.js';
import { readableEvent, writableEvent } from '../event-access.js';
import { findConflicts } from '../conflicts.js';
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
import { hook, type ConflictAsk, type SchedulingInput } from '../hooks.js';

/** Scheduling information, 1.1.0+ (spec § Scheduling information). PUT asks the write points (hooks.ts). */


/** GET → 200 {agent_id, start, end, inputs?}; 204 when the event is not scheduled; 404 when it does not exist. */
export function getScheduling(ctx: Ctx): Reply {
  const rec = readableEvent(ctx);
  return rec.schedule ? json(200, schedulingObject(rec.schedule, shapeStyle(ctx.app))) : empty(204);
}

const PUT = 'PUT /api/events/{id}/scheduling';

/**
 * The `scheduling` form parameter as JSON (required; 400 when missing or no JSON), or the reply a buggy server gives
 * instead of that 400 (hook point writeInput, asked without the scheduling object).
 */
function schedulingJson(ctx: Ctx, sent: SchedulingInput, text: string | undefined): { value: unknown } | { reply: Reply } {
  try {
    if (text === undefined || text.trim() === '') throw badRequest(`form parameter 'scheduling' is required`);
    return { value: parseJsonParam(text, 'scheduling') };
  } catch (e) {
    const reply = hook(ctx).writeInput(ctx, sent).reply;
    if (reply) return { reply };
    throw e;
  }
}

/**
 * PUT, form parameters scheduling (required) and allowConflict (1.2.0+). allowConflict=true skips the conflict
 * check only for an administrator (spec § Authentication rule 2; a non-admin still gets the check, 409).
 */
export async function putScheduling(ctx: Ctx): Promise<Reply> {
  const rec = writableEvent(ctx);
  const form = await readParams(ctx);
  const allowConflict = form.text('allowConflict');
  const sent = { at: PUT, rec, allowConflict, asked: atLeast(ctx.version, '1.2.0') && isTrue(allowConflict), anyone: false } as const;
  const read = schedulingJson(ctx, sent, form.text('scheduling'));
  if ('reply' in read) return read.reply;
  const parsed = parseScheduleInput(read.value);
  checkScheduling(ctx, parsed, false);
  checkCompletePut(ctx, parsed);
  if (!rec.schedule) throw badRequest(`event '${rec.id}' is not scheduled`);
  const { input = parsed, asked, anyone, reply } = hook(ctx).writeInput(ctx, { ...sent, input: parsed }) as SchedulingInput;
  if (reply) return reply;
  const allowed = asked && (ctx.caller.admin || anyone);
  const merged = mergeSchedule(rec.schedule, input, (ms) => kept(ctx.app, ms));
  const ask: ConflictAsk = { at: PUT, rec, cur: rec.schedule, input, title: rec.episode.title, exclude: rec.id, rules: conflictRules(ctx.app) };
  const found = allowed ? [] : findConflicts(ctx.app.store, [merged], ask.title, ask.exclude, undefined, ask.rules);
  const plan = hook(ctx).writePlan(ctx, { planned: [merged], checked: !allowed, found }, ask);
  const [next] = plan.planned;
  checkNotPast(ctx, [next]);
  if (!anyone) checkAllowConflict(ctx, asked);
  if (plan.found.length > 0) {
    plan.refused?.();
    throw new HttpError(409, 'scheduling conflict', plan.body ?? plan.found);
  }
  if (!hook(ctx).writeSkipped(ctx, false, rec)) {
    const before = { schedule: rec.schedule };
    rec.schedule = next;
    hook(ctx).stored(ctx, { at: PUT, rec, before });
    rec.archiveVersion++;
    ctx.app.store.commit(rec);
  }
  return empty(204);
}
