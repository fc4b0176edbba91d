import type { Scenario } from '../model/index.js';
import { missing, type Capabilities } from '../core/capabilities.js';

/** Actions that schedule on the scenario's capture agent (src/engine/actions/scheduling.ts, sort.ts). */
const SCHEDULING_ACTIONS = new Set(['create-scheduled', 'update-schedule', 'put-scheduling']);

/** create-scheduled-events schedules the items with `at` (those with `startAt` are not scheduled). */
const schedulesEvents = (params: Record<string, unknown>) =>
  Array.isArray(params.events) && (params.events as unknown[]).some((e) => (e as { at?: unknown } | null)?.at !== undefined);

/**
 * What a scenario needs from the server beyond the spec's required inputs: a capture agent it may schedule on (it
 * names {{agent}}, sends a schedule, or uses a scheduling action) and series ids ({{series.…}}). Read from the
 * scenario itself, so that a new scenario cannot forget to declare it.
 */
export function scenarioNeeds(s: Scenario): { agents: boolean; series: boolean; severalAgents: boolean } {
  const text = JSON.stringify([s.given, s.steps.map((st) => [st.request, st.action, st.expect.map((e) => e.params)])]);
  const agents = text.includes('{{agent}}') || s.given.some((g) => g.scheduling !== undefined) || /"schedule":/.test(text)
    || s.steps.some((st) => st.action !== undefined && (SCHEDULING_ACTIONS.has(st.action.name) || (st.action.name === 'create-scheduled-events' && schedulesEvents(st.action.params))));
  // create-scheduled-events with per-event `agent`: events on several agents of the scenario's own, so they may overlap.
  // A derived agent name ({{agent}}-second) is a second agent of the scenario's own, too.
  const severalAgents = text.includes('{{agent}}-') || s.steps.some((st) => st.action?.name === 'create-scheduled-events'
    && Array.isArray(st.action.params.events) && (st.action.params.events as unknown[]).some((e) => (e as { agent?: unknown } | null)?.agent !== undefined));
  return { agents, series: text.includes('{{series.'), severalAgents };
}

/** Why the scenario cannot run against this server (the probe's refusal), or undefined. */
export function unmetNeed(s: Scenario, caps: Capabilities): string | undefined {
  const needs = scenarioNeeds(s);
  const agents = needs.agents ? missing(caps, 'agents') : undefined;
  if (agents) return `precondition: ${agents}`;
  if (needs.severalAgents && caps.agents.kind === 'fixed') {
    return `precondition: the scenario needs several capture agents (overlapping schedules); the server refused evconf's own agents and --agent-id gives one (${caps.agents.id})`;
  }
  const series = needs.series ? missing(caps, 'series') : undefined;
  return series ? `precondition: ${series}` : undefined;
}
