import { family } from './types.js';
import { json, empty, type Ctx, type Reply } from '../app.js';
import type { Clash, ConflictEntry } from '../conflicts.js';
import type { ScheduleInput } from '../schedule.js';
import { isoSeconds, isoDate } from '../time.js';
import { badRequest, HttpError, type EventRecord, type Schedule } from '../types.js';
import { schedulingObject } from '../serialize.js';
import { rememberPut } from './event-body.js';
import { EPISODE_FLAVOR, type FieldInput } from '../episode.js';
import type { EventParts } from '../event-parts.js';
import { LATE_MS, nth } from './mutant-state.js';

/** The scheduling family: planted bugs of scheduling, conflicts and recurring plans (rules scheduling.*, events.create schedule rules, conflicts.*). */

/**
 * Mutants of scheduling (1.1.0+): the scheduling part of POST /api/events and POST /api/events/{id}, conflicts,
 * GET/PUT /api/events/{id}/scheduling and allowConflict (1.2.0+). Each is a bug an implementer could make.
 */
export const SCHEDULING_MUTANTS = family({
  'rrule-until-ignored': {
    rule: 'events.create.rrule',
    description: 'The rule\'s own UNTIL is ignored: the occurrences run to the end of the period (the reference server\'s own bug until this session).',
    since: '1.1.0',
  },
  'schedule-end-ignored': {
    rule: 'events.create.schedule-single',
    description: 'A single schedule given with start and end ignores the end and lasts a default hour.',
    since: '1.1.0',
  },
  'schedule-duration-ignored': {
    rule: 'events.create.schedule-duration',
    description: 'A single schedule given with start and duration ignores the duration: the event ends when it starts.',
    since: '1.1.0',
  },
  'schedule-end-rounded-up': {
    rule: 'events.create.schedule-duration',
    description: 'A single schedule given with start and duration ends at start + duration rounded UP to the next whole second (a ceiling, no legal precision): start + 4300367296 ms ends at …:48Z, not …:47.296Z or …:47Z.',
    since: '1.1.0',
  },
  'schedule-neither-accepted': {
    rule: 'events.create.schedule-end-or-duration',
    description: 'A single schedule with neither end nor duration is accepted with a default hour instead of 400.',
    since: '1.1.0',
  },
  'schedule-both-accepted': {
    rule: 'events.create.schedule-both',
    description: 'A schedule with both end and duration is accepted (duration wins) instead of 400, as real Opencast does.',
    since: '1.1.0',
  },
  'schedule-agent-optional': {
    rule: 'events.create.schedule-required',
    description: 'A schedule without agent_id is accepted (on an empty agent) instead of 400.',
    since: '1.1.0',
  },
  'rrule-first-only': {
    rule: 'events.create.rrule',
    description: 'An rrule schedule creates only its first occurrence (answered 200 with that one identifier).',
    since: '1.1.0',
  },
  'rrule-201-single': {
    rule: 'events.create.rrule-200',
    description: 'An rrule schedule creates every occurrence but answers like a single creation: 201 with one identifier.',
    since: '1.1.0',
  },
  'rrule-duration-optional': {
    rule: 'events.create.rrule-duration',
    description: 'An rrule schedule without duration is accepted (each occurrence lasts a default hour) instead of 400.',
    since: '1.1.0',
  },
  'create-conflict-ignored': {
    rule: 'events.create.409',
    description: 'Creation does not check for conflicts: an overlapping schedule on the same agent is created (201).',
    since: '1.1.0',
  },
  'create-conflict-same-day': {
    rule: 'events.create.no-conflict',
    description: 'Creation compares days, not times: any event of the agent on the same day is a conflict (409).',
    since: '1.1.0',
  },
  'scheduled-state-running': {
    rule: 'events.create.scheduled-state',
    description: 'A scheduled event reports processing_state RUNNING instead of INSTANTIATED.',
    since: '1.1.0',
  },
  'update-schedule-ignored': {
    rule: 'events.update.schedule',
    description: 'POST /api/events/{id} answers 204 but drops the scheduling part: the schedule stays.',
    since: '1.1.0',
  },
  'update-conflict-ignored': {
    rule: 'events.update.409',
    description: 'POST /api/events/{id} does not check the new schedule for conflicts: it is applied (204).',
    since: '1.1.0',
  },
  'conflict-no-title': {
    rule: 'conflicts.schema',
    description: 'Conflict entries of PUT …/scheduling lack the member title (only start and end).',
    since: '1.1.0',
  },
  'scheduling-get-always-204': {
    rule: 'scheduling.get.status',
    description: 'GET …/scheduling answers 204 for every event, scheduled or not (it tests the wrong field).',
    since: '1.1.0',
  },
  'scheduling-get-agent-camel': {
    rule: 'scheduling.get.schema',
    description: 'GET …/scheduling names the agent member agentId instead of agent_id.',
    since: '1.1.0',
  },
  'scheduling-get-end-shifted': {
    rule: 'scheduling.get.values',
    description: 'GET …/scheduling reports the end one hour late (a time-zone offset applied to the end only).',
    since: '1.1.0',
  },
  'scheduling-get-unscheduled-404': {
    rule: 'scheduling.get.204',
    description: 'GET …/scheduling answers 404 for an event that exists but is not scheduled.',
    since: '1.1.0',
  },
  'scheduling-get-unknown-204': {
    rule: 'scheduling.get.404',
    description: 'GET …/scheduling answers 204 for an event that does not exist (treated as "not scheduled").',
    since: '1.1.0',
  },
  'scheduling-put-200': {
    rule: 'scheduling.put.204',
    description: 'PUT …/scheduling answers 200 with the new scheduling object instead of 204.',
    since: '1.1.0',
  },
  'scheduling-put-ignored': {
    rule: 'scheduling.put.applies',
    description: 'PUT …/scheduling answers 204 but does not store the new schedule.',
    since: '1.1.0',
  },
  'scheduling-put-bad-json-accepted': {
    rule: 'scheduling.put.400',
    description: 'PUT …/scheduling with a scheduling parameter that is not JSON (or none) answers 204 and changes nothing.',
    since: '1.1.0',
  },
  'scheduling-put-unknown-204': {
    rule: 'scheduling.put.404',
    description: 'PUT …/scheduling on an event that does not exist answers 204.',
    since: '1.1.0',
  },
  'scheduling-put-conflict-ignored': {
    rule: 'scheduling.put.409',
    description: 'PUT …/scheduling without allowConflict does not check for conflicts: the overlapping schedule is applied.',
    since: '1.1.0',
  },
  'allow-conflict-ignored': {
    rule: 'scheduling.put.allow-conflict',
    description: 'allowConflict=true is ignored, also for an administrator: the conflict check runs (409).',
    since: '1.2.0',
  },
  'allow-conflict-anyone': {
    rule: 'scheduling.put.allow-conflict-admin-only',
    description: 'allowConflict=true skips the conflict check for any caller with write access, not only administrators.',
    since: '1.2.0',
  },
});

/**
 * Scheduling mutants (spec § POST /api/events, Scheduling rules 1-3 and "200: several
 * events were created by scheduling with rrule"; "409: scheduling conflict. The body is an array of conflict
 * entries"; § Conflict entry: start, end, title; § Scheduling information: GET "204 when the event is not
 * scheduled", PUT "204 (updated); 400; 404; 409", "allowConflict (boolean, default false, since 1.2.0)").
 * Bug sites: handlers/create.ts, update.ts, scheduling.ts and event.ts (deletions).
 */
export const SCHEDULE_CREATE_MUTANTS = family({
  'rrule-end-optional': {
    rule: 'events.create.rrule-end',
    description: 'An rrule schedule without end is accepted when the rule has COUNT (the occurrences run for up to a year) instead of 400 (rule 3: "give rrule, end and duration").',
    since: '1.1.0',
  },
  'rrule-until-exclusive': {
    rule: 'events.create.rrule',
    description: 'UNTIL in the rrule is treated as exclusive: an occurrence starting exactly at UNTIL is not created.',
    since: '1.1.0',
  },
  'rrule-byday-first-only': {
    rule: 'events.create.rrule',
    description: 'BYDAY with several days uses only the first one: BYDAY=MO,WE creates the Mondays only.',
    since: '1.1.0',
  },
  'rrule-month-end': {
    rule: 'events.create.rrule',
    description: 'Occurrences are expanded for the calendar month of start only: occurrences after that month ends are not created.',
    since: '1.1.0',
  },
  'conflict-deleted-event': {
    rule: 'events.create.no-conflict',
    description: 'A deleted event keeps its slot in the agent calendar: creating a schedule where it was answers 409.',
    since: '1.1.0',
  },
  'conflict-old-slot': {
    rule: 'events.create.no-conflict',
    description: 'A re-scheduled event (PUT …/scheduling or update) keeps its old slot for conflict detection: creating a schedule there answers 409.',
    since: '1.1.0',
  },
  'conflict-any-agent': {
    rule: 'events.create.no-conflict',
    description: 'Creation checks overlaps against every capture agent, not only the one asked for: 409 for an overlap on another agent.',
    since: '1.1.0',
  },
  'update-schedule-self-conflict': {
    rule: 'events.update.schedule',
    description: 'POST /api/events/{id} with a scheduling part that overlaps the event\'s own current slot answers 409 (the event conflicts with itself).',
    since: '1.1.0',
  },
  'scheduling-put-self-conflict': {
    rule: 'scheduling.put.204',
    description: 'PUT …/scheduling that overlaps the event\'s own current slot answers 409 (the event conflicts with itself).',
    since: '1.1.0',
  },
  'create-conflict-no-title': {
    rule: 'conflicts.schema',
    description: 'Conflict entries of a refused creation (409) lack the member title (only start and end).',
    since: '1.1.0',
  },
  'update-conflict-body-object': {
    rule: 'events.update.409',
    description: 'The 409 of POST /api/events/{id} carries {"conflicts": [...]} (an object) instead of the array of conflict entries.',
    since: '1.1.0',
  },
  'scheduling-get-unscheduled-200': {
    rule: 'scheduling.get.204',
    description: 'GET …/scheduling of an event that is not scheduled answers 200 with {} instead of 204.',
    since: '1.1.0',
  },
  'scheduling-put-duration-old-start': {
    rule: 'scheduling.put.applies',
    description: 'PUT …/scheduling with start and duration computes the end from the old start: end = old start + duration.',
    since: '1.1.0',
  },
  'allow-conflict-false-honoured': {
    rule: 'scheduling.put.409',
    description: 'allowConflict is tested for presence, not value: an administrator sending allowConflict=false skips the conflict check (204).',
    since: '1.2.0',
  },
});

/** Bug site (handlers/create.ts, before planning): the rrule as a buggy server reads it. */
export function sectionRrule(ctx: Ctx, s: ScheduleInput | undefined): void {
  if (s?.rrule && s.endMs === undefined && s.startMs !== undefined && /COUNT=/i.test(s.rrule) && ctx.app.bug('rrule-end-optional')) {
    s.endMs = s.startMs + 366 * 86_400_000;
  }
  if (!s?.rrule || !ctx.app.bug('rrule-byday-first-only')) return;
  s.rrule = s.rrule.replace(/BYDAY=([^;]+)/i, (_m, days: string) => `BYDAY=${days.split(',')[0]}`);
}

function untilMs(rule: string): number | undefined {
  const m = /UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2}))?/i.exec(rule);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) : undefined;
}

/** Bug site (handlers/create.ts, after planning): the occurrences a buggy server creates. */
export function sectionPlan(ctx: Ctx, s: ScheduleInput | undefined, plan: Schedule[] | undefined): Schedule[] | undefined {
  if (!plan || !s?.rrule || plan.length === 0) return plan;
  const { bug } = ctx.app;
  let out = plan;
  const until = untilMs(s.rrule);
  if (bug('rrule-until-exclusive') && until !== undefined) out = out.filter((p) => p.startMs !== until);
  if (bug('rrule-month-end')) {
    const month = (ms: number) => new Date(ms).getUTCFullYear() * 12 + new Date(ms).getUTCMonth();
    out = out.filter((p) => month(p.startMs) === month(plan[0].startMs));
  }
  if (out.length === 0) throw badRequest(`scheduling: the rrule has no occurrence between start and end`);
  return out;
}

interface Slot { schedule: Schedule; title: string; id: string }
const deleted = new WeakMap<object, Slot[]>();
const oldSlots = new WeakMap<object, Slot[]>();

function push(m: WeakMap<object, Slot[]>, owner: object, slot: Slot): void {
  m.set(owner, [...(m.get(owner) ?? []), slot]);
}

/** Bug site (handlers/event.ts deleteEvent): the slot a buggy server forgets to free. */
export function sectionDeleting(ctx: Ctx, rec: EventRecord): void {
  if (ctx.app.bug('conflict-deleted-event') && rec.schedule) push(deleted, ctx.app, { schedule: rec.schedule, title: rec.episode.title, id: rec.id });
}

/** Bug site (handlers/update.ts and scheduling.ts, when a schedule is replaced): the old slot a buggy server keeps. */
export function sectionRescheduled(ctx: Ctx, rec: EventRecord, old: Schedule | undefined, next: Schedule | undefined): void {
  if (!ctx.app.bug('conflict-old-slot') || !old || old === next) return;
  push(oldSlots, ctx.app, { schedule: old, title: rec.episode.title, id: rec.id });
}

const entry = (s: Schedule, title: string): ConflictEntry => ({ start: isoSeconds(s.startMs), end: isoSeconds(s.endMs), title });

/** Bug site (handlers/create.ts): the conflicts a buggy creation reports. */
export function sectionCreateConflicts(ctx: Ctx, conflicts: ConflictEntry[], plan: Schedule[]): ConflictEntry[] {
  const { bug, store } = ctx.app;
  const out = [...conflicts];
  const add = (s: Schedule, title: string) => {
    const e = entry(s, title);
    if (!out.some((c) => c.start === e.start && c.end === e.end && c.title === e.title)) out.push(e);
  };
  const hits = (s: Schedule, sameAgent: boolean, touch: boolean) => plan.some((p) => (!sameAgent || p.agentId === s.agentId)
    && (touch ? p.startMs <= s.endMs && s.startMs <= p.endMs : p.startMs < s.endMs && s.startMs < p.endMs));
  for (const rec of store.values()) {
    if (!rec.schedule) continue;
    if (bug('conflict-any-agent') && hits(rec.schedule, false, false)) add(rec.schedule, rec.episode.title);
  }
  if (bug('conflict-deleted-event')) for (const d of deleted.get(ctx.app) ?? []) if (hits(d.schedule, true, false)) add(d.schedule, d.title);
  if (bug('conflict-old-slot')) {
    for (const d of oldSlots.get(ctx.app) ?? []) if (store.get(d.id) && hits(d.schedule, true, false)) add(d.schedule, d.title);
  }
  if (bug('create-conflict-no-title')) return out.map(({ start, end }) => ({ start, end }) as ConflictEntry);
  return out;
}

/** Bug site (handlers/update.ts and scheduling.ts): the event excluded from its own conflict check. */
export function sectionExclude(ctx: Ctx, where: 'update' | 'put', id: string): string | undefined {
  const self = where === 'update' ? ctx.app.bug('update-schedule-self-conflict') : ctx.app.bug('scheduling-put-self-conflict');
  return self ? undefined : id;
}

/** Bug site (handlers/update.ts, the 409): the body a buggy update sends. */
export function sectionUpdateConflictBody(ctx: Ctx, conflicts: ConflictEntry[]): unknown {
  return ctx.app.bug('update-conflict-body-object') ? { conflicts } : conflicts;
}

/** Bug site (handlers/scheduling.ts getScheduling): the answer for an unscheduled event, if a buggy one. */
export function sectionUnscheduled(ctx: Ctx): Reply | undefined {
  return ctx.app.bug('scheduling-get-unscheduled-200') ? json(200, {}) : undefined;
}

/** Bug site (handlers/scheduling.ts putScheduling): the merged schedule as a buggy server computes it. */
export function sectionMerge(ctx: Ctx, cur: Schedule, input: ScheduleInput, next: Schedule): Schedule {
  if (!ctx.app.bug('scheduling-put-duration-old-start') || input.durationMs === undefined || input.startMs === undefined) return next;
  const endMs = cur.startMs + input.durationMs;
  if (endMs <= next.startMs) throw badRequest(`scheduling 'end' must be after 'start'`);
  return { ...next, endMs };
}

/** Bug site (handlers/scheduling.ts): allowConflict as a presence test. */
export function sectionAllowConflictPresent(ctx: Ctx, value: string | undefined): boolean {
  return ctx.app.bug('allow-conflict-false-honoured') && value !== undefined && value.trim() !== '';
}

/**
 * Scheduling-endpoint mutants (spec § Scheduling information: "start | yes |
 * datetime (UTC)", "end | yes* | datetime (UTC)", "inputs"; § Scheduling information endpoints: GET "200 with a
 * scheduling object (agent_id, start, end, inputs)", PUT "204 (updated); 400; 404; 409 with an array of conflict
 * entries"; § Errors: "400 | Invalid or inconsistent request (... scheduling update)"). Bug sites: handlers/scheduling.ts.
 */
export const SCHEDULING_ENDPOINT_MUTANTS = family({
  'scheduling-put-inputs-ignored': {
    rule: 'scheduling.put.applies',
    description: 'PUT …/scheduling applies agent_id, start and end but keeps the stored inputs: new inputs sent are dropped (they live in the agent\'s configuration, written only at creation).',
    since: '1.1.0',
  },
  'scheduling-put-end-before-start': {
    rule: 'scheduling.put.400',
    description: 'PUT …/scheduling sending only end accepts an end before the stored start (204): the end-after-start check runs only when both are sent.',
    since: '1.1.0',
  },
  'scheduling-put-conflict-old-agent': {
    rule: 'scheduling.put.409',
    description: 'PUT …/scheduling that moves the event to another capture agent checks conflicts on its old agent: an overlap on the new agent is missed (204).',
    since: '1.1.0',
  },
  'scheduling-get-summer-shift': {
    rule: 'scheduling.get.values',
    description: 'GET …/scheduling shows start and end one hour early for recordings in (European) summer time: a local-time conversion with the winter offset. January schedules are right.',
    since: '1.1.0',
  },
});

/** Bug site (handlers/scheduling.ts putScheduling, before the merge): a buggy server's early answer, if any. */
export function lifecyclePutEarly(ctx: Ctx, rec: EventRecord, input: ScheduleInput): Reply | undefined {
  const cur = rec.schedule;
  if (!ctx.app.bug('scheduling-put-end-before-start') || !cur || input.endMs === undefined) return undefined;
  if (input.startMs !== undefined || input.durationMs !== undefined || input.endMs > cur.startMs || input.rrule !== undefined) return undefined;
  rec.schedule = { ...cur, ...(input.agentId ? { agentId: input.agentId } : {}), endMs: input.endMs };
  rec.archiveVersion++;
  ctx.app.store.commit(rec);
  return empty(204);
}

/** Bug site (handlers/scheduling.ts putScheduling, the merged schedule): changed in place as a buggy server stores it. */
export function lifecyclePutNext(ctx: Ctx, rec: EventRecord, input: ScheduleInput, next: Schedule): void {
  const { bug } = ctx.app;
  if (bug('state-scheduled-after-put') || bug('list-withscheduling-stale')) rememberPut(rec);
  if (bug('scheduling-put-inputs-ignored') && input.inputs !== undefined) {
    if (rec.schedule?.inputs) next.inputs = [...rec.schedule.inputs];
    else delete next.inputs;
  }
}

/** Bug site (handlers/scheduling.ts, the conflict check): the schedules a buggy server checks. */
export function lifecycleConflictProbe(ctx: Ctx, rec: EventRecord, next: Schedule): Schedule[] {
  if (!ctx.app.bug('scheduling-put-conflict-old-agent') || !rec.schedule) return [next];
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
export function lifecycleShownSchedule(ctx: Ctx, s: Schedule, o: Record<string, unknown>): void {
  if (!ctx.app.bug('scheduling-get-summer-shift')) return;
  if (summer(s.startMs)) o.start = isoSeconds(s.startMs - 3_600_000);
  if (summer(s.endMs)) o.end = isoSeconds(s.endMs - 3_600_000);
}

/**
 * Composite values written in part (spec § Metadata: PUT "Fields not included are not
 * updated"; § POST /api/events/{event_id}: "Updates an event. The multipart parts are the same as for creation";
 * § Scheduling information endpoints: PUT "204 (updated)"). The start of an event is the pair startDate/startTime; a
 * schedule is agent_id, start, end (or duration) and inputs. Bug sites: mutants/sites.ts.
 */
export const WRITTEN_IN_PART_MUTANTS = family({
  'metadata-put-starttime-resets-date': {
    rule: 'metadata.put.unsent-unchanged',
    description: 'PUT /metadata?type=dublincore/episode sending only startTime rebuilds the start from the creation date: startDate (not sent) becomes the day the event was created.',
  },
  'update-startdate-resets-time': {
    rule: 'events.update.metadata',
    description: 'POST /api/events/{id} whose dublincore/episode carries startDate without startTime sets the start to 00:00 of that day: the stored startTime is lost.',
  },
  'scheduling-put-agent-resets-end': {
    rule: 'scheduling.put.applies',
    description: 'PUT …/scheduling sending only agent_id rebuilds the times with a default length: end becomes start + 1 h instead of the stored end.',
    since: '1.1.0',
  },
});

const has = (fields: FieldInput[], id: string) => fields.some((f) => f.id === id);

/** Bug site (PUT /metadata, the fields applied). */
export function partialPutFields(ctx: Ctx, rec: EventRecord, type: string, fields: FieldInput[]): FieldInput[] {
  if (!ctx.app.bug('metadata-put-starttime-resets-date') || type !== EPISODE_FLAVOR) return fields;
  if (!has(fields, 'startTime') || has(fields, 'startDate')) return fields;
  return [...fields, { id: 'startDate', value: isoDate(rec.createdMs) }];
}

/** Bug site (POST /api/events/{id}, the parts applied). */
export function partialUpdateParts(ctx: Ctx, parts: EventParts): void {
  const fields = parts.metadata?.episode;
  if (!ctx.app.bug('update-startdate-resets-time') || !fields) return;
  if (has(fields, 'startDate') && !has(fields, 'startTime')) fields.push({ id: 'startTime', value: '00:00:00Z' });
}

/** Bug site (PUT …/scheduling, the merged schedule). */
export function partialPutNext(ctx: Ctx, input: ScheduleInput, next: Schedule): void {
  if (!ctx.app.bug('scheduling-put-agent-resets-end') || input.agentId === undefined) return;
  if (input.startMs === undefined && input.endMs === undefined && input.durationMs === undefined) next.endMs = next.startMs + 3_600_000;
}

/** Bug site (hook writePlan): an update's conflicts are ignored. */
export function updateConflictIgnored(ctx: Ctx, conflicts: number): number {
  return ctx.app.bug('update-conflict-ignored') ? 0 : conflicts;
}

/** Bug site (hook stored): an update's scheduling part is accepted but not applied. */
export function updateScheduleIgnored(ctx: Ctx, kept: boolean): boolean {
  return kept || ctx.app.bug('update-schedule-ignored');
}

type Obj = Record<string, unknown>;

/** Bug sites (hook scheduleShown.early): GET or PUT of an unknown id answers 204. */
export function schedulingUnknown(ctx: Ctx, reply: Reply | undefined, method: 'get' | 'put'): Reply | undefined {
  if (reply) return reply;
  return ctx.app.bug(method === 'get' ? 'scheduling-get-unknown-204' : 'scheduling-put-unknown-204') && !ctx.app.store.get(ctx.params[0]) ? empty(204) : undefined;
}

/** Bug sites (hook scheduleShown.found): an unscheduled event answers 404, or every event 204. */
export function schedulingFound(ctx: Ctx, reply: Reply | undefined, rec: EventRecord): Reply | undefined {
  if (reply) return reply;
  if (!rec.schedule && ctx.app.bug('scheduling-get-unscheduled-404')) throw new HttpError(404, `event '${rec.id}' has no scheduling`);
  return ctx.app.bug('scheduling-get-always-204') ? empty(204) : undefined;
}

/** Bug site (hook scheduleShown.shown, first): the end shown an hour late. */
export function schedulingEndShifted(ctx: Ctx, o: Obj, s: Schedule): Obj {
  if (ctx.app.bug('scheduling-get-end-shifted')) o.end = isoSeconds(s.endMs + 3_600_000);
  return o;
}

/** Bug site (hook scheduleShown.shown, last): agent_id shown as agentId. */
export function schedulingAgentCamel(ctx: Ctx, o: Obj): Obj {
  if (!ctx.app.bug('scheduling-get-agent-camel')) return o;
  const { agent_id: agentId, ...rest } = o;
  return { agentId, ...rest };
}

/** Bug site (hook writeInput): a bad `scheduling` parameter answers 204. */
export function schedulingBadJson(ctx: Ctx, reply: Reply | undefined): Reply | undefined {
  return reply ?? (ctx.app.bug('scheduling-put-bad-json-accepted') ? empty(204) : undefined);
}

/** Bug site (hook writeInput): allowConflict=true is ignored. */
export function allowConflictIgnored(ctx: Ctx, sent: boolean): boolean {
  return sent && !ctx.app.bug('allow-conflict-ignored');
}

/** Bug site (hook writeInput): allowConflict=true skips the check for anyone. */
export function allowConflictAnyone(ctx: Ctx, anyone: boolean): boolean {
  return anyone || ctx.app.bug('allow-conflict-anyone');
}

/** Bug site (hook writePlan): PUT never checks conflicts. */
export function schedulingPutConflictIgnored(ctx: Ctx, unchecked: boolean): boolean {
  return unchecked || ctx.app.bug('scheduling-put-conflict-ignored');
}

/** Bug site (hook writePlan): the conflicts of a PUT lack their title. */
export function conflictNoTitle(ctx: Ctx, conflicts: unknown[]): unknown[] {
  return ctx.app.bug('conflict-no-title') ? (conflicts as ConflictEntry[]).map(({ start, end }) => ({ start, end })) : conflicts;
}

/** Bug site (hook writeSkipped): PUT answers success but keeps the old schedule. */
export function schedulingPutIgnored(ctx: Ctx, kept: boolean): boolean {
  return kept || ctx.app.bug('scheduling-put-ignored');
}

/** Bug site (hook response): PUT answers 200 with the schedule. */
export function schedulingPut200(ctx: Ctx, reply: Reply, next: Schedule): Reply {
  return ctx.app.bug('scheduling-put-200') ? json(200, schedulingObject(next)) : reply;
}

/** Bug site (hook stored): a new scheduled event is RUNNING. */
export function scheduledStateRunning(ctx: Ctx): string | undefined {
  return ctx.app.bug('scheduled-state-running') ? 'RUNNING' : undefined;
}

/** Bug site (hook writePlan, last): a create never answers 409. */
export function createConflictIgnored(ctx: Ctx, conflicts: ConflictEntry[]): ConflictEntry[] {
  return ctx.app.bug('create-conflict-ignored') ? [] : conflicts;
}

/** Bug site (hook response): a recurring create answers 201 with one identifier. */
export function rruleSingle(ctx: Ctx, asArray: boolean): boolean {
  return asArray && !ctx.app.bug('rrule-201-single');
}

const DAY_MS = 86_400_000;

/** Bug site (hook writePlan): a create compares days, not times. */
export function conflictSameDay(ctx: Ctx, clash: Clash | undefined): Clash | undefined {
  if (!ctx.app.bug('create-conflict-same-day')) return clash;
  return (a, b) => a.agentId === b.agentId && Math.floor(a.startMs / DAY_MS) === Math.floor(b.startMs / DAY_MS);
}

const HOUR_MS = 3_600_000;

/** Bug sites (hook writeInput, first): a scheduling part the plan should refuse is completed instead. */
export function scheduleAccepted(ctx: Ctx, s: ScheduleInput | undefined): ScheduleInput | undefined {
  if (!s) return s;
  const { bug } = ctx.app;
  if (s.agentId === undefined && bug('schedule-agent-optional')) s.agentId = '';
  if (s.rrule !== undefined) {
    if (s.durationMs === undefined && bug('rrule-duration-optional')) s.durationMs = HOUR_MS;
    return s;
  }
  if (s.endMs !== undefined && s.durationMs !== undefined && bug('schedule-both-accepted')) delete s.endMs;
  else if (s.endMs === undefined && s.durationMs === undefined && bug('schedule-neither-accepted')) s.durationMs = HOUR_MS;
  else if (s.endMs !== undefined && s.durationMs === undefined && s.startMs !== undefined && bug('schedule-end-ignored')) s.endMs = s.startMs + HOUR_MS;
  return s;
}

/** Bug site (hook writeInput): duration ignored, the event ends where it starts. */
export function scheduleDurationIgnored(ctx: Ctx, endMs: number, s: ScheduleInput): number {
  return s.durationMs !== undefined && s.startMs !== undefined && ctx.app.bug('schedule-duration-ignored') ? s.startMs : endMs;
}

/** Bug site (hook writeInput): the end of start + duration taken to the next whole second (ceiling). */
export function scheduleEndRoundedUp(ctx: Ctx, endMs: number, s: ScheduleInput): number {
  return s.durationMs !== undefined && ctx.app.bug('schedule-end-rounded-up') ? Math.ceil(endMs / 1000) * 1000 : endMs;
}

/** Bug site (hook writeInput): so an end not after the start is accepted. */
export function scheduleEmptyAccepted(ctx: Ctx, accepted: boolean): boolean {
  return accepted || ctx.app.bug('schedule-duration-ignored');
}

/** Bug site (hook writeInput): the rule's own UNTIL is ignored. */
export function rruleUntilIgnored(ctx: Ctx, ignored: boolean): boolean {
  return ignored || ctx.app.bug('rrule-until-ignored');
}

/** Bug site (hook writeInput, first): only the first occurrence of a rule is planned. */
export function rruleFirstOnly(ctx: Ctx, plan: Schedule[] | undefined, s: ScheduleInput | undefined): Schedule[] | undefined {
  return plan && s?.rrule !== undefined && ctx.app.bug('rrule-first-only') ? plan.slice(0, 1) : plan;
}

/**
 * Scheduling mutants written from the spec alone (spec § POST /api/events: "409: scheduling conflict"; § Scheduling
 * information: PUT "204 (updated); 400; 404; 409 with an array of conflict entries"; "Form parameter allowConflict
 * (boolean, default false, since 1.2.0)"). Bug sites: handlers/create.ts and handlers/scheduling.ts.
 */
export const SPEC_SCHEDULING_MUTANTS = family({
  'create-409-lands-late': {
    rule: 'events.create.409',
    description: 'A creation refused with 409 (conflict) is queued anyway: the events appear about a second later.',
    since: '1.1.0',
  },
  'scheduling-409-lands-late': {
    rule: 'scheduling.put.409',
    description: 'A PUT …/scheduling refused with 409 (conflict) is applied about a second later.',
    since: '1.1.0',
  },
  'scheduling-put-agent-ignored': {
    rule: 'scheduling.put.applies',
    description: 'PUT …/scheduling applies start and end but keeps the old agent_id.',
    since: '1.1.0',
  },
  'conflict-next-recording-only': {
    rule: 'events.create.409',
    description: 'Creation checks conflicts only against the earliest scheduled event of each capture agent: an overlap with a later one is created (201).',
    since: '1.1.0',
  },
  'allow-conflict-late': {
    rule: 'scheduling.put.allow-conflict',
    description: 'allowConflict arrives one version late: 1.2.0 ignores it (the conflict check runs, 409).',
    since: '1.2.0',
    until: '1.2.0',
  },
});

/** Bug site (handlers/create.ts, before a 409): a buggy server still runs `insert` LATE_MS later. */
export function lateCreate(ctx: Ctx, insert: () => void): void {
  if (ctx.app.bug('create-409-lands-late')) ctx.app.timers.after(`spec-late-create:${nth(ctx.app, 'late-create')}`, LATE_MS, insert);
}

/** Bug site (handlers/scheduling.ts, before a 409): a buggy server still applies `next` LATE_MS later. */
export function lateSchedule(ctx: Ctx, rec: EventRecord, next: Schedule): void {
  const { app } = ctx;
  if (!app.bug('scheduling-409-lands-late')) return;
  app.timers.after(`spec-late-schedule:${rec.id}`, LATE_MS, () => {
    if (app.store.get(rec.id) !== rec) return;
    rec.schedule = next;
    rec.archiveVersion++;
    app.store.commit(rec);
  });
}

/** Bug site (handlers/scheduling.ts): the schedule a PUT stores. */
export function scheduleBugs(ctx: Ctx, cur: Schedule, next: Schedule): Schedule {
  return ctx.app.bug('scheduling-put-agent-ignored') ? { ...next, agentId: cur.agentId } : next;
}

/** Bug site (handlers/scheduling.ts): false where a buggy server does not honour allowConflict yet. */
export function allowConflictKnown(ctx: Ctx): boolean {
  return !(ctx.app.bug('allow-conflict-late') && ctx.version === '1.2.0');
}

/** Bug site (handlers/create.ts): the conflicts a server checking only each agent's earliest recording finds. */
export function conflictBugs(ctx: Ctx, conflicts: ConflictEntry[], plan: Schedule[]): ConflictEntry[] {
  if (!ctx.app.bug('conflict-next-recording-only')) return conflicts;
  const { store } = ctx.app;
  const earliest = new Set<string>();
  for (const agent of new Set(plan.map((p) => p.agentId))) {
    let first: Schedule | undefined;
    for (const id of store.lookup('agent_id', agent)) {
      const s = store.get(id)?.schedule;
      if (s && (!first || s.startMs < first.startMs)) first = s;
    }
    if (first) earliest.add(`${isoSeconds(first.startMs)}/${isoSeconds(first.endMs)}`);
  }
  const planned = new Set(plan.map((p) => `${isoSeconds(p.startMs)}/${isoSeconds(p.endMs)}`));
  return conflicts.filter((c) => earliest.has(`${c.start}/${c.end}`) || planned.has(`${c.start}/${c.end}`));
}
