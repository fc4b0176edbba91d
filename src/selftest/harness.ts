import type { ApiVersion, RunResult } from '../model/index.js';
import type { RunConfig } from '../config/types.js';
import { loadRules } from '../spec/rules.js';
import { loadSuites } from '../scenario/load.js';
import { SUITES_DIR } from '../spec/paths.js';
import { runConformance, type Phase } from '../engine/run.js';
import { lifecycleFile, loadLifecycle } from '../stateful/index.js';
import { parseUsers, startReferenceServer } from '../reference/index.js';

export const book = loadRules();
export const suites = loadSuites(SUITES_DIR, book);
export const lifecycle = loadLifecycle(lifecycleFile(SUITES_DIR));

/** A run configuration for self-tests: short settle and processing times, fixed seed. */
export function selftestConfig(versions: ApiVersion[], extra: Partial<RunConfig> = {}): RunConfig {
  return {
    apiVersions: versions, userRoles: [], headers: {}, versionHeader: 'Accept: application/v{version}+json',
    reportDir: 'reports', seed: 42, runs: 5, timeoutMs: 5_000, settleMs: 400, processingTimeoutMs: 10_000,
    workflow: 'schedule-and-upload', agentPrefix: 'selftest-', concurrency: 4, maxDurationMs: 300_000, phaseBudgetMs: 300_000, load: false, loadEvents: 100,
    color: false, suitesDir: SUITES_DIR, command: 'selftest', phases: ['scenarios', 'properties', 'stateful'], ...extra,
  };
}

/** The self-test's users: an administrator and an ordinary user, so the role rules run instead of skipping. */
export const SELFTEST_USERS = 'admin:selftest-admin-pw:ROLE_ADMIN,alice:selftest-alice-pw';
const CREDENTIALS: Partial<RunConfig> = {
  auth: { user: 'admin', password: 'selftest-admin-pw' },
  userAuth: { user: 'alice', password: 'selftest-alice-pw' },
  userRoles: ['ROLE_USER_ALICE'],
};

/** Runs the suite in-process against a fresh reference server (optionally with a planted bug). */
export async function runAgainstReference(versions: ApiVersion[], opts: { mutant?: string; only?: string[]; phases?: Phase[] } = {}): Promise<RunResult> {
  const server = await startReferenceServer({
    port: 0, processingDelayMs: 50, retractDelayMs: 50, users: parseUsers(SELFTEST_USERS), ...(opts.mutant ? { mutant: opts.mutant } : {}),
  });
  try {
    return await runConformance({
      config: selftestConfig(versions, { ...CREDENTIALS, ...(opts.only ? { only: opts.only } : {}) }),
      book, suites, runId: `selftest-${opts.mutant ?? 'clean'}`, toolVersion: 'selftest', lifecycle,
      ...(opts.phases ? { phases: opts.phases } : {}),
      target: { baseUrl: server.url, reference: true, ...(opts.mutant ? { mutant: opts.mutant } : {}) },
    });
  } finally {
    await server.close();
  }
}

/** One line per failing result, for readable assertion messages. */
export function describeFailures(run: RunResult): string[] {
  return run.results.filter((r) => r.outcome === 'fail' || r.outcome === 'error' || r.outcome === 'warn')
    .map((r) => `${r.id}: ${r.outcome}: ${r.message}`);
}
