import { describe, expect, it } from 'vitest';
import type { ApiVersion, CheckResult, ExpectationEntry, Outcome, RunResult } from '../model/index.js';
import { computeVerdicts, countOutcomes } from '../verdicts/tally.js';
import { exitStatus } from '../cli/run.js';
import { applyExpectations } from './apply.js';

const check = (rule: string, apiVersion: ApiVersion, outcome: Outcome, message: string = outcome): CheckResult =>
  ({ id: `${apiVersion}/s/${rule}/${Math.random()}`, rule, level: 'MUST', apiVersion, endpoint: 'GET /api/events', outcome, message, exchanges: [] });

function runOf(results: CheckResult[], versions: ApiVersion[] = ['1.5.0', '1.6.0']): RunResult {
  const rules = [...new Set(results.map((r) => r.rule))];
  const run: RunResult = {
    tool: { name: 'evconf', version: 't' }, runId: 'r', startedAt: '2026-01-01T00:00:00Z', durationMs: 1,
    target: { baseUrl: 'http://x', apiVersions: versions, reference: false }, seed: 1, summary: countOutcomes(results), results,
    observations: [], load: [], coverage: versions.flatMap((v) => rules.map((rule) => ({ rule, apiVersion: v, checks: 1 }))),
  };
  return { ...run, verdicts: computeVerdicts(run) };
}

const entry = (rule: string, versions: ApiVersion[], extra: Partial<ExpectationEntry> = {}): ExpectationEntry =>
  ({ rule, versions, expect: 'fail', why: `why ${rule}`, documented: 'https://example.org/doc', at: `e.yaml:${rule}`, ...extra });
const opts = { files: ['e.yaml'], strict: false, today: '2026-06-01' };

describe('expectations: results sorted into passed, new, known, fixed, stale', () => {
  const results = [
    check('a.or', '1.5.0', 'fail', 'matching events not listed'), check('a.or', '1.6.0', 'fail', 'matching events not listed'), check('a.or', '1.6.0', 'pass'),
    check('b.new', '1.6.0', 'fail'), check('c.ok', '1.5.0', 'pass'), check('c.ok', '1.6.0', 'pass'),
  ];

  it('a failure an entry explains is known; one it does not is new; the exit status counts only the new', () => {
    const run = applyExpectations(runOf(results), [entry('a.*', ['1.5.0', '1.6.0'])], opts);
    const known = run.results.filter((r) => r.expectation?.status === 'known');
    expect(known.map((r) => `${r.rule} ${r.apiVersion}`)).toEqual(['a.or 1.5.0', 'a.or 1.6.0']);
    expect(known[0].expectation).toEqual({ status: 'known', entry: 'e.yaml:a.*', why: 'why a.*', documented: 'https://example.org/doc' });
    expect(run.expectations).toMatchObject({ passed: 3, newFailures: 1, known: 2, fixed: 0, stale: 0 });
    expect(run.verdicts?.find((v) => v.apiVersion === '1.6.0')).toMatchObject({ verdict: 'not-conformant', newFailures: 1, knownFailures: 1, knownRules: ['a.or'] });
    expect(exitStatus(run, false)).toBe(1);
  });

  it('known failures only: exit 0, the version still not conformant but with no new failure', () => {
    const run = applyExpectations(runOf(results.filter((r) => r.rule !== 'b.new')), [entry('a.or', ['1.5.0', '1.6.0'])], opts);
    expect(run.verdicts?.map((v) => [v.verdict, v.newFailures, v.knownFailures])).toEqual([['not-conformant', 0, 1], ['not-conformant', 0, 1]]);
    expect(exitStatus(run, false)).toBe(0);
    // The same run without the expectations fails.
    expect(exitStatus(runOf(results.filter((r) => r.rule !== 'b.new')), false)).toBe(1);
  });

  it('a message pattern that the failure does not match leaves it new', () => {
    const run = applyExpectations(runOf(results.filter((r) => r.rule !== 'b.new')), [entry('a.or', ['1.5.0', '1.6.0'], { message: '^status 500' })], opts);
    expect(run.expectations).toMatchObject({ newFailures: 2, known: 0, stale: 1 });
    expect(exitStatus(run, false)).toBe(1);
  });

  it('an entry whose rule passes now is fixed (its passes say so); --strict-expectations makes that exit 1', () => {
    const base = runOf(results.filter((r) => r.rule !== 'b.new'));
    const run = applyExpectations(base, [entry('a.or', ['1.5.0', '1.6.0']), entry('c.ok', ['1.5.0', '1.6.0'])], opts);
    const fixed = run.expectations!.entries.find((e) => e.rule === 'c.ok')!;
    expect(fixed).toMatchObject({ status: 'fixed', fixedIn: ['1.5.0', '1.6.0'], knownIn: [], checks: 0 });
    expect(run.results.filter((r) => r.rule === 'c.ok').every((r) => r.expectation?.status === 'fixed')).toBe(true);
    expect(run.expectations).toMatchObject({ fixed: 1, stale: 0 });
    expect(exitStatus(run, false)).toBe(0);
    expect(exitStatus(applyExpectations(base, [entry('a.or', ['1.5.0', '1.6.0']), entry('c.ok', ['1.5.0', '1.6.0'])], { ...opts, strict: true }), false)).toBe(1);
  });

  it('an entry past its until is stale but still explains; one that matched nothing is stale; strict exits 1', () => {
    const base = runOf(results.filter((r) => r.rule !== 'b.new'));
    const expired = applyExpectations(base, [entry('a.or', ['1.5.0', '1.6.0'], { until: '2026-05-31' })], opts);
    expect(expired.expectations!.entries[0]).toMatchObject({ status: 'stale', staleReason: 'past its until date 2026-05-31', checks: 2 });
    expect(expired.expectations).toMatchObject({ newFailures: 0, known: 2, stale: 1 });
    expect(exitStatus(expired, false)).toBe(0);
    expect(exitStatus(applyExpectations(base, [entry('a.or', ['1.5.0', '1.6.0'], { until: '2026-05-31' })], { ...opts, strict: true }), false)).toBe(1);
    // Until the day itself, it is not stale.
    expect(applyExpectations(base, [entry('a.or', ['1.5.0', '1.6.0'], { until: '2026-06-01' })], opts).expectations!.stale).toBe(0);
    const nothing = applyExpectations(base, [entry('a.or', ['1.5.0', '1.6.0']), entry('z.never', ['1.6.0'])], opts);
    expect(nothing.expectations!.entries[1]).toMatchObject({ status: 'stale', staleReason: expect.stringMatching(/^matched no result in 1\.6\.0/) });
    // An entry for versions the run did not check is neither fixed nor stale.
    const other = applyExpectations(base, [entry('a.or', ['1.5.0', '1.6.0']), entry('z.never', ['1.0.0'])], opts);
    expect(other.expectations!.entries[1].status).toBe('not-run');
    expect(exitStatus(applyExpectations(base, [entry('a.or', ['1.5.0', '1.6.0']), entry('z.never', ['1.0.0'])], { ...opts, strict: true }), false)).toBe(0);
  });

  it('a skip entry accepts the gap: the version is no longer incomplete', () => {
    const base = runOf([check('a.or', '1.6.0', 'pass'), check('d.gap', '1.6.0', 'skip', 'needs two agents')], ['1.6.0']);
    expect(exitStatus(base, false)).toBe(3);
    const run = applyExpectations(base, [entry('d.gap', ['1.6.0'], { expect: 'skip' })], opts);
    expect(run.results.find((r) => r.rule === 'd.gap')?.expectation?.status).toBe('known');
    expect(run.verdicts?.[0]).toMatchObject({ verdict: 'conformant', untested: [{ rule: 'd.gap', allowed: true }] });
    expect(exitStatus(run, false)).toBe(0);
  });

  it('a SHOULD warning the entry names is known; evconf errors are never known', () => {
    const run = applyExpectations(runOf([check('w.should', '1.6.0', 'warn'), check('e.err', '1.6.0', 'error')], ['1.6.0']),
      [entry('w.should', ['1.6.0']), entry('e.err', ['1.6.0'])], opts);
    expect(run.results.map((r) => r.expectation?.status)).toEqual(['known', undefined]);
    expect(exitStatus(run, false)).toBe(1);
  });
});
