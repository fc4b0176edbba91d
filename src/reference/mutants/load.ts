import type { EventStore } from '../store.js';
import { family } from './types.js';

/**
 * Mutants for the load stage's budgets (ARCHITECTURE.md § Stages). They break no conformance rule: the answers stay correct,
 * only slow, so they are caught by `evconf load` (rules load.p99 / load.rps), not by the scenario self-test.
 */
export const LOAD_MUTANTS = family({
  'slow-filter': {
    rule: 'load.p99',
    caughtBy: 'load',
    description: 'A filtered GET /api/events scans every event and burns ~40 ms of CPU per request (no index).',
  },
});

/** CPU time a filtered list costs under the slow-filter mutant: far above any loopback budget (ecosystem §4: p99 2–6 ms). */
export const SLOW_FILTER_MS = 40;

/** The planted fault: a linear scan over the whole store, then a busy wait (blocking the event loop like slow code would). */
export function slowFilterScan(store: EventStore): void {
  const until = performance.now() + SLOW_FILTER_MS;
  let seen = 0;
  do {
    for (const rec of store.values()) seen += store.view(rec.id).fullText.length > 0 ? 1 : 0;
  } while (performance.now() < until && seen >= 0);
}
