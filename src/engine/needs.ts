import type { Scenario } from '../model/index.js';
import { missing, type Capabilities } from './capabilities.js';

/** Actions that schedule on the scenario's capture agent (src/engine/actions/scheduling.ts, sort.ts). */
const SCHEDULING_ACTIONS = new Set(['create-scheduled', 'create-scheduled-events', 'update-schedule', 'put-scheduling']);

/**
 * What a scenario needs from the server beyond the spec's required inputs: a capture agent it may schedule on (it
 * names {{agent}}, sends a schedule, or uses a scheduling action) and series ids ({{series.…}}). Read from the
 * scenario itself, so that a new scenario cannot forget to declare it.
 */
export function scenarioNeeds(s: Scenario): { agents: boolean; series: boolean } {
  const text = JSON.stringify([s.given, s.steps.map((st) => [st.request, st.action, st.expect.map((e) => e.params)])]);
  const agents = text.includes('{{agent}}') || s.given.some((g) => g.scheduling !== undefined) || /"schedule":/.test(text)
    || s.steps.some((st) => st.action !== undefined && SCHEDULING_ACTIONS.has(st.action.name));
  return { agents, series: text.includes('{{series.') };
}

/** Why the scenario cannot run against this server (the probe's refusal), or undefined. */
export function unmetNeed(s: Scenario, caps: Capabilities): string | undefined {
  const needs = scenarioNeeds(s);
  const agents = needs.agents ? missing(caps, 'agents') : undefined;
  if (agents) return `precondition: ${agents}`;
  const series = needs.series ? missing(caps, 'series') : undefined;
  return series ? `precondition: ${series}` : undefined;
}
