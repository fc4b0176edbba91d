import type { Capabilities } from './capabilities.js';

/**
 * Whether work of one version that uses events of its own (stages, properties) may run side by side (issue 21
 * item 2). Not on a server that takes only the user's one capture agent (--agent-id): the scenarios get disjoint
 * time windows on it, the generated stages' schedules do not, so they would refuse each other's slots.
 */
export function overlapping(caps: Capabilities | undefined): boolean {
  return (caps?.agents.kind ?? 'own') !== 'fixed';
}

/**
 * Generated cases of one property (or of the stateful stage) in flight at once (issue 21 item 2): where the cases
 * work on events of their own (PropertyDef.casesOverlap) and `overlapping`, half of --concurrency (default 8 → 4),
 * at least 1; else 1 (one after the other, as fc.check runs them). The version's generated cases together are
 * bounded by generatedSlots (src/engine/run.ts: --concurrency, within the client's connections); half, so that
 * one long property does not hold every slot while the others wait.
 */
export function casesInFlight(caps: Capabilities | undefined, concurrency: number | undefined, casesOverlap: boolean | undefined): number {
  return casesOverlap && overlapping(caps) ? Math.max(1, Math.floor((concurrency ?? 1) / 2)) : 1;
}
