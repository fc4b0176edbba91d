import type { CheckContext, CheckDef, CheckVerdict } from '../types.js';
import { excerpt, isVerdict, jsonOrFail, responseOrFail, toJson } from '../evidence.js';
import { statusCheck } from '../status.js';
import { schemaCheck } from '../schema.js';
import { occurrencesCheck } from './scheduling-occurrences.js';
import { PRECISION_QUESTION, PrecisionJudge } from '../../spec/precision.js';

/**
 * Checks of the scheduling rule family (specs/rules.yaml: events.create.schedule-*, rrule*, 409, no-conflict,
 * scheduled-state; events.update.schedule/409; conflicts.schema; scheduling.get.*; scheduling.put.*).
 * Times are compared as instants (never as text: "…Z", "….000Z" and "+00:00" are the same time), at the precision
 * the server shows (src/spec/precision.ts: the exact millisecond, or the second cut or rounded).
 */

const AFTER = { type: 'array', items: {} } as const;

/** When a step depends on events created earlier (`after`) and one was not created, the check cannot apply. */
function precondition(p: Record<string, unknown>): CheckVerdict | undefined {
  const after = (p.after as unknown[] | undefined) ?? [];
  if (after.some((id) => typeof id !== 'string' || id === '')) {
    const why = 'precondition: an event this step depends on could not be created (see the events.create.schedule-* results)';
    return { pass: false, skip: why, message: why };
  }
  return undefined;
}

/** `status`, skipped when an event the step depends on was not created (`after`: their identifiers). */
export const scheduleStatusCheck: CheckDef = {
  name: 'schedule-status',
  doc: 'the response status is one of `in`; skipped when an identifier of `after` is empty (its event was not created)',
  params: {
    type: 'object',
    required: ['in'],
    additionalProperties: false,
    properties: { in: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 100, maximum: 599 } }, after: AFTER },
  },
  run(ctx, p) {
    return precondition(p) ?? statusCheck.run(ctx, { in: p.in });
  },
};

/** spec § Scheduling information: GET …/scheduling gives agent_id, start and end of what was scheduled. */
export const scheduleIsCheck: CheckDef = {
  name: 'schedule-is',
  doc: 'the body is a scheduling object whose agent_id is `agent` (if given), whose start and end are the instants `start` and `end`, and whose inputs are `inputs` (if given, in any order); skipped when `writeStatus` (the write this read judges) is 400',
  params: {
    type: 'object',
    required: ['start', 'end'],
    additionalProperties: false,
    properties: {
      agent: { type: 'string' }, start: { type: 'string' }, end: { type: 'string' }, after: AFTER,
      inputs: { type: 'array', items: { type: 'string' } },
      writeStatus: { description: 'the status of the write this read judges; 400 (the inputs sent refused, e.g. an agent with one input) skips the check' },
    },
  },
  run(ctx, p) {
    if (Number(p.writeStatus) === 400) {
      const why = 'precondition: the write this read judges answered 400 (the server refused the inputs sent, e.g. its agent has only one input): not judged';
      return { pass: false, skip: why, message: why };
    }
    const pre = precondition(p);
    if (pre) return pre;
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return r;
    if (r.status !== 200) return { pass: false, message: `GET scheduling answered ${r.status}, not 200 with the schedule: ${excerpt(r.body, 200)}`, actual: r.status };
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const want = { ...(p.agent !== undefined ? { agent_id: p.agent } : {}), start: p.start, end: p.end, ...(Array.isArray(p.inputs) ? { inputs: p.inputs } : {}) };
    const s = j.value as Record<string, unknown> | null;
    if (!s || typeof s !== 'object' || Array.isArray(s)) return { pass: false, message: 'the body is not a scheduling object', expected: toJson(want), actual: toJson(s) };
    const wrong: string[] = [];
    const judge = new PrecisionJudge(ctx.readings?.get(PRECISION_QUESTION));
    if (p.agent !== undefined && s.agent_id !== p.agent) wrong.push(`agent_id ${JSON.stringify(s.agent_id)}`);
    if (!judge.same(s.start, p.start as string)) wrong.push(`start ${JSON.stringify(s.start)}`);
    if (!judge.same(s.end, p.end as string)) wrong.push(`end ${JSON.stringify(s.end)}`);
    if (Array.isArray(p.inputs)) {
      const sorted = (v: unknown) => (Array.isArray(v) ? JSON.stringify(v.map(String).sort()) : JSON.stringify(v ?? null));
      if (sorted(s.inputs) !== sorted(p.inputs)) wrong.push(`inputs ${JSON.stringify(s.inputs ?? null)}`);
    }
    const actual = toJson({ agent_id: s.agent_id, start: s.start, end: s.end, ...(Array.isArray(p.inputs) ? { inputs: s.inputs ?? null } : {}) });
    if (wrong.length) return { pass: false, message: `scheduled ${p.start}–${p.end}${p.agent ? ` on ${p.agent}` : ''}, but GET scheduling says ${wrong.join(', ')}${judge.fixedNote()}`, expected: toJson(want), actual };
    const learned = judge.learning(`GET scheduling ${String(s.start)}–${String(s.end)} for ${String(p.start)}–${String(p.end)}`);
    return { pass: true, message: `scheduled ${s.start}–${s.end}`, expected: toJson(want), actual, ...(learned ? { learned } : {}) };
  },
};

function conflictList(ctx: CheckContext, p: Record<string, unknown>): { list: unknown[] } | CheckVerdict {
  const pre = precondition(p);
  if (pre) return pre;
  const r = responseOrFail(ctx);
  if (isVerdict(r)) return r;
  if (r.status !== 409) return { pass: false, message: `expected 409 with the conflicts, got ${r.status}: ${excerpt(r.body, 200)}`, actual: r.status };
  const j = jsonOrFail(ctx);
  if (isVerdict(j)) return j;
  if (!Array.isArray(j.value)) return { pass: false, message: 'the 409 body is not an array of conflict entries', actual: toJson(j.value) };
  return { list: j.value };
}

/**
 * spec § Conflict entry / 409: "The body is an array of conflict entries (start, end, title)". The conflict
 * with the run's own existing event must be listed: its (tagged) title and its start and end instants.
 */
export const conflictEntryCheck: CheckDef = {
  name: 'conflict-entry',
  doc: 'the 409 body is an array with an entry whose title is `title` and whose start and end are the instants `start` and `end`',
  params: {
    type: 'object',
    required: ['title', 'start', 'end'],
    additionalProperties: false,
    properties: { title: { type: 'string' }, start: { type: 'string' }, end: { type: 'string' }, after: AFTER },
  },
  run(ctx, p) {
    const got = conflictList(ctx, p);
    if (isVerdict(got)) return got;
    const want = { title: p.title, start: p.start, end: p.end };
    const entries = got.list.filter((e): e is Record<string, unknown> => !!e && typeof e === 'object');
    const byTitle = entries.filter((e) => e.title === p.title);
    const fixed = ctx.readings?.get(PRECISION_QUESTION);
    const hit = byTitle.find((e) => { const j = new PrecisionJudge(fixed); return j.same(e.start, p.start as string) && j.same(e.end, p.end as string); });
    if (hit) return { pass: true, message: `the conflict with "${p.title}" is listed`, expected: toJson(want), actual: toJson(hit) };
    const message = byTitle.length
      ? `the conflict with "${p.title}" is listed with other times than ${p.start}–${p.end}`
      : `no conflict entry names the existing event "${p.title}" (${got.list.length} entries)`;
    return { pass: false, message, expected: toJson(want), actual: toJson(got.list.slice(0, 10)) };
  },
};

const ENTRY = { type: 'object', required: ['title', 'start', 'end'], additionalProperties: false, properties: { title: { type: 'string' }, start: { type: 'string' }, end: { type: 'string' } } };

/**
 * events.create.409 where a schedule overlaps several events: the 409 body names at least one of them and nothing
 * else. Whether it lists every conflicting event or only the first found is not shown (spec § Conflict entry: "A
 * list of these is returned with status 409"), so a non-empty subset passes.
 */
export const conflictsAmongCheck: CheckDef = {
  name: 'conflicts-among',
  doc: 'the 409 body is a non-empty array each of whose entries is (title, start and end as instants) one of `events`',
  params: { type: 'object', required: ['events'], additionalProperties: false, properties: { events: { type: 'array', minItems: 1, items: ENTRY }, after: AFTER } },
  run(ctx, p) {
    const got = conflictList(ctx, p);
    if (isVerdict(got)) return got;
    const want = p.events as { title: string; start: string; end: string }[];
    if (got.list.length === 0) return { pass: false, message: `the 409 body is an empty array; it names none of the ${want.length} conflicting events`, expected: toJson(want), actual: [] };
    const fixed = ctx.readings?.get(PRECISION_QUESTION);
    const at = (e: unknown, w: { start: string; end: string }) => {
      const o = (e ?? {}) as Record<string, unknown>;
      const j = new PrecisionJudge(fixed);
      return j.same(o.start, w.start) && j.same(o.end, w.end);
    };
    const stray = got.list.find((e) => !want.some((w) => at(e, w)));
    if (stray) return { pass: false, message: 'a conflict entry names no conflicting event (its start and end are those of none of the overlapped events)', expected: toJson(want), actual: toJson(got.list.slice(0, 10)) };
    const misnamed = got.list.find((e) => !want.some((w) => at(e, w) && (e as Record<string, unknown>).title === w.title));
    if (misnamed) return { pass: false, message: 'a conflict entry does not name the conflicting event\'s title', expected: toJson(want), actual: toJson(misnamed) };
    return { pass: true, message: `the ${got.list.length} conflict entries name conflicting events`, expected: toJson(want), actual: toJson(got.list.slice(0, 10)) };
  },
};

/**
 * spec § Conflict entry: "A list of these is returned with status 409": the step's schedule overlaps one of the
 * run's own, so a response other than 409 with a conflict-list body fails (issue 11 item 6: a missing 409 is not a
 * skip). Only an unmet precondition (`after`: an event it depends on was not created) skips.
 */
export const conflictShapeCheck: CheckDef = {
  name: 'conflict-shape',
  doc: 'the response is 409 and its body conforms to the shape conflict-list (entries with start, end, title); skipped only when an event of `after` was not created',
  params: { type: 'object', additionalProperties: false, properties: { after: AFTER } },
  run(ctx, p) {
    const got = conflictList(ctx, p);
    if (isVerdict(got)) return got;
    return schemaCheck.run(ctx, { shape: 'conflict-list' });
  },
};

/** spec § Scheduling information: the 200 body of GET …/scheduling conforms to the shape scheduling. */
export const schedulingShapeCheck: CheckDef = {
  name: 'scheduling-shape',
  doc: 'a 200 body conforms to the shape scheduling (agent_id, start, end as UTC datetimes; inputs if present); skipped for other statuses (the status rule judges them)',
  params: { type: 'object', additionalProperties: false, properties: { after: AFTER } },
  run(ctx, p) {
    const pre = precondition(p);
    if (pre) return pre;
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return r;
    if (r.status !== 200) {
      const why = `no scheduling object to check: the response is ${r.status}`;
      return { pass: false, skip: why, message: why };
    }
    return schemaCheck.run(ctx, { shape: 'scheduling' });
  },
};

/** Checks of the scheduling rule family. */
export const CHECKS_SCHEDULING: CheckDef[] = [scheduleStatusCheck, scheduleIsCheck, conflictEntryCheck, conflictsAmongCheck, conflictShapeCheck, schedulingShapeCheck, occurrencesCheck];
