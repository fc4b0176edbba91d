import type { VersionWaits, WaitStats } from '../model/index.js';

/**
 * What one version's run waited for (timing as data): every request, every wait until a created
 * event read 2xx (the server's index lag), every wait for processing, every settled check. The waits report here
 * through the env (VersionEnv.waits, PhaseEnv.waits), as they report the lag to the LagTracker; the engine puts
 * the summary in results.json `timing`.
 */
/**
 * How many of the latest requests recentRequestP50 reads: at a thousand requests a second (one version against a
 * fast server on an index lag, its waits reading side by side) about half a second, so that one burst of requests
 * queued behind each other does not make a fast server count as slow (with 64, the median moved between 1 and 130 ms
 * within a second, and each move stopped every start).
 */
const RECENT = 512;

/** How many requests recentRequestP50 needs before it says anything. */
const KNOWN = 64;

export class WaitLedger {
  private readonly requests: number[] = [];
  /** The last RECENT request durations, sorted (kept as they come: recentRequestP50 is asked before most sends). */
  private readonly recent: number[] = [];
  private readonly readables: number[] = [];
  private readonly processing: number[] = [];
  private readonly settles: number[] = [];
  private readonly windows: number[] = [];
  private gaveUps = 0;
  private idleNow = 0;

  /** An HTTP request took `ms`. */
  request(ms: number): void {
    const n = this.requests.push(ms);
    const recent = this.recent;
    if (n > RECENT) recent.splice(sortedIndex(recent, this.requests[n - 1 - RECENT]), 1);
    recent.splice(sortedIndex(recent, ms), 0, ms);
  }

  /** The median of the last RECENT requests (undefined before there are KNOWN): how fast the server answers now. */
  recentRequestP50(): number | undefined {
    if (this.requests.length < KNOWN) return undefined;
    return this.recent[this.recent.length >> 1];
  }

  /** A created event first read 2xx `lagMs` after its create was answered. */
  readable(lagMs: number): void {
    this.readables.push(Math.max(0, lagMs));
  }

  /** An event evconf uploaded media for ended processing after `ms` of waiting. */
  processed(ms: number): void {
    this.processing.push(ms);
  }

  /** A settled check read again for `ms`, with the settle window W it used. */
  settle(ms: number, windowMs: number): void {
    this.settles.push(ms);
    this.windows.push(windowMs);
  }

  /**
   * A wait that only polls the server (until an event is readable, until its processing ends) has begun to sleep
   * between reads; the returned function ends it (once). While it lasts it counts in idleWaits: the work holding it
   * sends next to nothing, so the engine lets that much more work of the version in (src/orchestrator/scenario-limit.ts;
   * a server that processes media for minutes must not make the run the sum of those minutes).
   */
  idle(): () => void {
    this.idleNow++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.idleNow--;
    };
  }

  /** Waits sleeping between polls right now (idle). */
  idleWaits(): number {
    return this.idleNow;
  }

  /** A wait gave up because the server showed it would not answer (src/core/readiness.ts giveUpTest). */
  gaveUp(): void {
    this.gaveUps++;
  }

  summary(): VersionWaits {
    const w = stats(this.windows);
    return {
      requests: stats(this.requests),
      readable: stats(this.readables),
      processed: stats(this.processing),
      settle: { ...stats(this.settles), windowP50Ms: w.p50Ms, windowMaxMs: w.maxMs },
      gaveUp: this.gaveUps,
    };
  }
}

/** The first index of sorted `xs` whose value is not below `x` (where `x` goes in; where an equal value is). */
function sortedIndex(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Count, sum, median and maximum of `xs` (ms, rounded to whole ms); zeros when there is none. */
export function stats(xs: readonly number[]): WaitStats {
  if (xs.length === 0) return { count: 0, totalMs: 0, p50Ms: 0, maxMs: 0 };
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { count: s.length, totalMs: Math.round(s.reduce((a, b) => a + b, 0)), p50Ms: Math.round(mid), maxMs: Math.round(s[s.length - 1]) };
}
