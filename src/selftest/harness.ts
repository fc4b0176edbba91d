import type { ApiVersion, RunResult } from '../model/index.js';
import type { RunConfig } from '../config/types.js';
import { buildRunConfig } from '../config/build.js';
import { loadRules } from '../spec/rules.js';
import { loadSuites } from '../scenarios/load.js';
import { SUITES_DIR } from '../spec/paths.js';
import { runConformance, type Phase } from '../orchestrator/run.js';
import { lifecycleFile, loadLifecycle } from '../stateful/index.js';
import { parseUsers, startReferenceServer, type ClientRecord } from '../reference/index.js';
import type { LatitudeOptions } from '../reference/latitude/select.js';
import { BUILTIN_AGENTS, BUILTIN_SERIES } from '../reference/latitude/catalogue.js';
import { startConsistencyProxy, type ProxyBehaviour } from './consistency-proxy.js';

export const book = loadRules();
export const suites = loadSuites(SUITES_DIR, book);
export const lifecycle = loadLifecycle(lifecycleFile(SUITES_DIR));

/**
 * A run configuration for self-tests: the CLI's own defaults (buildRunConfig) with short settle and processing
 * times and a fixed seed.
 */
export function selftestConfig(versions: ApiVersion[], extra: Partial<RunConfig> = {}): RunConfig {
  const base = buildRunConfig({
    apiVersion: versions.join(','), seed: 42, runs: 5, timeout: 5_000, settleMs: 400, processingTimeout: 10_000,
    agentPrefix: 'selftest-', maxDuration: 300_000, phaseBudget: 300_000, loadEvents: 100, color: false,
    // Three versions side by side and eight scenarios each, never more: the self-test's reference server shares its
    // process with the run, and the self-test files run four at a time on two cores (its requests time out after 5 s).
    versionConcurrency: 3, concurrency: 8,
  }, {}, ['selftest']);
  // A planted bug must be caught in every version it applies to: each version runs every generated case.
  return { ...base, shareGenerated: false, ...extra };
}

/**
 * The self-test's users: an administrator and an ordinary user, so the role rules run instead of skipping. The user
 * has two roles (her own first, as --user-roles lists them), so the scenarios that need a second role run too.
 */
export const SELFTEST_USERS = 'admin:selftest-admin-pw:ROLE_ADMIN,alice:selftest-alice-pw:ROLE_USER_ALICE|ROLE_SELFTEST_STAFF';
export const CREDENTIALS: Partial<RunConfig> = {
  auth: { user: 'admin', password: 'selftest-admin-pw' },
  userAuth: { user: 'alice', password: 'selftest-alice-pw' },
  userRoles: ['ROLE_USER_ALICE', 'ROLE_SELFTEST_STAFF'],
};

export interface ReferenceRunOptions {
  mutant?: string;
  only?: string[];
  phases?: Phase[];
  /** Latitude mode of the reference server (src/reference/latitude): a seed and/or forced choices. */
  latitude?: LatitudeOptions;
  /** The run's seed (default: selftestConfig's fixed 42). */
  seed?: number;
  /** Registered capture agents and known series of the server (latitude capture-agents / series-known). */
  agents?: string[];
  series?: Record<string, string>;
  /** The server answers every request that departs from the spec 400 (evconf serve --strict). */
  strict?: boolean;
  /** Collects the departures of the suite's own requests (src/reference/strict). */
  clientRecord?: ClientRecord;
  /** Put a proxy that lags or answers unreliably in front of the reference server (src/selftest/consistency-proxy.ts). */
  proxy?: ProxyBehaviour;
  /** Configuration that differs from the self-test's (e.g. settleMs, phaseBudgetMs, allowUntested). */
  config?: Partial<RunConfig>;
  signal?: AbortSignal;
  /** RUNNING → SUCCEEDED delay of the reference server (default 50 ms). */
  processingDelayMs?: number;
  /** The reference server's server version (default the newest): the versions it lists and its server-release features. */
  serverVersion?: ApiVersion;
}

/** Runs the suite in-process against a fresh reference server (optionally with a planted bug, in latitude mode or strict). */
export async function runAgainstReference(versions: ApiVersion[], opts: ReferenceRunOptions = {}): Promise<RunResult> {
  const server = await startReferenceServer({
    port: 0, processingDelayMs: opts.processingDelayMs ?? 50, retractDelayMs: 50, users: parseUsers(SELFTEST_USERS), ...(opts.mutant ? { mutant: opts.mutant } : {}),
    ...(opts.latitude ? { latitude: opts.latitude } : {}),
    ...(opts.agents ? { agents: opts.agents } : {}), ...(opts.series ? { series: opts.series } : {}),
    ...(opts.strict ? { strict: true } : {}), ...(opts.clientRecord ? { clientRecord: opts.clientRecord } : {}),
    ...(opts.serverVersion ? { serverVersion: opts.serverVersion } : {}),
  });
  const proxy = opts.proxy ? await startConsistencyProxy(server.url, opts.proxy) : undefined;
  try {
    return await runConformance({
      config: selftestConfig(versions, { ...CREDENTIALS, ...(opts.only ? { only: opts.only } : {}), ...(opts.seed !== undefined ? { seed: opts.seed } : {}), ...opts.config }),
      book, suites, runId: `selftest-${opts.mutant ?? 'clean'}`, toolVersion: 'selftest', lifecycle,
      ...(opts.phases ? { phases: opts.phases } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      target: { baseUrl: proxy?.url ?? server.url, reference: true, ...(opts.mutant ? { mutant: opts.mutant } : {}) },
    });
  } finally {
    await proxy?.close();
    await server.close();
  }
}

/**
 * What a user who knows a latitude server would give evconf: a settle time well above its index lag (the CLI's
 * default is 10 s; the self-test's 400 ms is shorter than a 300 ms lag on a loaded machine), and on odd seeds its
 * registered capture agent and a known series (--agent-id, --series-id); on even seeds neither, so the probe must
 * turn what the server refuses into skips. Few generated cases per property: the sweep (npm run sweep) runs more.
 */
export function latitudeUserConfig(latitudeSeed: number, runs = 3, phaseBudgetMs?: number): Partial<RunConfig> {
  return {
    settleMs: 3_000, runs, ...(phaseBudgetMs !== undefined ? { phaseBudgetMs } : {}),
    ...(latitudeSeed % 2 === 1 ? { agentId: BUILTIN_AGENTS[0], seriesId: Object.keys(BUILTIN_SERIES)[0] } : {}),
  };
}

/** Kept for callers written against the older name. */
export type RunAgainstOptions = ReferenceRunOptions;

/** One line per failing result, for readable assertion messages. */
export function describeFailures(run: RunResult): string[] {
  return run.results.filter((r) => r.outcome === 'fail' || r.outcome === 'error' || r.outcome === 'warn')
    .map((r) => `${r.id}: ${r.outcome}: ${r.message}`);
}
