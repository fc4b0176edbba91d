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
 * different scenarios never overlap (scenarios run concurrently), and stay within 2090-2093. Versions run one after
 * the other and delete what they created, so they reuse the same windows.
 */
export function sharedAgentTimeBase(seed: number, index: number): string {
  return isoUtc(Date.UTC(2090, 0, 1) + ((seed % 30) + index * SCENARIO_SPAN_DAYS) * 86_400_000);
}
