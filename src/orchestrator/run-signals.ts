import { setMaxListeners } from 'node:events';
import type { ApiVersion } from '../model/index.js';
import { StallGuard } from '../http/index.js';
import type { Phase } from './run-result.js';

/** What the run's signals are made of: its own signal (interrupt, --max-duration) and --phase-budget. */
export interface SignalOptions {
  config: { phaseBudgetMs: number };
  signal?: AbortSignal;
}

/** Versions whose run was cut short (interrupt, --max-duration, --phase-budget), with the first reason. */
export type Stops = Map<ApiVersion, string>;

/**
 * The run's signal combined with a --phase-budget deadline for one phase of one version. When the phase ends
 * (`done`) with its signal aborted, the version is recorded as cut short: it can then not be "conformant".
 */
export function phaseSignal(o: SignalOptions, phase: Phase, v: ApiVersion, stops?: Stops): { signal: AbortSignal; done(): string | undefined } {
  const c = new AbortController();
  const budget = o.config.phaseBudgetMs;
  const timer = setTimeout(() => c.abort(`--phase-budget ${budget} ms reached (phase ${phase}, API ${v})`), budget);
  timer.unref();
  const onRun = () => c.abort(o.signal?.reason);
  if (o.signal?.aborted) c.abort(o.signal.reason);
  o.signal?.addEventListener('abort', onRun, { once: true });
  return {
    signal: c.signal,
    done: () => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onRun);
      if (!c.signal.aborted) return undefined;
      const why = String(c.signal.reason ?? 'the run was stopped');
      if (stops && !stops.has(v)) stops.set(v, `${phase}: ${why}`);
      return why;
    },
  };
}

/** Listeners the run's signal may have: one per phase of each version, and some to spare. */
export const RUN_SIGNAL_LISTENERS = 256;

/**
 * The run's signal, also aborted when the server stops answering altogether (src/http/stall-guard.ts): what is
 * not run by then is skipped with that reason, and the guard keeps the rest (cleanup included) from costing a
 * --timeout per request.
 */
export function withStallGuard<T extends SignalOptions & { config: { timeoutMs: number }; onStall?: (reason: string) => void }>(o: T): { o: T; guard: StallGuard } {
  const stalled = new AbortController();
  const guard = new StallGuard({ timeoutMs: o.config.timeoutMs, onStall: (reason) => { stalled.abort(reason); o.onStall?.(reason); } });
  const signal = o.signal ? AbortSignal.any([o.signal, stalled.signal]) : stalled.signal;
  // Every phase of every version listens to it (12 versions × 3 phases with --api-version all): more than Node's 10 is by design,
  // not a leak, and the warning would reach the user's terminal.
  setMaxListeners(RUN_SIGNAL_LISTENERS, signal);
  return { o: { ...o, signal }, guard };
}
