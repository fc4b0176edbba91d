import fc from 'fast-check';
import { DAY_MS, intIn, MINUTE_MS, ordered, yearStartMs } from './constraints.js';
import { isoUtc } from '../spec/datetime.js';

/**
 * Scheduling of one event (spec § POST /api/events, Scheduling rules 1 and 4: agent_id and start, with either end
 * or duration in milliseconds). Times are UTC whole minutes.
 */
export interface SingleSchedule {
  agent_id: string;
  start: string;
  end?: string;
  duration?: number;
}

/** Constraints shared by the schedule arbitraries: where (agents) and when (years). */
export interface AgentTimeConstraints {
  /** Capture agent prefix (--agent-prefix). */
  agentPrefix: string;
  /** Run id (or tag) appended to the prefix, so agents never collide with real ones or other runs. */
  runId: string;
  /**
   * How many distinct agents: `<prefix><runId>-0` … `-<n-1>`.
   * @defaultValue 1
   */
  agents?: number;
  /**
   * First year of generated times (far in the future: never a real recording).
   * @defaultValue 2090
   */
  yearFrom?: number;
  /**
   * Last year of generated times.
   * @defaultValue 2099
   */
  yearTo?: number;
}

/** Validated agent ids and the time window in ms. */
export function agentsAndWindow(c: AgentTimeConstraints, where: string): { agents: string[]; fromMs: number; toMs: number } {
  if (typeof c?.agentPrefix !== 'string' || typeof c.runId !== 'string' || c.agentPrefix + c.runId === '') {
    throw new Error(`agentPrefix and runId must be strings, not both empty, for ${where}`);
  }
  const n = intIn(c.agents ?? 1, 1, 100, 'agents', where);
  const yearFrom = intIn(c.yearFrom ?? 2090, 2030, 9998, 'yearFrom', where);
  const yearTo = intIn(c.yearTo ?? 2099, 2030, 9998, 'yearTo', where);
  ordered(yearFrom, yearTo, 'years', where);
  const agents = Array.from({ length: n }, (_, i) => `${c.agentPrefix}${c.runId}-${i}`);
  return { agents, fromMs: yearStartMs(yearFrom), toMs: yearStartMs(yearTo + 1) - DAY_MS };
}

/** Constraints of {@link singleSchedule}. */
export interface SingleScheduleConstraints extends AgentTimeConstraints {
  /**
   * Shortest recording in minutes.
   * @defaultValue 5
   */
  minMinutes?: number;
  /**
   * Longest recording in minutes.
   * @defaultValue 240
   */
  maxMinutes?: number;
  /**
   * Which of end / duration is given ("Give start together with either end or duration").
   * @defaultValue 'either'
   */
  form?: 'end' | 'duration' | 'either';
}

/** A generated single schedule; pure and seeded. */
export function singleSchedule(constraints: SingleScheduleConstraints): fc.Arbitrary<SingleSchedule> {
  const where = 'singleSchedule';
  const { agents, fromMs, toMs } = agentsAndWindow(constraints, where);
  const minM = intIn(constraints.minMinutes ?? 5, 1, 10_000, 'minMinutes', where);
  const maxM = intIn(constraints.maxMinutes ?? 240, 1, 10_000, 'maxMinutes', where);
  ordered(minM, maxM, 'minutes', where);
  const form = constraints.form ?? 'either';
  if (!['end', 'duration', 'either'].includes(form)) throw new Error(`form must be end, duration or either for ${where}`);
  const slots = Math.floor((toMs - fromMs) / MINUTE_MS);
  return fc.record({
    agent: fc.constantFrom(...agents),
    startMin: fc.integer({ min: 0, max: slots }),
    minutes: fc.integer({ min: minM, max: maxM }),
    useEnd: form === 'either' ? fc.boolean() : fc.constant(form === 'end'),
  }).map(({ agent, startMin, minutes, useEnd }) => {
    const startMs = fromMs + startMin * MINUTE_MS;
    const base = { agent_id: agent, start: isoUtc(startMs) };
    return useEnd ? { ...base, end: isoUtc(startMs + minutes * MINUTE_MS) } : { ...base, duration: minutes * MINUTE_MS };
  });
}
