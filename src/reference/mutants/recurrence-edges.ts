import type { Ctx } from '../app.js';
import { occurrences, type ScheduleInput } from '../schedule.js';
import type { Schedule } from '../types.js';
import { family } from './types.js';

/**
 * RFC 5545 defaults and edges of the rrule in a scheduling part (spec: "The rule determines the dates and times
 * within the period from start to end plus duration"): WKST given and defaulted, INTERVAL together with BYDAY.
 */
export const RECURRENCE_EDGE_MUTANTS = family({
  'rrule-wkst-ignored': {
    rule: 'events.create.rrule',
    description: 'WKST in the rrule is ignored (weeks always start on Monday): FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU from Monday 2030-01-07 to 2030-01-31 creates 7, 13, 21 and 27 January instead of 7, 20 and 21 January; rules without INTERVAL or WKST are right.',
    since: '1.1.0',
  },
  'rrule-default-wkst-sunday': {
    rule: 'events.create.rrule',
    description: 'An rrule without WKST is expanded with weeks starting on Sunday (RFC 5545 § 3.3.10: the default is MO): FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU from Monday 2030-01-07 to 2030-01-31 creates 7, 20 and 21 January instead of 7, 13, 21 and 27 January; rules giving WKST are right.',
    since: '1.1.0',
  },
  'rrule-interval-counts-byday-occurrences': {
    rule: 'events.create.rrule',
    description: 'INTERVAL with several BYDAY days keeps every INTERVAL-th occurrence instead of every INTERVAL-th week: FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE from Monday 2030-01-07 to 2030-01-31 creates 7, 14, 21 and 28 January instead of 7, 9, 21 and 23 January; INTERVAL with one BYDAY day is right.',
    since: '1.1.0',
  },
  'rrule-bymonthday-clamped-to-month-end': {
    rule: 'events.create.rrule',
    description: 'BYMONTHDAY=29, 30 or 31 in a monthly rule falls back to the last day of a month that lacks that day (RFC 5545 § 3.3.10: such a day is ignored): FREQ=MONTHLY;BYMONTHDAY=31 from 2030-01-31 to 2030-05-31 creates 31 Jan, 28 Feb, 31 Mar, 30 Apr and 31 May instead of 31 Jan, 31 Mar and 31 May; days up to 28 are right.',
    since: '1.1.0',
  },
});

// --- rrule-bymonthday-clamped-to-month-end (hook writeInput) ------------------------------------------------

/** Bug site (handlers/create.ts, the planned schedules): a monthly day past 28 expanded as "that day or the month's last". */
export function recurrenceMonthEnd(ctx: Ctx, plan: Schedule[] | undefined, s: ScheduleInput | undefined): Schedule[] | undefined {
  if (!plan || plan.length === 0 || !s?.rrule || s.startMs === undefined || s.endMs === undefined) return plan;
  if (!ctx.app.bug('rrule-bymonthday-clamped-to-month-end') || !/FREQ\s*=\s*MONTHLY/i.test(s.rrule)) return plan;
  const parts = s.rrule.split(';');
  const day = Number(/^\s*BYMONTHDAY\s*=\s*(\d+)\s*$/i.exec(parts.find((p) => /^\s*BYMONTHDAY\s*=/i.test(p)) ?? '')?.[1] ?? 0);
  if (day < 29 || day > 31) return plan;
  const days = Array.from({ length: day - 27 }, (_x, i) => 28 + i).join(',');
  const rule = [...parts.filter((p) => !/^\s*(BYMONTHDAY|BYSETPOS)\s*=/i.test(p)), `BYMONTHDAY=${days}`, 'BYSETPOS=-1'].join(';');
  const durationMs = plan[0].endMs - plan[0].startMs;
  const base = plan[0];
  return occurrences(rule, s.startMs, s.endMs).map((t) => ({ ...base, inputs: base.inputs ? [...base.inputs] : undefined, startMs: t, endMs: t + durationMs }));
}

// --- rrule-wkst-ignored, rrule-default-wkst-sunday (hook writeInput) ----------------------------------

/** Bug site (handlers/create.ts, the scheduling part): WKST dropped, or WKST=SU added when absent. */
export function recurrenceRrule(ctx: Ctx, s: ScheduleInput | undefined): ScheduleInput | undefined {
  if (!s?.rrule) return s;
  const parts = s.rrule.split(';');
  const hasWkst = parts.some((p) => /^\s*WKST\s*=/i.test(p));
  if (ctx.app.bug('rrule-wkst-ignored') && hasWkst) s.rrule = parts.filter((p) => !/^\s*WKST\s*=/i.test(p)).join(';');
  if (ctx.app.bug('rrule-default-wkst-sunday') && !hasWkst) s.rrule = `${s.rrule};WKST=SU`;
  return s;
}

// --- rrule-interval-counts-byday-occurrences (hook writeInput) ----------------------------------------------

/** Bug site (handlers/create.ts, the planned schedules): INTERVAL applied to the occurrences of a rule without it. */
export function recurrencePlan(ctx: Ctx, plan: Schedule[] | undefined, s: ScheduleInput | undefined): Schedule[] | undefined {
  if (!plan || plan.length === 0 || !s?.rrule || s.startMs === undefined || s.endMs === undefined) return plan;
  if (!ctx.app.bug('rrule-interval-counts-byday-occurrences')) return plan;
  const parts = s.rrule.split(';');
  const interval = Number(/^\s*INTERVAL\s*=\s*(\d+)\s*$/i.exec(parts.find((p) => /^\s*INTERVAL\s*=/i.test(p)) ?? '')?.[1] ?? 1);
  const byday = /^\s*BYDAY\s*=\s*(.*)$/i.exec(parts.find((p) => /^\s*BYDAY\s*=/i.test(p)) ?? '')?.[1] ?? '';
  if (interval < 2 || byday.split(',').length < 2) return plan;
  const rule = parts.filter((p) => !/^\s*INTERVAL\s*=/i.test(p)).join(';');
  const durationMs = plan[0].endMs - plan[0].startMs;
  const base = plan[0];
  return occurrences(rule, s.startMs, s.endMs)
    .filter((_t, i) => i % interval === 0)
    .map((t) => ({ ...base, inputs: base.inputs ? [...base.inputs] : undefined, startMs: t, endMs: t + durationMs }));
}
