import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult, ExpectationEntry, RunResult } from '../model/index.js';
import { parseUsers, startReferenceServer } from '../reference/index.js';
import { book, CREDENTIALS, lifecycle, selftestConfig, SELFTEST_USERS, suites } from '../selftest/harness.js';
import { runConformance } from './run.js';

/**
 * The run applies the expectations once, to the results it builds: what runConformance returns (and every partial
 * result and progress event it tells) is already sorted by them, so the CLI and the reporters only read.
 */
const BUG = 'get-status-201';
let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => { server = await startReferenceServer({ port: 0, processingDelayMs: 50, retractDelayMs: 50, users: parseUsers(SELFTEST_USERS), mutant: BUG }); });
afterAll(async () => { await server.close(); });

const ENTRY: ExpectationEntry = {
  rule: 'events.get.status', versions: ['1.6.0'], expect: 'fail', why: 'the single GET answers 201', documented: 'this test', at: 'known.yaml:1',
};

async function run(expectations?: readonly ExpectationEntry[]): Promise<{ run: RunResult; progress: CheckResult[]; partial: RunResult[] }> {
  const progress: CheckResult[] = [];
  const partial: RunResult[] = [];
  const result = await runConformance({
    config: selftestConfig(['1.6.0'], { ...CREDENTIALS, only: ['events.get.status'], ...(expectations ? { expectations: ['known.yaml'] } : {}) }),
    book, suites, lifecycle, runId: 'expectations-test', toolVersion: 'selftest', phases: ['scenarios'], partialEveryMs: 0,
    target: { baseUrl: server.url, reference: true, mutant: BUG }, ...(expectations ? { expectations } : {}),
    onEvent: (e) => {
      if (e.type === 'progress') progress.push(...(e.progress.results ?? []));
      if (e.type === 'partial') partial.push(e.run);
    },
  });
  return { run: result, progress, partial };
}

describe('expectations applied inside the run', () => {
  it('without expectations the planted bug is a new failure', async () => {
    const { run: r } = await run();
    expect(r.results.some((x) => x.rule === 'events.get.status' && x.outcome === 'fail')).toBe(true);
    expect(r.expectations).toBeUndefined();
    expect(r.verdicts?.find((v) => v.apiVersion === '1.6.0')?.verdict).toBe('not-conformant');
  }, 60_000);

  it('with an entry that explains it, the returned results, verdicts, progress and partial results say known', async () => {
    const { run: r, progress, partial } = await run([ENTRY]);
    const failed = r.results.filter((x) => x.outcome === 'fail');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((x) => x.expectation?.status === 'known' && x.expectation.entry === 'known.yaml:1')).toBe(true);
    expect(r.expectations).toMatchObject({ files: ['known.yaml'], newFailures: 0, known: failed.length });
    expect(r.verdicts?.find((v) => v.apiVersion === '1.6.0')).toMatchObject({ newFailures: 0, knownFailures: failed.length });
    expect(progress.filter((x) => x.outcome === 'fail').every((x) => x.expectation?.status === 'known')).toBe(true);
    expect(progress.some((x) => x.outcome === 'fail')).toBe(true);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.every((p) => p.expectations !== undefined)).toBe(true);
  }, 60_000);
});
