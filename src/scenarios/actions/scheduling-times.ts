import rrulePkg from 'rrule';
import { isoUtc } from '../../spec/datetime.js';
import { isoInstant } from '../../spec/precision.js';

const { RRule } = rrulePkg;

/**
 * Times for scheduling scenarios (spec § Scheduling information: start/end are "datetime (UTC)", duration is
 * "Duration of the recording in milliseconds"). A scenario writes times as offsets from {{time.base}} so that
 * every scenario schedules far in the future on its own day: "+10:30" = base + 10 h 30 min, "+2d09:00" = base +
 * 2 days 9 h. Anything else is sent unchanged. In `rrule`, an UNTIL given as an offset ("UNTIL=+4d10:00") is
 * written as the RFC 5545 UTC date-time it means ("UNTIL=20900105T100000Z").
 */
const OFFSET = /^\+(?:(\d+)d)?(\d{1,3}):([0-5]\d)$/;
const UNTIL_OFFSET = /UNTIL=(\+(?:\d+d)?\d{1,3}:[0-5]\d)/i;

/** Resolves one offset string against the base time; other values are returned unchanged. */
export function resolveTime(value: unknown, baseIso: string): unknown {
  if (typeof value !== 'string') return value;
  const m = OFFSET.exec(value.trim());
  if (!m) return value;
  const base = Date.parse(baseIso);
  if (Number.isNaN(base)) throw new Error(`time.base ${JSON.stringify(baseIso)} is not a date-time`);
  const minutes = Number(m[1] ?? 0) * 1440 + Number(m[2]) * 60 + Number(m[3]);
  return isoUtc(base + minutes * 60_000);
}

/** A scheduling object with its start and end offsets resolved (the other members are kept as written). */
export function resolveScheduling(s: Record<string, unknown>, baseIso: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...s };
  for (const key of ['start', 'end']) if (key in out) out[key] = resolveTime(out[key], baseIso);
  if (typeof out.rrule === 'string') {
    out.rrule = out.rrule.replace(UNTIL_OFFSET, (_m, offset: string) => `UNTIL=${String(resolveTime(offset, baseIso)).replace(/[-:]/g, '')}`);
  }
  return out;
}

/**
 * One scheduled recording: when it starts and ends (ISO, UTC), as exact instants: an end of start + a duration with a
 * fraction of a second keeps its milliseconds, and the checks judge what the server shows at the precision it keeps
 * (src/spec/precision.ts).
 */
export interface Window {
  start: string;
  end: string;
}

/** The window of a single schedule (spec rule 1: start with either end or duration), if it has one. */
export function singleWindow(s: Record<string, unknown>): Window | undefined {
  const start = typeof s.start === 'string' ? Date.parse(s.start) : NaN;
  if (Number.isNaN(start)) return undefined;
  if (typeof s.end === 'string' && s.duration === undefined) {
    const end = Date.parse(s.end);
    return Number.isNaN(end) ? undefined : { start: isoInstant(start), end: isoInstant(end) };
  }
  if (typeof s.duration === 'number' && s.end === undefined) return { start: isoInstant(start), end: isoInstant(start + s.duration) };
  return undefined;
}

/**
 * The window after a write that sends only some members of a schedule (a scheduling part of an update, a PUT) to an
 * event whose window was `current`, read as a merge: what is not sent stays (spec § POST /api/events/{event_id}: "Only
 * what is sent is changed"; the other honest reading, the object replaces the schedule, refuses it with 400 as
 * "agent_id and start are always required"). The start is the one sent, else the current one; the end is the one
 * sent, else start + the duration sent, else (neither start, end nor duration sent) the current end. A start sent
 * alone reads two ways (the end kept, or the length kept): undefined.
 */
export function mergedWindow(s: Record<string, unknown>, current: Window): Window | undefined {
  const own = singleWindow(s);
  if (own) return own;
  const start = typeof s.start === 'string' ? Date.parse(s.start) : Date.parse(current.start);
  if (Number.isNaN(start)) return undefined;
  if (typeof s.end === 'string' && s.duration === undefined) {
    const end = Date.parse(s.end);
    return Number.isNaN(end) ? undefined : { start: isoInstant(start), end: isoInstant(end) };
  }
  if (typeof s.duration === 'number' && s.end === undefined) return { start: isoInstant(start), end: isoInstant(start + s.duration) };
  if (s.start === undefined && s.end === undefined && s.duration === undefined) return { start: current.start, end: current.end };
  return undefined;
}

/** Occurrence starts from `dtstart` up to `until` or the rule's own UNTIL, whichever is earlier (both inclusive). */
function starts(rule: string, dtstart: number, until: number): number[] {
  const parsed = RRule.parseString(rule);
  const bound = parsed.until ? Math.min(parsed.until.getTime(), until) : until;
  const r = new RRule({ ...parsed, dtstart: new Date(dtstart), until: new Date(bound) });
  return r.all((_d, i) => i < 1000).map((d) => d.getTime());
}

/**
 * The recordings an rrule schedule asks for (spec rule 3: "The rule determines the dates and times within the
 * period from start to end plus duration"), computed with the rrule package. The sentence can be read with the
 * period ending at `end` or at `end + duration`; a scenario must choose a rule for which both readings give the
 * same occurrences (else this throws: the scenario, not the server, is wrong), and at least one. An UNTIL in the rule
 * bounds it inclusively (RFC 5545 § 3.3.10: "The UNTIL rule part defines a DATE or DATE-TIME value that bounds the
 * recurrence rule in an inclusive manner"). Its start must be
 * the rule's first occurrence: RFC 5545 § 3.8.5.3, "The recurrence set generated with a "DTSTART" property value
 * not synchronized with the recurrence rule is undefined" (libraries count such a start, or do not).
 */
export function expectedOccurrences(s: Record<string, unknown>): Window[] {
  const { rrule, start, end, duration } = s;
  if (typeof rrule !== 'string' || typeof start !== 'string' || typeof end !== 'string' || typeof duration !== 'number') {
    throw new Error('an rrule schedule needs rrule, start, end and a numeric duration to compute its occurrences');
  }
  const from = Date.parse(start);
  const to = Date.parse(end);
  const a = starts(rrule, from, to);
  const b = starts(rrule, from, to + duration);
  if (a.length === 0) throw new Error(`the rule ${rrule} has no occurrence between ${start} and ${end}: choose another`);
  if (a[0] !== from) throw new Error(`the start ${start} is not itself an occurrence of the rule ${rrule} (the first is ${isoUtc(a[0])}): choose a synchronized start`);
  if (a.length !== b.length || a.some((t, i) => t !== b[i])) {
    throw new Error(`the rule ${rrule} gives different occurrences for the periods start..end and start..end+duration: choose another`);
  }
  return a.map((t) => ({ start: isoInstant(t), end: isoInstant(t + duration) }));
}
