import { createHttpClient, type HttpClient } from '../http/index.js';
import type { ApiVersion } from '../model/index.js';
import { startReferenceServer, type StartedReferenceServer } from '../reference/index.js';
import { SUITES_DIR } from '../spec/paths.js';
import { loadRules, type RuleBook } from '../spec/rules.js';
import type { PhaseEnv } from './phase-env.js';
import type { Reply } from './api.js';

/** Test support (not used at run time): a reference server and a PhaseEnv for one version. */

let book: RuleBook | undefined;
export const rules = (): RuleBook => (book ??= loadRules());

export interface TestTarget {
  server: StartedReferenceServer;
  clients: Map<ApiVersion, HttpClient>;
  /** Every id registered for cleanup and not forgotten. */
  registered: Set<string>;
  env(version: ApiVersion, config?: Partial<PhaseEnv['config']>): PhaseEnv;
  /** Number of events on the server (GET /api/events without filter). */
  count(): Promise<number>;
  close(): Promise<void>;
}

export async function startTarget(mutant?: string): Promise<TestTarget> {
  const server = await startReferenceServer({ port: 0, processingDelayMs: 50, retractDelayMs: 50, ...(mutant ? { mutant } : {}) });
  const clients = new Map<ApiVersion, HttpClient>();
  const registered = new Set<string>();
  const client = (v: ApiVersion) => {
    let c = clients.get(v);
    if (!c) clients.set(v, (c = createHttpClient({ baseUrl: server.url, timeoutMs: 5000, versionHeader: { name: 'Accept', value: `application/v${v}+json` } })));
    return c;
  };
  return {
    server, clients, registered,
    env: (version, config = {}) => ({
      version, clients: { admin: client(version) }, book: rules(),
      config: { seed: 7, runs: 8, settleMs: 300, workflow: 'schedule-and-upload', suitesDir: SUITES_DIR, concurrency: 8, ...(mutant ? { mutant } : {}), ...config },
      cleanup: { add: (...ids: string[]) => ids.forEach((i) => registered.add(i)), forget: (i: string) => registered.delete(i) },
      tag: `evconftest${version.replaceAll('.', '')}`, agent: 'evconf-test-agent',
    }),
    async count() {
      const ex = await client('1.6.0').send({ method: 'GET', path: '/api/events' });
      return (JSON.parse(ex.response?.body ?? '[]') as unknown[]).length;
    },
    async close() {
      await Promise.all([...clients.values()].map((c) => c.close()));
      await server.close();
    },
  };
}

/** A reply of `status` with the JSON `body` (for judging tests). */
export function replyOf(body: unknown, status = 200): Reply {
  const text = JSON.stringify(body);
  const ex = {
    request: { method: 'GET', url: 'http://x/api/events/e/acl', headers: {} },
    response: { status, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return { ex, status, body };
}
