import type { Capabilities } from './capabilities.js';

/**
 * Whether work of one version that uses events of its own (stages, properties) may run side by side (issue 21
 * item 2). Not on a server that takes only the user's one capture agent (--agent-id): the scenarios get disjoint
 * time windows on it, the generated stages' schedules do not, so they would refuse each other's slots.
 */
export function overlapping(caps: Capabilities | undefined): boolean {
  return (caps?.agents.kind ?? 'own') !== 'fixed';
}
