import type { CheckDef, CheckVerdict } from '../types.js';
import { toJson } from '../evidence.js';
import { PRECISION_QUESTION, PrecisionJudge, matchWindow } from '../../spec/precision.js';

/**
 * spec § POST /api/events, Scheduling rule 3: "To schedule several events, give rrule, end and duration. The rule
 * determines the dates and times within the period from start to end plus duration." The expected occurrences
 * are computed by the run with the rrule package (action create-scheduled, value `expected`); the events the
 * server created are read back one by one (action read-schedules). Each occurrence must be exactly one event,
 * on the agent, from the occurrence's start to start + duration, and there must be no other event.
 */

interface Window { start: string; end: string }

function windows(v: unknown): Window[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const ok = v.every((w) => w && typeof w === 'object' && typeof (w as Window).start === 'string' && typeof (w as Window).end === 'string');
  return ok ? (v as Window[]) : undefined;
}

/**
 * Compares what was read back (ReadSchedule[]) with the expected windows; pure, for the unit tests. Starts and ends
 * are the exact instants; the server may show them at the precision it keeps (src/spec/precision.ts), the same for
 * every occurrence and the one fixed earlier in the run (`fixed`).
 */
export function compareOccurrences(expected: Window[], agent: string, read: unknown, fixed?: { reading: string; where: string }): CheckVerdict {
  const judge = new PrecisionJudge(fixed);
  const key = (s: unknown, e: unknown) => {
    const i = matchWindow(judge, expected, s, e);
    return i >= 0 ? `#${i}` : `?${String(s)}/${String(e)}`;
  };
  if (!Array.isArray(read)) return { pass: false, message: 'no schedules were read back', actual: toJson(read) };
  if (read.length === 0) return { pass: false, message: `the rrule should create ${expected.length} events; the response named none`, expected: toJson(expected) };
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const r of read as { identifier?: unknown; status?: unknown; scheduling?: unknown }[]) {
    const s = r?.scheduling as Record<string, unknown> | null | undefined;
    if (r?.status !== 200 || !s || typeof s !== 'object') {
      problems.push(`${String(r?.identifier)}: GET scheduling answered ${String(r?.status)}`);
      continue;
    }
    if (s.agent_id !== agent) problems.push(`${String(r.identifier)}: agent_id ${JSON.stringify(s.agent_id)}, not ${JSON.stringify(agent)}`);
    const k = key(s.start, s.end);
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  const want = new Map<string, Window>(expected.map((w, i) => [`#${i}`, w]));
  const missing = [...want.entries()].filter(([k]) => !seen.has(k)).map(([, w]) => `${w.start}–${w.end}`);
  const extra = [...seen.keys()].filter((k) => !want.has(k));
  const doubled = [...seen.entries()].filter(([k, n]) => want.has(k) && n > 1).map(([k]) => k);
  if (missing.length) problems.push(`missing occurrences ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` (+${missing.length - 5})` : ''}`);
  if (extra.length) problems.push(`${extra.length} events at times the rule does not give`);
  if (doubled.length) problems.push(`${doubled.length} occurrences scheduled more than once`);
  const actual = toJson((read as { scheduling?: unknown }[]).map((r) => r?.scheduling ?? null).slice(0, 20));
  if (problems.length) {
    return { pass: false, message: `the rrule's ${expected.length} occurrences were not scheduled as given: ${problems.slice(0, 6).join('; ')}${judge.fixedNote()}`, expected: toJson(expected), actual };
  }
  const learned = judge.learning(`the ${expected.length} occurrences of an rrule schedule`);
  return { pass: true, message: `${expected.length} events, one per occurrence, each lasting the duration`, expected: toJson(expected), actual, ...(learned ? { learned } : {}) };
}

/**
 * events.create.rrule (spec § POST /api/events, scheduling rule 3): "The rule determines the dates and times within
 * the period from start to end plus duration." One event per occurrence the rrule package computes, each lasting
 * the duration, on the agent.
 */
export const occurrencesCheck: CheckDef = {
  name: 'schedule-occurrences',
  doc: 'the schedules read back (action read-schedules) are exactly the `expected` occurrences (start, end), each on agent `agent`',
  params: {
    type: 'object',
    required: ['expected', 'agent'],
    additionalProperties: false,
    properties: { expected: {}, agent: { type: 'string' } },
  },
  run(ctx, p) {
    const expected = windows(p.expected);
    if (!expected || expected.length === 0) {
      const why = 'precondition: no expected occurrences (the rrule schedule was not computed)';
      return { pass: false, skip: why, message: why };
    }
    return compareOccurrences(expected, p.agent as string, ctx.value, ctx.readings?.get(PRECISION_QUESTION));
  },
};

const skip = (why: string): CheckVerdict => ({ pass: false, skip: why, message: why });

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * events.create.rrule: spec § POST /api/events, "Creates one event, or several scheduled events"; § What the service
 * does: "It reads, updates and deletes a single event". After a write to one occurrence, every other occurrence read
 * back (action read-schedules) is still an event scheduled at one of the rule's occurrences (`expected`), each at a
 * different one, on `agent`.
 */
export const occurrencesAmongCheck: CheckDef = {
  name: 'occurrences-among',
  doc: 'every schedule read back (action read-schedules) answers 200 on `agent` at one of the `expected` occurrences, no two at the same one',
  params: {
    type: 'object', required: ['expected', 'agent'], additionalProperties: false,
    properties: { expected: {}, agent: { type: 'string' } },
  },
  run(ctx, p) {
    const expected = Array.isArray(p.expected) ? (p.expected as Window[]).filter((w) => isRecord(w) && typeof w.start === 'string' && typeof w.end === 'string') : [];
    if (expected.length === 0) return skip('precondition: no expected occurrences (the rrule schedule was not computed)');
    const read = ctx.value;
    if (!Array.isArray(read) || read.length === 0) return { pass: false, message: 'no schedules were read back', actual: toJson(read) };
    const judge = new PrecisionJudge(ctx.readings?.get(PRECISION_QUESTION));
    const key = (s: unknown, e: unknown) => {
      const i = matchWindow(judge, expected, s, e);
      return i >= 0 ? `#${i}` : `?${String(s)}/${String(e)}`;
    };
    const want = new Set(expected.map((_w, i) => `#${i}`));
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const r of read as { identifier?: unknown; status?: unknown; scheduling?: unknown }[]) {
      const s = r?.scheduling;
      if (r?.status !== 200 || !isRecord(s)) { problems.push(`${String(r?.identifier)}: GET scheduling answered ${String(r?.status)}`); continue; }
      if (s.agent_id !== p.agent) problems.push(`${String(r.identifier)}: agent_id ${JSON.stringify(s.agent_id)}`);
      const k = key(s.start, s.end);
      if (!want.has(k)) problems.push(`${String(r.identifier)}: scheduled ${String(s.start)}–${String(s.end)}, not an occurrence of the rule`);
      else if (seen.has(k)) problems.push(`${String(r.identifier)}: a second event at ${String(s.start)}`);
      seen.add(k);
    }
    const actual = toJson((read as { identifier?: unknown; status?: unknown; scheduling?: unknown }[]).map((r) => ({ identifier: r?.identifier ?? null, status: r?.status ?? null, scheduling: r?.scheduling ?? null })));
    return problems.length === 0
      ? { pass: true, message: `${read.length} other occurrences are still scheduled as the rule gave them`, actual }
      : { pass: false, message: `after a write to one occurrence, its siblings are not as the rule created them: ${problems.slice(0, 6).join('; ')}`, expected: toJson(expected), actual };
  },
};
