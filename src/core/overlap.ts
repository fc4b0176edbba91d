import type { Capabilities } from './capabilities.js';

/**
 * Whether work of one version that uses events of its own (stages, properties) may run side by side.
 * Not on a server that takes only the user's one capture agent (--agent-id): the scenarios get disjoint
 * time windows on it, the generated stages' schedules do not, so they would refuse each other's slots.
 */
export function overlapping(caps: Capabilities | undefined): boolean {
  return (caps?.agents.kind ?? 'own') !== 'fixed';
}

/**
 * Generated cases of one property (or of the stateful stage) in flight at once: where the cases
 * work on events of their own (PropertyDef.casesOverlap) and `overlapping`, --concurrency (at least 1), within the
 * version's case slots (generatedSlots in src/orchestrator/run.ts: 2 × --concurrency, within the client's connections),
 * which serve every property in the order asked: the property with the most cases (the filter property, five times
 * the runs) takes slots the others leave once they are done (half of --concurrency made it the stage's tail: one
 * version with media required 33.7 → 28.0 s; all the slots gained nothing more); else 1 (one after the other, as
 * fc.check runs them). `schedules`: whether the cases may schedule on a capture agent; cases that never do share
 * nothing with the user's one agent, so they overlap there too (one version, --agent-id, media processed in 2.3 s:
 * the property stage alone ran past 90 s when every property waited its turn).
 */
export function casesInFlight(caps: Capabilities | undefined, concurrency: number | undefined, casesOverlap: boolean | undefined, schedules = true): number {
  return casesOverlap && (!schedules || overlapping(caps)) ? Math.max(1, concurrency ?? 1) : 1;
}
