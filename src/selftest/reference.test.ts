import { describe, expect, it } from 'vitest';
import { API_VERSIONS, NEWEST_API_VERSION } from '../model/index.js';
import { book, describeFailures, runAgainstReference } from './harness.js';

// Design §1.3: "The unmodified reference server passes every check of every version."
describe('self-test: the suite against the clean reference server', () => {
  it.each(API_VERSIONS.map((v) => [v]))('version %s: no failure, no error, every applicable MUST rule checked', async (v) => {
    const run = await runAgainstReference([v]);
    expect(describeFailures(run)).toEqual([]);
    expect(run.summary.errored).toBe(0);
    expect(run.summary.passed).toBeGreaterThan(0);
    // Every MUST rule that applies to this server is checked: the reference server is a server of the newest release
    // (serverVersion), so the rules of older releases only (serverUntil below it) are not offered here.
    const ofServer = (id: string) => { const r = book.get(id); return r !== undefined && book.appliesToServer(r, NEWEST_API_VERSION); };
    const uncovered = run.coverage.filter((c) => c.checks === 0 && book.get(c.rule)?.level === 'MUST' && book.get(c.rule)?.kind === 'normative' && ofServer(c.rule));
    expect(uncovered.map((c) => c.rule)).toEqual([]);
    expect(run.leftovers ?? []).toEqual([]);
    // The clean reference run is "conformant", with no untested MUST rule beyond the rules of older releases, which
    // show as not offered (accepted gaps).
    expect(run.verdicts?.map((x) => [x.apiVersion, x.verdict, x.untested.filter((u) => ofServer(u.rule))])).toEqual([[v, 'conformant', []]]);
    for (const u of run.verdicts![0].untested) expect(u, `${u.rule} untested`).toMatchObject({ allowed: true });
  });
});
