import type { RunConfig } from '../config/types.js';
import type { WaitLedger } from '../core/wait-ledger.js';

/** The median of the latest requests (ms) under which a server counts as answering fast. */
export const FAST_MS = 20;

/**
 * How many scenarios of a version may run at once, asked before each one starts (issue 21): --concurrency, and up to
 * the ceiling (config.concurrencyCeiling) while the median of the version's latest requests is at most FAST_MS. A
 * server that takes its time, or a run whose own process is busy (every version side by side), gets no more than
 * --concurrency; a fast one has its settle windows overlap twice as much (one version against the reference server,
 * quiet machine: 18.7 s with 8, 13.8 s with 16).
 */
export function scenarioLimit(config: Pick<RunConfig, 'concurrency' | 'concurrencyCeiling'>, waits: Pick<WaitLedger, 'recentRequestP50'> | undefined): () => number {
  const ceiling = Math.max(config.concurrency, config.concurrencyCeiling ?? config.concurrency);
  if (ceiling === config.concurrency || !waits) return () => config.concurrency;
  return () => {
    const p50 = waits.recentRequestP50();
    return p50 !== undefined && p50 <= FAST_MS ? ceiling : config.concurrency;
  };
}
