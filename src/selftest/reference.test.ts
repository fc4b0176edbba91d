import { describe, expect, it } from 'vitest';
import { API_VERSIONS } from '../model/index.js';
import { book, describeFailures, runAgainstReference } from './harness.js';

// Design §1.3: "The unmodified reference server passes every check of every version."
describe('self-test: the suite against the clean reference server', () => {
  it.each(API_VERSIONS.map((v) => [v]))('version %s: no failure, no error, every applicable MUST rule checked', async (v) => {
    const run = await runAgainstReference([v]);
    expect(describeFailures(run)).toEqual([]);
    expect(run.summary.errored).toBe(0);
    expect(run.summary.passed).toBeGreaterThan(0);
    const uncovered = run.coverage.filter((c) => c.checks === 0 && book.get(c.rule)?.level === 'MUST' && book.get(c.rule)?.kind === 'normative');
    expect(uncovered.map((c) => c.rule)).toEqual([]);
    expect(run.leftovers ?? []).toEqual([]);
    // The clean reference run is "conformant", with no untested MUST rule (no accepted gap either).
    expect(run.verdicts?.map((x) => [x.apiVersion, x.verdict, x.untested])).toEqual([[v, 'conformant', []]]);
  });
});
