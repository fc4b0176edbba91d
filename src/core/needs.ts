import { Unavailable } from './unavailable.js';
import { missing, seriesFor, type Capabilities } from './capabilities.js';

/**
 * What a step, action or given event needs from the server beyond the spec's required inputs: a
 * capture agent it may schedule on (`agents`), several agents of the scenario's own (`several-agents`: overlapping
 * schedules, or one agent id that is a prefix of another) and series ids (`series`). Declared where the need arises
 * (an action's registry entry, a given event's scheduling, a scenario variable), never found by reading the text.
 * What the probe learned the server legally refuses is adapted to the same way in every stage (ARCHITECTURE.md, principle 2): here as
 * an Unavailable value (src/core/unavailable.ts), so only what is built on it is skipped, with the reason.
 */
export type Need = 'agents' | 'several-agents' | 'series';

/** Why `need` cannot be met by this server (the probe's refusal, "precondition: …"), or undefined when it can. */
export function needReason(need: Need, caps: Capabilities | undefined): string | undefined {
  if (need === 'series') {
    const why = missing(caps, 'series');
    return why ? `precondition: ${why}` : undefined;
  }
  const agents = missing(caps, 'agents');
  if (agents) return `precondition: ${agents}`;
  if (need === 'several-agents' && caps?.agents.kind === 'fixed') {
    return `precondition: the scenario needs several capture agents (overlapping schedules); the server refused evconf's own agents and --agent-id gives one (${caps.agents.id})`;
  }
  return undefined;
}

/** The first of `needs` this server cannot meet, as a "precondition: …" reason, or undefined. */
export function unmetNeed(needs: readonly Need[], caps: Capabilities | undefined): string | undefined {
  for (const n of needs) {
    const why = needReason(n, caps);
    if (why) return why;
  }
  return undefined;
}

/**
 * The further capture agents a scenario may name besides {{agent}}: {{agents.<name>}} is `<agent>-<name>`, an agent
 * of the scenario's own (so one may be a prefix of the other: events.list.filter.agent_id).
 */
export const OWN_AGENTS = ['second', 'long', 'seasons', 'b', 'c', 'd'] as const;

/** A value, or the Unavailable standing for it when the server cannot meet `need` (a skip with the reason). */
function unlessRefused<T>(need: Need, caps: Capabilities | undefined, value: () => T): T | Unavailable {
  const why = needReason(need, caps);
  return why ? new Unavailable(why) : value();
}

/**
 * The scenario variables built on what the probe learned about agents and series: `agent`, `agents.<name>` and
 * `series.a|b|ab` (series ids of the scenario's own, or the user's --series-id for all; a's id is a prefix of ab's,
 * so a filter matching series ids by prefix lists events of ab for a). What the server refused is Unavailable.
 */
export function needVars(caps: Capabilities | undefined, agent: string, tag: string): Record<string, unknown> {
  const series = (own: string) => unlessRefused('series', caps, () => seriesFor(caps, own) ?? '');
  return {
    agent: unlessRefused('agents', caps, () => agent),
    agents: Object.fromEntries(OWN_AGENTS.map((n) => [n, unlessRefused('several-agents', caps, () => `${agent}-${n}`)])),
    series: { a: series(`${tag}sa`), b: series(`${tag}sb`), ab: series(`${tag}sab`) },
  };
}
