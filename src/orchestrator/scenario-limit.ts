import type { RunConfig } from '../config/types.js';
import type { WaitLedger } from '../core/wait-ledger.js';

/** The idle allowance: at most this many times the base figure more, one per wait sleeping between polls. */
export const IDLE_ALLOWANCE = 6;

/** The median of the latest requests (ms) under which a server counts as answering fast. */
export const FAST_MS = 20;

/**
 * The median (ms) above which a server that answered fast counts as slow again: between FAST_MS and SLOW_MS it keeps
 * the figure it had. Each request's time includes evconf's own turn on a busy machine (server and evconf on two
 * cores: the median of a fast server's latest requests moved between 1 and 35 ms within a second at index lag 1 s,
 * and each move above 20 ms stopped every start for a while).
 */
export const SLOW_MS = 2 * FAST_MS;

/**
 * How long the median must stay over SLOW_MS before a fast server counts as slow: a burst of evconf's own reads
 * (every wait on the index reading again at about the same time) queues them behind each other for a moment; with
 * a fast server at index lag 1 s, 512 requests' median still moved between 1 and 127 ms within half a second.
 */
export const SLOW_FOR_MS = 1_000;

/**
 * How many scenarios of a version may run at once, asked before each one starts: --concurrency, and up to
 * the ceiling (config.concurrencyCeiling) once the median of the version's latest requests is at most FAST_MS, until
 * it has been over SLOW_MS for SLOW_FOR_MS. A
 * server that takes its time, or a run whose own process is busy (every version side by side), gets no more than
 * --concurrency; a fast one has its settle windows overlap twice as much (one version against the reference server,
 * quiet machine: 18.7 s with 8, 13.8 s with 16).
 *
 * On top of that, one more for each wait that sleeps between polls right now (an event not readable yet, its media
 * still processing, a settling read backing off while the index lags: WaitLedger.idleWaits), up to IDLE_ALLOWANCE
 * times as many again (Opencast mode, index lag 1 s, one version: with twice as many, 105 waits slept while the
 * generated cases filled every slot and 180 more queued for 20 s; six times as many let the run end in 42.6 s
 * instead of 55 s, the same run without lag unchanged, 12.0-12.5 s): the work holding such a wait sends a read every
 * half second at most, and on a server that processes media (Opencast: minutes) the run would otherwise be the sum
 * of those waits (one version, media required and processed in 300 ms: 14.4 s with the ceiling alone, 10.6 s with
 * twice the ceiling). The generated cases' slots follow the same figure (src/orchestrator/run.ts generatedSlots). A given
 * --concurrency is exact: no ceiling, no idle allowance.
 */
export function scenarioLimit(config: Pick<RunConfig, 'concurrency' | 'concurrencyCeiling'>, waits: Pick<WaitLedger, 'recentRequestP50' | 'idleWaits'> | undefined, now: () => number = Date.now): () => number {
  const ceiling = Math.max(config.concurrency, config.concurrencyCeiling ?? config.concurrency);
  if (ceiling === config.concurrency || !waits) return () => config.concurrency;
  let fast = false;
  /** Since when the median has been over SLOW_MS (while fast). */
  let slowSince: number | undefined;
  return () => {
    const p50 = waits.recentRequestP50();
    if (p50 === undefined || p50 <= SLOW_MS) slowSince = undefined;
    if (p50 === undefined) fast = false;
    else if (p50 <= FAST_MS) fast = true;
    else if (p50 > SLOW_MS && fast) {
      slowSince ??= now();
      if (now() - slowSince >= SLOW_FOR_MS) fast = false;
    }
    const base = fast ? ceiling : config.concurrency;
    return base + Math.min(waits.idleWaits(), IDLE_ALLOWANCE * base);
  };
}
