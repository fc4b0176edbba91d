import { parseFilters, parseSort } from './list-params.js';
import { runList } from './list-run.js';
import { OPEN_CALLER } from './auth.js';
import { seedMany } from './seed.js';
import { EventStore } from './store.js';

/** Server time of the list query the design budgets (ARCHITECTURE.md § The reference server: filter + sort + limit 20 over 10 000 events). */

export const SPEED_QUERY = { filter: 'title:Event 7', sort: 'start_date:DESC', limit: 20 } as const;

/** Runs SPEED_QUERY once (parse + execute + serialize); returns the JSON text. */
export function runSpeedQuery(store: EventStore): string {
  return runList(store, {
    version: '1.6.0',
    filters: parseFilters([SPEED_QUERY.filter], '1.6.0'),
    sort: parseSort(SPEED_QUERY.sort),
    limit: SPEED_QUERY.limit,
    skip: 0,
    flags: { acl: false, metadata: false, publications: false, scheduling: false },
    caller: OPEN_CALLER,
  });
}

/**
 * Mean server time in µs of SPEED_QUERY over a store of n events (no HTTP), after a warm-up.
 * For the bench only; tests never assert timings.
 */
export function measureListSpeed(n: number, iterations = 500): number {
  const store = new EventStore();
  seedMany(store, n);
  for (let i = 0; i < 50; i++) runSpeedQuery(store);
  const t0 = process.hrtime.bigint();
  // Measures computing the answer, not the whole-answer cache (store.listCache) that repeated queries hit.
  for (let i = 0; i < iterations; i++) {
    store.listCache.clear();
    runSpeedQuery(store);
  }
  const ns = Number(process.hrtime.bigint() - t0);
  return ns / iterations / 1000;
}
