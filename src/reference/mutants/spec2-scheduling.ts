import { json, type Ctx, type Reply } from '../app.js';
import type { ConflictEntry } from '../conflicts.js';
import type { ScheduleInput } from '../schedule.js';
import { isoSeconds } from '../time.js';
import { badRequest, type EventRecord, type Schedule } from '../types.js';
import { family } from './types.js';

/**
 * Scheduling mutants of the second spec-only round (spec § POST /api/events, Scheduling rules 1-3 and "200: several
 * events were created by scheduling with rrule"; "409: scheduling conflict. The body is an array of conflict
 * entries"; § Conflict entry: start, end, title; § Scheduling information: GET "204 when the event is not
 * scheduled", PUT "204 (updated); 400; 404; 409", "allowConflict (boolean, default false, since 1.2.0)").
 * Bug sites: handlers/create.ts, update.ts, scheduling.ts and event.ts (deletions).
 */
export const SPEC2_SCHEDULING_MUTANTS = family({
  'spec2-rrule-end-optional': {
    rule: 'events.create.rrule-end',
    description: 'An rrule schedule without end is accepted when the rule has COUNT (the occurrences run for up to a year) instead of 400 (rule 3: "give rrule, end and duration").',
    since: '1.1.0',
  },
  'spec2-rrule-until-exclusive': {
    rule: 'events.create.rrule',
    description: 'UNTIL in the rrule is treated as exclusive: an occurrence starting exactly at UNTIL is not created.',
    since: '1.1.0',
  },
  'spec2-rrule-byday-first-only': {
    rule: 'events.create.rrule',
    description: 'BYDAY with several days uses only the first one: BYDAY=MO,WE creates the Mondays only.',
    since: '1.1.0',
  },
  'spec2-rrule-month-end': {
    rule: 'events.create.rrule',
    description: 'Occurrences are expanded for the calendar month of start only: occurrences after that month ends are not created.',
    since: '1.1.0',
  },
  'spec2-conflict-deleted-event': {
    rule: 'events.create.no-conflict',
    description: 'A deleted event keeps its slot in the agent calendar: creating a schedule where it was answers 409.',
    since: '1.1.0',
  },
  'spec2-conflict-old-slot': {
    rule: 'events.create.no-conflict',
    description: 'A re-scheduled event (PUT …/scheduling or update) keeps its old slot for conflict detection: creating a schedule there answers 409.',
    since: '1.1.0',
  },
  'spec2-conflict-any-agent': {
    rule: 'events.create.no-conflict',
    description: 'Creation checks overlaps against every capture agent, not only the one asked for: 409 for an overlap on another agent.',
    since: '1.1.0',
  },
  'spec2-update-schedule-self-conflict': {
    rule: 'events.update.schedule',
    description: 'POST /api/events/{id} with a scheduling part that overlaps the event\'s own current slot answers 409 (the event conflicts with itself).',
    since: '1.1.0',
  },
  'spec2-scheduling-put-self-conflict': {
    rule: 'scheduling.put.204',
    description: 'PUT …/scheduling that overlaps the event\'s own current slot answers 409 (the event conflicts with itself).',
    since: '1.1.0',
  },
  'spec2-create-conflict-no-title': {
    rule: 'conflicts.schema',
    description: 'Conflict entries of a refused creation (409) lack the member title (only start and end).',
    since: '1.1.0',
  },
  'spec2-update-conflict-body-object': {
    rule: 'events.update.409',
    description: 'The 409 of POST /api/events/{id} carries {"conflicts": [...]} (an object) instead of the array of conflict entries.',
    since: '1.1.0',
  },
  'spec2-scheduling-get-unscheduled-200': {
    rule: 'scheduling.get.204',
    description: 'GET …/scheduling of an event that is not scheduled answers 200 with {} instead of 204.',
    since: '1.1.0',
  },
  'spec2-scheduling-put-duration-old-start': {
    rule: 'scheduling.put.applies',
    description: 'PUT …/scheduling with start and duration computes the end from the old start: end = old start + duration.',
    since: '1.1.0',
  },
  'spec2-allow-conflict-false-honoured': {
    rule: 'scheduling.put.409',
    description: 'allowConflict is tested for presence, not value: an administrator sending allowConflict=false skips the conflict check (204).',
    since: '1.2.0',
  },
});

/** Bug site (handlers/create.ts, before planning): the rrule as a buggy server reads it. */
export function spec2Rrule(ctx: Ctx, s: ScheduleInput | undefined): void {
  if (s?.rrule && s.endMs === undefined && s.startMs !== undefined && /COUNT=/i.test(s.rrule) && ctx.app.bug('spec2-rrule-end-optional')) {
    s.endMs = s.startMs + 366 * 86_400_000;
  }
  if (!s?.rrule || !ctx.app.bug('spec2-rrule-byday-first-only')) return;
  s.rrule = s.rrule.replace(/BYDAY=([^;]+)/i, (_m, days: string) => `BYDAY=${days.split(',')[0]}`);
}

function untilMs(rule: string): number | undefined {
  const m = /UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2}))?/i.exec(rule);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) : undefined;
}

/** Bug site (handlers/create.ts, after planning): the occurrences a buggy server creates. */
export function spec2Plan(ctx: Ctx, s: ScheduleInput | undefined, plan: Schedule[] | undefined): Schedule[] | undefined {
  if (!plan || !s?.rrule || plan.length === 0) return plan;
  const { bug } = ctx.app;
  let out = plan;
  const until = untilMs(s.rrule);
  if (bug('spec2-rrule-until-exclusive') && until !== undefined) out = out.filter((p) => p.startMs !== until);
  if (bug('spec2-rrule-month-end')) {
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
export function spec2Deleting(ctx: Ctx, rec: EventRecord): void {
  if (ctx.app.bug('spec2-conflict-deleted-event') && rec.schedule) push(deleted, ctx.app, { schedule: rec.schedule, title: rec.episode.title, id: rec.id });
}

/** Bug site (handlers/update.ts and scheduling.ts, when a schedule is replaced): the old slot a buggy server keeps. */
export function spec2Rescheduled(ctx: Ctx, rec: EventRecord, old: Schedule | undefined, next: Schedule | undefined): void {
  if (!ctx.app.bug('spec2-conflict-old-slot') || !old || old === next) return;
  push(oldSlots, ctx.app, { schedule: old, title: rec.episode.title, id: rec.id });
}

const entry = (s: Schedule, title: string): ConflictEntry => ({ start: isoSeconds(s.startMs), end: isoSeconds(s.endMs), title });

/** Bug site (handlers/create.ts): the conflicts a buggy creation reports. */
export function spec2CreateConflicts(ctx: Ctx, conflicts: ConflictEntry[], plan: Schedule[]): ConflictEntry[] {
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
    if (bug('spec2-conflict-any-agent') && hits(rec.schedule, false, false)) add(rec.schedule, rec.episode.title);
  }
  if (bug('spec2-conflict-deleted-event')) for (const d of deleted.get(ctx.app) ?? []) if (hits(d.schedule, true, false)) add(d.schedule, d.title);
  if (bug('spec2-conflict-old-slot')) {
    for (const d of oldSlots.get(ctx.app) ?? []) if (store.get(d.id) && hits(d.schedule, true, false)) add(d.schedule, d.title);
  }
  if (bug('spec2-create-conflict-no-title')) return out.map(({ start, end }) => ({ start, end }) as ConflictEntry);
  return out;
}

/** Bug site (handlers/update.ts and scheduling.ts): the event excluded from its own conflict check. */
export function spec2Exclude(ctx: Ctx, where: 'update' | 'put', id: string): string | undefined {
  const self = where === 'update' ? ctx.app.bug('spec2-update-schedule-self-conflict') : ctx.app.bug('spec2-scheduling-put-self-conflict');
  return self ? undefined : id;
}

/** Bug site (handlers/update.ts, the 409): the body a buggy update sends. */
export function spec2UpdateConflictBody(ctx: Ctx, conflicts: ConflictEntry[]): unknown {
  return ctx.app.bug('spec2-update-conflict-body-object') ? { conflicts } : conflicts;
}

/** Bug site (handlers/scheduling.ts getScheduling): the answer for an unscheduled event, if a buggy one. */
export function spec2Unscheduled(ctx: Ctx): Reply | undefined {
  return ctx.app.bug('spec2-scheduling-get-unscheduled-200') ? json(200, {}) : undefined;
}

/** Bug site (handlers/scheduling.ts putScheduling): the merged schedule as a buggy server computes it. */
export function spec2Merge(ctx: Ctx, cur: Schedule, input: ScheduleInput, next: Schedule): Schedule {
  if (!ctx.app.bug('spec2-scheduling-put-duration-old-start') || input.durationMs === undefined || input.startMs === undefined) return next;
  const endMs = cur.startMs + input.durationMs;
  if (endMs <= next.startMs) throw badRequest(`scheduling 'end' must be after 'start'`);
  return { ...next, endMs };
}

/** Bug site (handlers/scheduling.ts): allowConflict as a presence test. */
export function spec2AllowConflictPresent(ctx: Ctx, value: string | undefined): boolean {
  return ctx.app.bug('spec2-allow-conflict-false-honoured') && value !== undefined && value.trim() !== '';
}
