import { isoUtc } from '../spec/datetime.js';

/**
 * Far-future base time for a scenario's schedules (2090-2094), so they never collide with real recordings.
 * Windows of different scenarios may overlap: each scenario schedules on its own capture agent.
 */
export function timeBase(seed: number, index: number): string {
  const day = Date.UTC(2090, 0, 1) + ((seed % 1000) + index) * 86_400_000;
  return isoUtc(day);
}

/** Days a scenario's schedules may span from its base time (the longest offset of suites/ is "+13d18:00"). */
const SCENARIO_SPAN_DAYS = 15;

/**
 * Base time of a scenario when every scenario schedules on one shared capture agent (--agent-id): windows of
 * different scenarios never overlap (scenarios run concurrently). They start in 2100, after every year another stage
 * schedules in on that agent (the probe 2094, the properties 2095-2098, stateful 2099: src/orchestrator/run.ts), which
 * run side by side with the scenarios: a place of SCENARIO_SPAN_DAYS each for about 200 scenarios reaches into 2108,
 * before the recurrences of prop-rrule (2120-2159); from 2090 on it reached the properties' years (a scenario's event
 * met a recurrence of prop-rrule there: 409).
 * Versions run one after the other and delete what they created, so they reuse the same windows.
 */
export function sharedAgentTimeBase(seed: number, index: number): string {
  return isoUtc(Date.UTC(2100, 0, 1) + ((seed % 30) + index * SCENARIO_SPAN_DAYS) * 86_400_000);
}

/** The years where the scenarios whose schedules span more than SCENARIO_SPAN_DAYS get a place of one year each. */
const WIDE_FROM_YEAR = 2110;
export const WIDE_PLACES = 10;

/**
 * Base time, on one shared capture agent, of the `k`-th scenario whose schedules span the windows of others
 * (`exclusive: shared-agent`, src/model/scenario.ts): a year of its own from 2110, after the scenarios' places (2100
 * to about 2108) and before prop-rrule's recurrences (2120-2159), so it runs beside the others instead of alone.
 */
export function wideTimeBase(seed: number, k: number): string {
  if (k < 0 || k >= WIDE_PLACES) throw new Error(`no place of its own for wide scenario ${k}: ${WIDE_PLACES} places in ${WIDE_FROM_YEAR}-${WIDE_FROM_YEAR + WIDE_PLACES - 1}`);
  return isoUtc(Date.UTC(WIDE_FROM_YEAR + k, 0, 1) + (seed % 30) * 86_400_000);
}
