import { UsageError } from '../config/errors.js';
import type { Credentials } from '../config/types.js';
import { versionHeader } from '../core/clients.js';
import { createHttpClient, type HttpClient } from '../http/index.js';
import type { ApiVersion } from '../model/index.js';
import { startChildServer, type ChildServer } from './child-server.js';
import { deleteEvents } from '../core/cleanup.js';

/** Where the load goes: --base-url, or the reference server in a child process (never this process). */

export const DEFAULT_VERSION_HEADER = 'Accept: application/v{version}+json';

export interface TargetOptions {
  baseUrl?: string;
  mutant?: string;
  auth?: Credentials;
  headers?: Record<string, string>;
  versionHeader?: string;
  timeoutMs?: number;
}

export interface LoadTarget {
  baseUrl: string;
  /** Set when the target is our own child reference server. */
  child?: ChildServer;
  /** One API client per version (seeding, probes, cleanup). */
  clientFor(v: ApiVersion): HttpClient;
  /** The headers every generated request carries: version, credentials, --header. */
  headersFor(v: ApiVersion): Record<string, string>;
  close(): Promise<void>;
}

export async function openTarget(o: TargetOptions): Promise<LoadTarget> {
  let child: ChildServer | undefined;
  if (!o.baseUrl) {
    try {
      child = await startChildServer(o.mutant ? { mutant: o.mutant } : {});
    } catch (e) {
      throw new UsageError(`cannot start the reference server: ${(e as Error).message}`);
    }
  }
  const baseUrl = o.baseUrl ?? child!.url;
  const template = o.versionHeader ?? DEFAULT_VERSION_HEADER;
  const clients = new Map<ApiVersion, HttpClient>();
  return {
    baseUrl,
    ...(child ? { child } : {}),
    clientFor(v) {
      let c = clients.get(v);
      if (!c) {
        const vh = versionHeader(template, v);
        c = createHttpClient({ baseUrl, timeoutMs: o.timeoutMs ?? 10_000, headers: o.headers ?? {}, excerptBytes: 1 << 20, connections: 16,
          ...(vh ? { versionHeader: vh } : {}), ...(o.auth ? { auth: o.auth } : {}) });
        clients.set(v, c);
      }
      return c;
    },
    headersFor(v) {
      const h: Record<string, string> = { ...(o.headers ?? {}) };
      const vh = versionHeader(template, v);
      if (vh) h[vh.name] = vh.value;
      if (o.auth) h.Authorization = `Basic ${Buffer.from(`${o.auth.user}:${o.auth.password}`).toString('base64')}`;
      return h;
    },
    async close() {
      await Promise.all([...clients.values()].map((c) => c.close()));
      await child?.close();
    },
  };
}

/** Before seeding: the target answers HTTP and accepts the credentials (else exit 2 with one line). */
export async function checkReachable(t: LoadTarget, v: ApiVersion): Promise<void> {
  const first = await t.clientFor(v).send({ method: 'GET', path: '/api/events', query: { limit: '1' } });
  if (!first.response) throw new UsageError(`cannot reach ${t.baseUrl} (${first.error?.code}: ${first.error?.message}); check --base-url`);
  const s = first.response.status;
  if (s === 401 || s === 403) throw new UsageError(`${t.baseUrl} refused the credentials (GET /api/events → ${s}); check --auth`);
}

/** Deletes what was seeded; returns what is left (nothing when our child server is gone: its events were in memory). */
export async function deleteSeeded(t: LoadTarget, v: ApiVersion, ids: string[], settleMs: number, log: (l: string) => void): Promise<string[]> {
  if (ids.length === 0) return [];
  log(`load: deleting ${ids.length} seeded events`);
  const left = await deleteEvents(t.clientFor(v), ids, { settleMs });
  if (t.child && !t.child.alive()) return [];
  if (left.length > 0) log(`load: ${left.length} seeded events could not be deleted`);
  return left;
}
