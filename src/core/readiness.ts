import { parseJsonBody, type HttpClient } from '../http/index.js';
import type { Exchange } from '../model/index.js';
import type { WaitLedger } from './wait-ledger.js';
import { Backoff } from './backoff.js';
import type { LagTracker } from './settle.js';

/** What a wait reports to and listens to: the version's wait ledger (results.json timing), the stage's signal. */
export interface WaitOptions {
  waits?: WaitLedger;
  signal?: AbortSignal;
}

/** The WaitOptions of an env (VersionEnv or PhaseEnv). */
export function waitOptions(env: WaitOptions): WaitOptions {
  return { ...(env.waits ? { waits: env.waits } : {}), ...(env.signal ? { signal: env.signal } : {}) };
}

/**
 * Waiting for a created event before writing to it (ARCHITECTURE.md, principle 7: real servers read from an index that lags writes;
 * a GET right after the 201 may answer 404, and a write to the event may too). Shared by every stage.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The sleeps of one wait, counted idle in the version's ledger from the first on (WaitLedger.idle: the engine lets
 * that much more work in meanwhile); an event ready at the first read never counts. `end` when the wait ends.
 */
function idleSleeps(waits: WaitLedger | undefined): { sleep(ms: number): Promise<unknown>; end(): void } {
  let idle: (() => void) | undefined;
  return {
    sleep: (ms) => {
      idle ??= waits?.idle();
      return sleep(ms);
    },
    end: () => idle?.(),
  };
}

/**
 * A wait's guard against a broken GET: true once two reads in a row failed with the same transport error
 * (a reset, a stall), which waiting longer cannot mend, unlike "not indexed yet". Feed it every exchange.
 */
export function repeatedTransportError(): (ex: Exchange) => boolean {
  let last: string | undefined;
  return (ex) => {
    const code = ex.response ? undefined : ex.error?.code;
    const repeated = code !== undefined && code === last;
    last = code;
    return repeated;
  };
}

/**
 * A wait's give-up test: why the server has shown it will not answer this read, or undefined.
 * It has when two reads of this wait in a row failed with the same transport error, or when the run's stall guard
 * has given up on the read's route (its last requests, from any wait or step, got no HTTP response; or it is no
 * longer sent). Waiting longer cannot mend that, unlike "not indexed yet". Feed it every exchange of the wait.
 */
export function giveUpTest(client: Pick<HttpClient, 'gaveUp'>): (ex: Exchange) => string | undefined {
  const repeated = repeatedTransportError();
  return (ex) => {
    const twice = repeated(ex);
    if (ex.response || !ex.error) return undefined;
    const why = client.gaveUp?.(ex);
    if (why) return why;
    return twice ? `two reads in a row failed with ${ex.error.code}: ${ex.error.message}` : undefined;
  };
}

/** How a readable-wait ended (untilReadable). */
export type Readability =
  /** GET answered a 2xx; `lagMs`: how long after the wait began, less the answering request's own time. */
  | { readable: true; exchange: Exchange; lagMs: number }
  /** The server showed it will not answer the GET (giveUpTest says why; `exchange` is the read it did not answer). */
  | { readable: false; by: 'gave-up'; why: string; exchange: Exchange }
  /** The signal stopped the wait. */
  | { readable: false; by: 'stopped' }
  /** `settleMs` ran out. */
  | { readable: false; by: 'timeout' };

export interface ReadableOptions extends WaitOptions {
  /** How long to wait at most (--settle-ms). */
  settleMs: number;
  /** The back-off between reads: the first delay, doubled up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /**
   * Whether a give-up is tested before the time and the signal (the scenario stage reports an unanswered GET even
   * at the deadline) or after them (a wait that ran out ends as such, without feeding the give-up test).
   */
  giveUpFirst: boolean;
  /** Notes the lag of a readable event and its last miss, and aims the back-off (the learned lag of src/core/settle.ts). */
  lag?: Pick<LagTracker, 'note' | 'noteMiss' | 'aimMs'>;
}

/**
 * Waits until GET /api/events/{id} answers a 2xx (real servers index asynchronously; ARCHITECTURE.md, principle 7), within
 * `settleMs`, unless the server shows it will not answer (giveUpTest: counted in waits.gaveUp) or the signal stops
 * it. Any 2xx is enough here: whether it is exactly 200 is the business of events.get.status. On a 2xx the lag is
 * noted (lag, waits.readable). The one readable-wait of every stage.
 */
export async function untilReadable(client: Pick<HttpClient, 'send' | 'gaveUp'>, id: string, o: ReadableOptions): Promise<Readability> {
  const started = Date.now();
  const deadline = started + o.settleMs;
  const giveUp = giveUpTest(client);
  const gaveUp = (ex: Exchange): Readability | undefined => {
    const why = giveUp(ex);
    if (!why) return undefined;
    o.waits?.gaveUp();
    return { readable: false, by: 'gave-up', why, exchange: ex };
  };
  const sleeps = idleSleeps(o.waits);
  try {
    // Doubling pauses, aimed at when writes usually show (src/core/backoff.ts).
    const backoff = new Backoff(o.firstDelayMs, o.maxDelayMs, o.lag?.aimMs);
    let missedAt: number | undefined;
    for (;;) {
      const sentAt = Date.now() - started;
      const ex = await client.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}` });
      const st = ex.response?.status ?? 0;
      if (st >= 200 && st < 300) {
        const lagMs = Date.now() - started - ex.durationMs;
        o.lag?.note(lagMs);
        if (missedAt !== undefined) o.lag?.noteMiss(missedAt);
        o.waits?.readable(lagMs);
        return { readable: true, exchange: ex, lagMs };
      }
      missedAt = sentAt;
      const delay = backoff.next(Date.now() - started);
      if (o.giveUpFirst) {
        const g = gaveUp(ex);
        if (g) return g;
        if (o.signal?.aborted) return { readable: false, by: 'stopped' };
        if (Date.now() + delay > deadline) return { readable: false, by: 'timeout' };
      } else {
        if (Date.now() + delay > deadline) return { readable: false, by: 'timeout' };
        if (o.signal?.aborted) return { readable: false, by: 'stopped' };
        const g = gaveUp(ex);
        if (g) return g;
      }
      await sleeps.sleep(delay);
    }
  } finally {
    sleeps.end();
  }
}

/** untilReadable as a yes or no, without lag or waits (the probe's reads of its own events). */
export async function waitReadable(client: HttpClient, id: string, settleMs: number): Promise<boolean> {
  return (await untilReadable(client, id, { settleMs, firstDelayMs: 25, maxDelayMs: 500, giveUpFirst: false })).readable;
}

/** States in which processing may still change the event (spec § States and transitions); "" = not indexed yet. */
export const BUSY_STATES: ReadonlySet<string> = new Set(['', 'INSTANTIATED', 'RUNNING', 'PAUSED', 'FAILING']);

/**
 * Waits until the event's processing_state is no longer RUNNING or INSTANTIATED (a server may refuse changes while
 * the workflow of uploaded media runs), within `timeoutMs`. Used only for events evconf uploaded media for.
 * Returns the last state seen (undefined when the event could not be read).
 */
export async function waitProcessed(client: HttpClient, id: string, timeoutMs: number, o: WaitOptions = {}): Promise<string | undefined> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  let state: string | undefined;
  const giveUp = giveUpTest(client);
  const done = (s: string | undefined, waited: boolean) => {
    if (waited) o.waits?.processed(Date.now() - started);
    return s;
  };
  const sleeps = idleSleeps(o.waits);
  try {
    for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
      const ex = await client.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}` });
      const parsed = parseJsonBody(ex);
      const st = ex.response?.status ?? 0;
      const s = parsed.ok ? (parsed.value as { processing_state?: unknown } | null)?.processing_state : undefined;
      state = st >= 200 && st < 300 && typeof s === 'string' ? s : undefined;
      if (state !== undefined && state !== 'RUNNING' && state !== 'INSTANTIATED') return done(state, true);
      if (Date.now() + delay > deadline || giveUp(ex) || o.signal?.aborted) return done(state, false);
      await sleeps.sleep(delay);
    }
  } finally {
    sleeps.end();
  }
}
