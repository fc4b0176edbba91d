import type { ApiVersion } from '../model/index.js';
import { createHttpClient, type FormEncoding, type HttpClient, type StallGuard } from '../http/index.js';
import type { RunConfig } from '../config/types.js';
import type { WaitLedger } from './wait-ledger.js';
import { busyRetrying, type BusyRetryOptions } from './busy-retry.js';

/** Clients for one API version: as the administrator, as the ordinary user (if given), and anonymous. */
export interface VersionClients {
  admin: HttpClient;
  user?: HttpClient;
  none: HttpClient;
  /** The administrator's client without the waiting out of busy refusals (src/core/busy-retry.ts): a check that judges a write during processing on purpose. */
  direct?: HttpClient;
}

/** Sees every exchange of a client (its own requests go through the client it was given, unseen). */
export interface ExchangeTap {
  tap(client: HttpClient, identity: string): HttpClient;
}

/** Splits a "Name: value" template and fills in {version}. */
export function versionHeader(template: string, v: ApiVersion): { name: string; value: string } | undefined {
  if (!template.trim()) return undefined;
  const i = template.indexOf(':');
  return { name: template.slice(0, i).trim(), value: template.slice(i + 1).trim().replaceAll('{version}', v) };
}

/** The client, telling `waits` how long each of its requests took (results.json timing). */
function timed(client: HttpClient, waits?: WaitLedger): HttpClient {
  if (!waits) return client;
  return {
    ...client,
    send: async (spec) => {
      const ex = await client.send(spec);
      waits.request(ex.durationMs);
      return ex;
    },
  };
}

/**
 * One client per identity for a version: the administrator, the ordinary user (if configured), nobody. With
 * `waits`, every request's duration is counted there.
 */
export function clientsFor(config: RunConfig, baseUrl: string, v: ApiVersion, stallGuard?: StallGuard, waits?: WaitLedger, onBusy?: BusyRetryOptions['onBusy'], signal?: AbortSignal, tap?: ExchangeTap): VersionClients & { closeAll(): Promise<void>; formEncoding: FormEncoding } {
  // One setting for the version's clients: the probe switches it when the server reads multipart forms only.
  const formEncoding: FormEncoding = { mode: 'urlencoded' };
  const base = {
    formEncoding,
    baseUrl,
    ...(stallGuard ? { stallGuard } : {}),
    timeoutMs: config.timeoutMs,
    headers: config.headers,
    versionHeader: versionHeader(config.versionHeader, v),
    // Room for the scenarios (--concurrency) and the generated cases (2 × --concurrency, orchestrator/run.ts generatedSlots),
    // up to the ceiling they may reach while the server answers fast (src/orchestrator/scenario-limit.ts).
    connections: Math.max(2, Math.max(config.concurrency, config.concurrencyCeiling ?? 0) * 4),
  };
  // With `tap`, every exchange of the stages is seen by a run-wide oracle (src/oracles/rows-seen.ts).
  const seen = (client: HttpClient, identity: string) => (tap ? tap.tap(client, identity) : client);
  const adminRaw = seen(timed(createHttpClient({ ...base, ...(config.auth ? { auth: config.auth } : {}) }), waits), 'admin');
  const userRaw = config.userAuth ? seen(timed(createHttpClient({ ...base, auth: config.userAuth }), waits), 'user') : undefined;
  const none = seen(timed(createHttpClient(base), waits), 'none');
  // A write refused while the event shows itself busy is sent again once it is not (src/core/busy-retry.ts).
  const busy: BusyRetryOptions = { reader: adminRaw, timeoutMs: config.processingTimeoutMs, ...(waits ? { waits } : {}), ...(onBusy ? { onBusy } : {}), ...(signal ? { signal } : {}) };
  const admin = busyRetrying(adminRaw, busy);
  const user = userRaw ? busyRetrying(userRaw, busy) : undefined;
  const all: HttpClient[] = [adminRaw, none, ...(userRaw ? [userRaw] : [])];
  return { admin, none, direct: adminRaw, ...(user ? { user } : {}), formEncoding, closeAll: async () => { await Promise.all(all.map((c) => c.close())); } };
}
