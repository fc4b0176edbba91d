import type { Ctx } from '../app.js';
import { parseRange, type FilterGroup, type SortKey } from '../list-params.js';
import type { ScheduleInput } from '../schedule.js';
import type { EventRecord, Schedule } from '../types.js';
import { atLeast } from '../version.js';
import type { EventView } from '../view.js';
import { family } from './types.js';

/**
 * Precision and rounding: durations, end = start + duration, datetimes with seconds, the unit of a duration. Each
 * bug gives a value that no legal precision of the spec's datetimes (cut, rounded or exact milliseconds) shows.
 */
export const PRECISION_MUTANTS = family({
  'schedule-end-duration-whole-minutes': {
    rule: 'events.create.schedule-duration',
    description: 'A single schedule given start and duration ends at start + the duration cut to whole minutes: duration 5_430_000 ms (90 min 30 s) ends 90 min after the start instead of 90 min 30 s; durations of whole minutes are right.',
    since: '1.1.0',
  },
  'start-bibliographic-seconds-dropped': {
    rule: 'events.get.start-bibliographic',
    description: 'GET /api/events/{id} (1.4.0+) shows the bibliographic start cut to the minute: metadata startTime 10:15:30Z shows start …T10:15:00Z; the list rows and the metadata catalog keep the seconds; starts on a whole minute are right.',
    since: '1.4.0',
  },
  'filter-start-from-cut-to-minute': {
    rule: 'events.list.filter.start',
    description: 'filter=start:<from>/<to> compares the lower bound cut to the minute: start:2030-01-01T10:00:30Z/2030-01-01T10:00:45Z also lists an event starting at 10:00:00; bounds on a whole minute are right.',
    since: '1.1.0',
  },
  'sort-end-date-duration-as-seconds': {
    rule: 'events.list.sort.end_date',
    description: 'sort=end_date orders by start + duration read as seconds instead of milliseconds (end = start + duration/1000 ms): an event 10:00-12:00 sorts before one 11:00-11:30 (ASC); events of equal duration, or ordered alike by start and by end, sort right.',
  },
  'rrule-occurrence-end-duration-whole-minutes': {
    rule: 'events.create.schedule-duration',
    description: 'The events an rrule creates end at their start + the duration cut to whole minutes: FREQ=DAILY with duration 5_430_000 ms (90 min 30 s) gives occurrences of 90 min; a single schedule with that duration, and whole-minute durations, are right.',
    since: '1.1.0',
  },
});

// --- rrule-occurrence-end-duration-whole-minutes (hook writeInput) ------------------------------------------

/** Bug site (handlers/create.ts, the planned schedules of an rrule): each end at start + whole minutes. */
export function precisionPlan(ctx: Ctx, plan: Schedule[] | undefined, s: ScheduleInput | undefined): Schedule[] | undefined {
  if (!plan || !s?.rrule || s.durationMs === undefined || !ctx.app.bug('rrule-occurrence-end-duration-whole-minutes')) return plan;
  const minutes = Math.floor(s.durationMs / 60_000) * 60_000;
  return plan.map((x) => ({ ...x, endMs: x.startMs + minutes }));
}

// --- schedule-end-duration-whole-minutes (hook writeInput) ---------------------------------------------

/** Bug site (schedule.ts planCreate, the end of a single schedule): the duration cut to whole minutes. */
export function precisionSingleEnd(ctx: Ctx, endMs: number, s: ScheduleInput): number {
  if (!ctx.app.bug('schedule-end-duration-whole-minutes') || s.durationMs === undefined || s.startMs === undefined) return endMs;
  return s.startMs + Math.floor(s.durationMs / 60_000) * 60_000;
}

// --- start-bibliographic-seconds-dropped (hook eventBody.body) ----------------------------------------------------

/** Bug site (handlers/event.ts GET, the body text): the start member's seconds set to 00. */
export function precisionGetBody(ctx: Ctx, text: string, rec: EventRecord): string {
  if (!ctx.app.bug('start-bibliographic-seconds-dropped') || !atLeast(ctx.version, '1.4.0')) return text;
  if (rec.episode.startMs === undefined || rec.episode.startMs % 60_000 === 0) return text;
  const o = JSON.parse(text) as Record<string, unknown>;
  if (typeof o.start !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(o.start)) return text;
  o.start = `${o.start.slice(0, 17)}00${o.start.slice(19)}`;
  return JSON.stringify(o);
}

// --- filter-start-from-cut-to-minute (hook listFilters.groups) ----------------------------------------------------

/** Bug site (handlers/list.ts, the parsed filter groups): the start range's lower bound cut to the minute. */
export function precisionFilters(ctx: Ctx, groups: FilterGroup[]): FilterGroup[] {
  if (!ctx.app.bug('filter-start-from-cut-to-minute')) return groups;
  return groups.map((g) => {
    if (g.name !== 'start' || g.test) return g;
    const tests = g.values.map((val) => {
      const r = parseRange('start', val);
      const from = Math.floor(r.from / 60_000) * 60_000;
      return (v: EventView) => v.bibStartMs >= from && v.bibStartMs <= r.to;
    });
    return { ...g, test: { label: 'start-from-minute', match: g.any ? (v: EventView) => tests.some((t) => t(v)) : (v: EventView) => tests.every((t) => t(v)) } };
  });
}

// --- sort-end-date-duration-as-seconds (hook listSort.keys) -------------------------------------------------------

/** Bug site (handlers/list.ts, the parsed sort criteria): end_date as start + duration/1000. */
export function precisionSortKeys(ctx: Ctx, keys: SortKey[]): SortKey[] {
  if (!ctx.app.bug('sort-end-date-duration-as-seconds')) return keys;
  return keys.map((k) => (k.name !== 'end_date' || k.by ? k : { ...k, by: { label: 'end-duration-seconds', value: (v: EventView) => v.bibStartMs + v.durationMs / 1000 } }));
}
