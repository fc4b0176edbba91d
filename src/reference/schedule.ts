import rrulePkg from 'rrule';
import { isObject } from './input.js';
import { parseDateTime, toSeconds } from './time.js';
import { badRequest, type Schedule } from './types.js';

const { RRule } = rrulePkg;

/** Scheduling part / parameter (spec § Scheduling information and "Scheduling rules" under POST /api/events). */

export interface ScheduleInput {
  agentId?: string;
  startMs?: number;
  endMs?: number;
  durationMs?: number;
  rrule?: string;
  inputs?: string[];
  /** A start or end was written with a non-zero UTC offset (latitude choice datetime-input). */
  offsetGiven?: boolean;
}

/** At most this many occurrences per rrule request (a bound, so a FREQ=SECONDLY rule cannot exhaust memory). */
export const MAX_OCCURRENCES = 1000;

function datetime(v: unknown, key: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  const ms = typeof v === 'string' ? parseDateTime(v) : undefined;
  if (ms === undefined) throw badRequest(`scheduling '${key}' must be a date-time like 2026-01-05T09:00:00Z`);
  // As given; what is stored is the instant at the server's precision (planCreate / mergeSchedule `keep`).
  return ms;
}

function duration(v: unknown): number | undefined {
  if (v === undefined || v === null) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw badRequest(`scheduling 'duration' must be a positive number of milliseconds`);
  return n;
}

/** Type-checks the members that are present (JSON object → ScheduleInput). */
export function parseScheduleInput(v: unknown): ScheduleInput {
  if (!isObject(v)) throw badRequest(`parameter 'scheduling' must be a JSON object`);
  const out: ScheduleInput = {};
  if (v.agent_id !== undefined && v.agent_id !== null) {
    if (typeof v.agent_id !== 'string' || v.agent_id.trim() === '') throw badRequest(`scheduling 'agent_id' must be a non-empty string`);
    out.agentId = v.agent_id;
  }
  out.startMs = datetime(v.start, 'start');
  out.endMs = datetime(v.end, 'end');
  if ([v.start, v.end].some((d) => typeof d === 'string' && /[+-](?!00:?00$)\d{2}:?\d{2}$/.test(d.trim()))) out.offsetGiven = true;
  out.durationMs = duration(v.duration);
  if (v.rrule !== undefined && v.rrule !== null && v.rrule !== '') {
    if (typeof v.rrule !== 'string') throw badRequest(`scheduling 'rrule' must be a string`);
    out.rrule = v.rrule;
  }
  if (v.inputs !== undefined && v.inputs !== null) {
    if (!Array.isArray(v.inputs) || !v.inputs.every((x) => typeof x === 'string')) {
      throw badRequest(`scheduling 'inputs' must be an array of strings`);
    }
    out.inputs = [...(v.inputs as string[])];
  }
  return out;
}

const RANGES: Record<string, [number, number]> = { byhour: [0, 23], byminute: [0, 59], bysecond: [0, 59] };

function rruleOptions(rule: string): Record<string, unknown> {
  let opts: Record<string, unknown>;
  try {
    opts = RRule.parseString(rule.trim()) as unknown as Record<string, unknown>;
  } catch (e) {
    throw badRequest(`invalid rrule '${rule}': ${(e as Error).message}`);
  }
  if (opts.freq === undefined) throw badRequest(`invalid rrule '${rule}': FREQ is missing or unknown`);
  for (const key of ['count', 'interval']) {
    const n = opts[key];
    if (n !== undefined && (!Number.isInteger(n) || (n as number) < 1)) throw badRequest(`invalid rrule '${rule}': bad ${key.toUpperCase()}`);
  }
  for (const [key, [lo, hi]] of Object.entries(RANGES)) {
    const v = opts[key];
    const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
    if (list.some((x) => !Number.isInteger(x) || x < lo || x > hi)) throw badRequest(`invalid rrule '${rule}': bad ${key.toUpperCase()}`);
  }
  return opts;
}

/** Occurrence starts of `rule` from start until end and until the rule's own UNTIL (rrule package, UTC). */
export function occurrences(rule: string, startMs: number, endMs: number, untilIgnored = false): number[] {
  const opts = rruleOptions(rule);
  try {
    // The rule's own UNTIL bounds it too (RFC 5545 § 3.3.10, inclusive); the period's end bounds every rule.
    const own = opts.until instanceof Date && !untilIgnored ? opts.until.getTime() : Infinity;
    const r = new RRule({ ...opts, dtstart: new Date(startMs), until: new Date(Math.min(own, endMs)) });
    return r.all((_d, i) => i <= MAX_OCCURRENCES).map((d) => d.getTime());
  } catch (e) {
    throw badRequest(`invalid rrule '${rule}': ${(e as Error).message}`);
  }
}

/** The end of a single schedule (rules 1 and 2: exactly one of end and duration). */
function singleEnd(s: ScheduleInput, startMs: number): number {
  if (s.endMs !== undefined && s.durationMs !== undefined) throw badRequest(`scheduling: give either 'end' or 'duration', not both`);
  if (s.endMs === undefined && s.durationMs === undefined) throw badRequest(`scheduling: 'end' or 'duration' is required`);
  if (s.durationMs !== undefined) return startMs + s.durationMs;
  return s.endMs!;
}

/** How a create plans (hook point writeInput, handed in by handlers/create.ts); absent = as the scheduling rules say. */
export interface PlanHooks {
  /** The end of a single schedule as computed (extra: the input). */
  singleEnd?: (endMs: number, s: ScheduleInput) => number;
  /** Is a single schedule whose end is not after its start accepted? */
  emptyAccepted?: () => boolean;
  /** Is the rule's own UNTIL ignored? */
  untilIgnored?: () => boolean;
  /** The schedules as planned, occurrences dropped or moved (extra: the scheduling part as given). */
  plan?: (plan: Schedule[], s: ScheduleInput) => Schedule[];
}

/**
 * The schedules a creation asks for. Rules: agent_id and start always required (4); single event: exactly one of
 * end/duration (1, 2); several events: rrule + end + duration (3); end after start.
 */
export function planCreate(
  given: ScheduleInput,
  window: 'until-end' | 'until-end-plus-duration' = 'until-end',
  hooks: PlanHooks = {},
  keep: (ms: number) => number = toSeconds,
): Schedule[] {
  const planned = planSchedules(given, window, hooks, keep);
  return hooks.plan ? hooks.plan(planned, given) : planned;
}

function planSchedules(given: ScheduleInput, window: 'until-end' | 'until-end-plus-duration', hooks: PlanHooks, keep: (ms: number) => number): Schedule[] {
  const s = keptInput(given, keep);
  if (s.agentId === undefined) throw badRequest(`scheduling 'agent_id' is required`);
  if (s.startMs === undefined) throw badRequest(`scheduling 'start' is required`);
  const base = { agentId: s.agentId ?? '', ...(s.inputs ? { inputs: s.inputs } : {}) };
  if (s.rrule === undefined) {
    const computed = singleEnd(s, s.startMs);
    const endMs = keep(hooks.singleEnd ? hooks.singleEnd(computed, s) : computed);
    if (endMs <= s.startMs && !hooks.emptyAccepted?.()) throw badRequest(`scheduling 'end' must be after 'start'`);
    return [{ ...base, startMs: s.startMs, endMs }];
  }
  if (s.endMs === undefined) throw badRequest(`scheduling with 'rrule' requires 'end'`);
  const durationMs = s.durationMs;
  if (durationMs === undefined) throw badRequest(`scheduling with 'rrule' requires 'duration'`);
  if (s.endMs < s.startMs) throw badRequest(`scheduling 'end' must not be before 'start'`);
  // Latitude choice rrule-window: "within the period from start to end plus duration" read as starts up to end, or up to end + duration.
  const all = occurrences(s.rrule, s.startMs, window === 'until-end' ? s.endMs : s.endMs + durationMs, hooks.untilIgnored?.() ?? false);
  if (all.length === 0) throw badRequest(`scheduling: the rrule has no occurrence between start and end`);
  if (all.length > MAX_OCCURRENCES) throw badRequest(`scheduling: the rrule has more than ${MAX_OCCURRENCES} occurrences`);
  return all.map((t) => ({ ...base, inputs: base.inputs ? [...base.inputs] : undefined, startMs: keep(t), endMs: keep(t + durationMs) }));
}

/** The given start and end at the server's precision (`keep`); the duration stays as given (milliseconds). */
function keptInput(s: ScheduleInput, keep: (ms: number) => number): ScheduleInput {
  return {
    ...s,
    ...(s.startMs !== undefined ? { startMs: keep(s.startMs) } : {}),
    ...(s.endMs !== undefined ? { endMs: keep(s.endMs) } : {}),
  };
}

/** An update of an existing schedule: the fields given replace (rrule not allowed, end/duration not both). */
export function mergeSchedule(cur: Schedule, given: ScheduleInput, keep: (ms: number) => number = toSeconds): Schedule {
  const s = keptInput(given, keep);
  if (s.rrule !== undefined) throw badRequest(`scheduling 'rrule' cannot be used to update one event`);
  if (s.endMs !== undefined && s.durationMs !== undefined) throw badRequest(`scheduling: give either 'end' or 'duration', not both`);
  const startMs = s.startMs ?? cur.startMs;
  const endMs = s.durationMs !== undefined ? keep(startMs + s.durationMs) : (s.endMs ?? cur.endMs);
  if (endMs <= startMs) throw badRequest(`scheduling 'end' must be after 'start'`);
  const next: Schedule = { agentId: s.agentId ?? cur.agentId, startMs, endMs };
  const inputs = s.inputs ?? cur.inputs;
  if (inputs) next.inputs = [...inputs];
  return next;
}
