import fc from 'fast-check';
import rrulePkg from 'rrule';
import { DAY_MS, intIn, MINUTE_MS } from './constraints.js';
import { isoUtc } from '../spec/datetime.js';
import { agentsAndWindow, type AgentTimeConstraints } from './single-schedule.js';
import { expand } from './rrule-expand.js';

const { RRule } = rrulePkg;

/** The scheduling object of a recurring creation (spec § POST /api/events, Scheduling rule 3: rrule, end, duration). */
export interface RecurringRequest {
  agent_id: string;
  start: string;
  end: string;
  /** Milliseconds. */
  duration: number;
  rrule: string;
}

/** A recurring schedule and the occurrences its rule determines within start … end (computed by `rrule`). */
export interface RecurringSchedule {
  request: RecurringRequest;
  /** Occurrence starts, ascending, `YYYY-MM-DDTHH:MM:SSZ`. */
  occurrences: string[];
}

/** Constraints of {@link recurringSchedule}. */
export interface RecurringScheduleConstraints extends AgentTimeConstraints {
  /**
   * Most occurrences of one schedule (each becomes an event).
   * @defaultValue 8
   */
  maxOccurrences?: number;
}

const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** @internal The parts of a generated rule. */
export interface RuleParts {
  freq: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  /** BYMONTHDAY (MONTHLY only). */
  bymonthday?: number[];
  interval: number;
  byday: string[];
  byhour: number[];
  byminute: number[];
  /** WKST (RFC 5545 § 3.3.10: "The default value is MO"); absent = not sent. */
  wkst?: string;
  /** COUNT; UNTIL = end, `days` after start; or UNTIL exactly on occurrence number `onOccurrence` (end a little later). */
  bound: { count: number } | { days: number } | { onOccurrence: number };
}

/** `20900105T093000Z` (RFC 5545 UTC date-time, as UNTIL takes it). */
function icalUtc(ms: number): string {
  return isoUtc(ms).replace(/[-:]/g, '');
}

/** The RRULE text: FREQ, INTERVAL, BYDAY, BYHOUR, BYMINUTE, then COUNT or UNTIL (= `untilMs`). */
export function ruleText(p: RuleParts, untilMs: number): string {
  const parts = [`FREQ=${p.freq}`];
  if (p.interval > 1) parts.push(`INTERVAL=${p.interval}`);
  if (p.byday.length > 0) parts.push(`BYDAY=${p.byday.join(',')}`);
  if (p.bymonthday && p.bymonthday.length > 0) parts.push(`BYMONTHDAY=${p.bymonthday.join(',')}`);
  if (p.byhour.length > 0) parts.push(`BYHOUR=${p.byhour.join(',')}`);
  if (p.byminute.length > 0) parts.push(`BYMINUTE=${p.byminute.join(',')}`);
  if (p.wkst !== undefined) parts.push(`WKST=${p.wkst}`);
  parts.push('count' in p.bound ? `COUNT=${p.bound.count}` : `UNTIL=${icalUtc(untilMs)}`);
  return parts.join(';');
}

/**
 * Occurrence starts of `rule` from `startMs` that lie within start … end (inclusive), by evconf's own expansion
 * (./rrule-expand.ts, written from RFC 5545), not by the `rrule` package the reference server uses.
 */
export function expectedOccurrences(rule: string, startMs: number, endMs: number, cap = 1000): number[] {
  return expand(rule, startMs, endMs, cap);
}

const genericParts: fc.Arbitrary<RuleParts> = fc.record({
  freq: fc.constantFrom('DAILY' as const, 'WEEKLY' as const),
  interval: fc.integer({ min: 1, max: 3 }),
  byday: fc.subarray([...DAYS], { maxLength: 3 }),
  byhour: fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { maxLength: 2 }).map((h) => [...h].sort((a, b) => a - b)),
  byminute: fc.subarray([0, 15, 30, 45], { maxLength: 1 }),
  bound: fc.oneof(
    fc.record({ count: fc.integer({ min: 1, max: 6 }) }),
    fc.record({ days: fc.integer({ min: 1, max: 10 }) }),
    fc.record({ onOccurrence: fc.integer({ min: 2, max: 6 }) }),
  ),
  wkst: fc.option(fc.constantFrom(...DAYS), { nil: undefined }),
});

/**
 * Rules whose weeks depend on WKST: WEEKLY with INTERVAL 2 or 3 and two or three weekdays one of them Sunday, the
 * week starting on any day or on the default (WKST left out: Monday) (RFC 5545 § 3.3.10: WKST "is significant when a WEEKLY "RRULE" has an interval
 * greater than 1, and a BYDAY rule part is specified").
 */
const weekStartParts: fc.Arbitrary<RuleParts> = fc.record({
  freq: fc.constant('WEEKLY' as const),
  interval: fc.integer({ min: 2, max: 3 }),
  // Sunday and one or two other days: the week a Sunday belongs to is what WKST (or its default MO) decides.
  byday: fc.subarray(['MO', 'TU', 'WE', 'TH', 'FR', 'SA'], { minLength: 1, maxLength: 2 }).map((d) => [...d, 'SU']),
  byhour: fc.constant([]),
  byminute: fc.constant([]),
  bound: fc.oneof(fc.record({ count: fc.integer({ min: 2, max: 6 }) }), fc.record({ days: fc.integer({ min: 8, max: 30 }) })),
  // Absent (the default, MO) as often as given: a rule without WKST is what tells a server that assumes another
  // default; one with it (any day) what tells a server that drops it.
  wkst: fc.oneof(fc.constant(undefined), fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU')),
});

/**
 * Monthly rules on the days some months lack (29, 30, 31) over two to four months: RFC 5545 § 3.3.10, "Recurrence
 * rules may generate recurrence instances with an invalid date (e.g., February 30) ... Such recurrence instances MUST
 * be ignored".
 */
const monthEndParts: fc.Arbitrary<RuleParts> = fc.record({
  freq: fc.constant('MONTHLY' as const),
  interval: fc.constant(1),
  byday: fc.constant([]),
  bymonthday: fc.subarray([29, 30, 31], { minLength: 1, maxLength: 1 }),
  byhour: fc.constant([]),
  byminute: fc.constant([]),
  bound: fc.record({ days: fc.integer({ min: 60, max: 125 }) }),
});

const ruleParts: fc.Arbitrary<RuleParts> = fc.oneof({ arbitrary: genericParts, weight: 2 }, { arbitrary: weekStartParts, weight: 2 }, { arbitrary: monthEndParts, weight: 1 });

/** Minutes the end lies off the quarter-hour grid of occurrence starts: no occurrence ever starts exactly at end. */
const END_OFF_GRID_MS = 7 * MINUTE_MS;

/** The first start the rule's parts give from `fromMs` on (the rule with COUNT=1). */
function firstOccurrence(parts: RuleParts, fromMs: number): number | undefined {
  const r = new RRule({ ...RRule.parseString(ruleText({ ...parts, bound: { count: 1 } }, fromMs)), dtstart: new Date(fromMs) });
  return r.all()[0]?.getTime();
}

/** The first `n` starts the rule's parts give from `fromMs` on, without their own bound (the rule with COUNT=n). */
function unbounded(parts: RuleParts, fromMs: number, n: number): number[] {
  const r = new RRule({ ...RRule.parseString(ruleText({ ...parts, bound: { count: n } }, fromMs)), dtstart: new Date(fromMs) });
  return r.all().map((d) => d.getTime());
}

/** Occurrence starts of `rule` (from `startMs`) in [endMs, endMs + duration]: the edge the spec leaves open. */
function edgeOccurrences(rule: string, startMs: number, endMs: number, duration: number): number[] {
  const r = new RRule({ ...RRule.parseString(rule), dtstart: new Date(startMs) });
  return r.between(new Date(endMs), new Date(endMs + duration), true).map((d) => d.getTime());
}

/**
 * Where the rule's own UNTIL lies on an occurrence before end (bound onOccurrence): whether the rule without its
 * UNTIL has a start in (until, end + duration]. It must not: a server that bounds the rule by the period alone
 * (the spec's "within the period from start to end plus duration") then gives the same occurrences.
 */
function pastUntil(parts: RuleParts, startMs: number, untilMs: number, endMs: number, duration: number, count: number): boolean {
  return unbounded(parts, startMs, count + 1).some((t) => t > untilMs && t <= endMs + duration);
}

/**
 * A recurring schedule (FREQ DAILY/WEEKLY, INTERVAL, BYDAY, BYHOUR, BYMINUTE, COUNT or UNTIL; UTC) with 1 …
 * maxOccurrences occurrences, a duration shorter than half the smallest gap (occurrences never overlap each other),
 * and its expected occurrences. Pure and seeded. Cases stay off the edges with more than one honest reading:
 * - start is the rule's first occurrence (RFC 5545 § 3.3.10: a DTSTART not synchronized with the rule gives an
 *   undefined recurrence set, and whether such a start counts is read both ways by real libraries);
 * - at least two occurrences: the spec's 200 is for "several events were created by scheduling with rrule", so a
 *   rule that determines one date is honestly answered 201 with one object as well;
 * - no occurrence starts in [end, end + duration] (spec § POST /api/events, Scheduling rule 3: "The rule
 *   determines the dates and times within the period from start to end plus duration" reads as "starts up to end"
 *   and as "starts up to end + duration"); end lies off the occurrence grid, so none starts exactly at end.
 * One shape puts UNTIL exactly on an occurrence (the 2nd … 6th) with end 7 minutes later: RFC 5545 § 3.3.10, "The
 * UNTIL rule part defines a DATE or DATE-TIME value that bounds the recurrence rule in an inclusive manner", so that
 * occurrence is created (UNTIL read as exclusive drops it); the rule without UNTIL has no start in (UNTIL, end +
 * duration], so a server that bounds the rule by the period alone gives the same occurrences.
 */
export function recurringSchedule(constraints: RecurringScheduleConstraints): fc.Arbitrary<RecurringSchedule> {
  const where = 'recurringSchedule';
  const { agents, fromMs, toMs } = agentsAndWindow(constraints, where);
  const maxOcc = intIn(constraints.maxOccurrences ?? 8, 2, 200, 'maxOccurrences', where);
  const days = Math.floor((toMs - fromMs) / DAY_MS) - 30;
  if (days < 1) throw new Error(`the years give too short a window for ${where}`);
  return fc.record({
    agent: fc.constantFrom(...agents),
    // Spread evenly over the years (no bias toward their ends): on one shared capture agent cases whose periods meet
    // take turns (src/properties/calendar.ts), and biased days put many on the same first and last weeks.
    day: fc.noBias(fc.integer({ min: 0, max: days })),
    startQuarter: fc.integer({ min: 0, max: 95 }),
    windowDays: fc.integer({ min: 1, max: 14 }),
    minutes: fc.integer({ min: 5, max: 120 }),
    rule: ruleParts,
  }).map((g) => {
    const { bound } = g.rule;
    const startMs = firstOccurrence(g.rule, fromMs + g.day * DAY_MS + g.startQuarter * 15 * MINUTE_MS) ?? NaN;
    const onOcc = 'onOccurrence' in bound && !Number.isNaN(startMs) ? unbounded(g.rule, startMs, bound.onOccurrence)[bound.onOccurrence - 1] : undefined;
    const endMs = onOcc !== undefined ? onOcc + END_OFF_GRID_MS
      : startMs + ('days' in bound ? bound.days : g.windowDays) * DAY_MS + END_OFF_GRID_MS;
    const rrule = ruleText(g.rule, onOcc ?? endMs);
    const occ = Number.isNaN(startMs) ? [] : expectedOccurrences(rrule, startMs, endMs, maxOcc + 1);
    let gap = Infinity;
    for (let i = 1; i < occ.length; i++) gap = Math.min(gap, occ[i] - occ[i - 1]);
    const duration = Math.max(MINUTE_MS, Math.min(g.minutes * MINUTE_MS, Math.floor(gap / 2 / MINUTE_MS) * MINUTE_MS));
    const onEdge = occ.length > 0 && (edgeOccurrences(rrule, startMs, endMs, duration).length > 0
      || (onOcc !== undefined && pastUntil(g.rule, startMs, onOcc, endMs, duration, occ.length)));
    return {
      synchronized: occ[0] === startMs && !onEdge,
      schedule: {
        request: { agent_id: g.agent, start: isoUtc(startMs || fromMs), end: isoUtc(endMs || fromMs), duration, rrule },
        occurrences: occ.map(isoUtc),
      },
    };
  }).filter((x) => x.synchronized && x.schedule.occurrences.length >= 2 && x.schedule.occurrences.length <= maxOcc)
    .map((x) => x.schedule);
}
