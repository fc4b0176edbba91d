import { parseJsonBody, type HttpClient } from '../http/index.js';
import type { Exchange } from '../model/index.js';
import type { WaitLedger } from './wait-ledger.js';

/** What a wait reports to and listens to: the version's wait ledger (results.json timing), the stage's signal. */
export interface WaitOptions {
  waits?: WaitLedger;
  signal?: AbortSignal;
}

/** The WaitOptions of an env (ScenarioEnv or PhaseEnv). */
export function waitOptions(env: WaitOptions): WaitOptions {
  return { ...(env.waits ? { waits: env.waits } : {}), ...(env.signal ? { signal: env.signal } : {}) };
}

/**
 * Waiting for a created event before writing to it (design §1.7: real servers read from an index that lags writes;
 * a GET right after the 201 may answer 404, and a write to the event may too). Shared by every stage.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A wait's guard against a broken GET (issue 12): true once two reads in a row failed with the same transport error
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
 * A wait's give-up test (issue 21 item 3): why the server has shown it will not answer this read, or undefined.
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

/**
 * Waits until GET /api/events/{id} answers a 2xx, within `settleMs`, unless the server shows it will not answer
 * (giveUpTest). Any 2xx is enough here: whether it is exactly 200 is the business of events.get.status.
 */
export async function waitReadable(client: HttpClient, id: string, settleMs: number): Promise<boolean> {
  const deadline = Date.now() + settleMs;
  const giveUp = giveUpTest(client);
  for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
    const ex = await client.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}` });
    const st = ex.response?.status ?? 0;
    if (st >= 200 && st < 300) return true;
    if (Date.now() + delay > deadline || giveUp(ex)) return false;
    await sleep(delay);
  }
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
  for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
    const ex = await client.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}` });
    const parsed = parseJsonBody(ex);
    const st = ex.response?.status ?? 0;
    const s = parsed.ok ? (parsed.value as { processing_state?: unknown } | null)?.processing_state : undefined;
    state = st >= 200 && st < 300 && typeof s === 'string' ? s : undefined;
    if (state !== undefined && state !== 'RUNNING' && state !== 'INSTANTIATED') return done(state, true);
    if (Date.now() + delay > deadline || giveUp(ex) || o.signal?.aborted) return done(state, false);
    await sleep(delay);
  }
}
