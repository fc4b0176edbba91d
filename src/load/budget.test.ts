import { describe, expect, it } from 'vitest';
import { errorRate, evaluateBudgets, worstOutcome, type BudgetInput, type ProfileMeasurement } from './budget.js';

const LEVELS = { 'load.p99': 'MUST', 'load.rps': 'MUST', 'load.errors': 'MUST', 'load.correct': 'MUST' } as const;
const GOOD: ProfileMeasurement = {
  responses: 10_000, errors: 0, non2xx: 0, rpsMean: 5000, p99Ms: 3.2, sampledBodies: 40, sampledBodiesValid: 40,
  problems: [], generatorSaturated: false, generatorCpuPct: 40,
};
const input = (m: Partial<ProfileMeasurement>, extra: Partial<BudgetInput> = {}): BudgetInput => ({
  profile: 'filter-title', apiVersion: '1.6.0', budget: { p99Ms: 50, minRps: 200, maxErrorRate: 0.001 }, m: { ...GOOD, ...m }, levels: LEVELS, ...extra,
});
const byRule = (i: BudgetInput) => Object.fromEntries(evaluateBudgets(i).map((r) => [r.rule, r]));

describe('budgets → load.* results', () => {
  it('a fast, correct, error-free profile passes all four rules', () => {
    const rs = evaluateBudgets(input({}));
    expect(rs.map((r) => [r.rule, r.outcome])).toEqual([['load.p99', 'pass'], ['load.rps', 'pass'], ['load.errors', 'pass'], ['load.correct', 'pass']]);
    expect(rs[0]).toMatchObject({ id: '1.6.0/load/filter-title/load.p99', endpoint: 'GET /api/events', level: 'MUST', message: 'filter-title: p99 latency 3.2 ms ≤ budget 50 ms' });
  });

  it('a slow profile fails p99 and rps with measured vs budget in the message', () => {
    const r = byRule(input({ p99Ms: 412.5, rpsMean: 24.4 }));
    expect(r['load.p99']).toMatchObject({ outcome: 'fail', message: 'filter-title: p99 latency 412.5 ms > budget 50 ms', expected: { p99Ms: 50 }, actual: { p99Ms: 412.5 } });
    expect(r['load.rps']).toMatchObject({ outcome: 'fail', message: 'filter-title: 24.4 requests/s < budget 200' });
    expect(worstOutcome(Object.values(r))).toBe('fail');
  });

  it('a saturated generator turns a timing breach into warn with that reason, but not an error breach', () => {
    const r = byRule(input({ p99Ms: 80, rpsMean: 100, errors: 50, generatorSaturated: true, generatorCpuPct: 97 }));
    expect(r['load.p99'].outcome).toBe('warn');
    expect(r['load.p99'].message).toMatch(/load generator saturated at 97% of a CPU core/);
    expect(r['load.rps'].outcome).toBe('warn');
    expect(r['load.errors'].outcome).toBe('fail');
  });

  it('errors, timeouts and non-2xx count against maxErrorRate', () => {
    expect(errorRate({ responses: 990, errors: 10, non2xx: 0 })).toBe(0.01);
    expect(errorRate({ responses: 1000, errors: 0, non2xx: 1 })).toBe(0.001);
    expect(byRule(input({ responses: 1000, non2xx: 1 }))['load.errors'].outcome).toBe('pass');
    expect(byRule(input({ responses: 1000, non2xx: 2 }))['load.errors']).toMatchObject({ outcome: 'fail', actual: { non2xx: 2 } });
    expect(byRule(input({ responses: 0, errors: 0 }))['load.errors'].outcome).toBe('fail');
  });

  it('wrong sampled bodies fail load.correct with the first problem; no sample skips it; no budget skips', () => {
    const bad = byRule(input({ sampledBodiesValid: 38, problems: ['item 3 has title "x", outside the filter title:y'] }))['load.correct'];
    expect(bad).toMatchObject({ outcome: 'fail', message: 'filter-title: 2 of 40 sampled bodies are wrong: item 3 has title "x", outside the filter title:y' });
    expect(byRule(input({ sampledBodies: 0, sampledBodiesValid: 0 }))['load.correct'].outcome).toBe('skip');
    const none = byRule(input({}, { budget: {} }));
    expect([none['load.p99'].outcome, none['load.rps'].outcome]).toEqual(['skip', 'skip']);
  });

  it('a SHOULD-level budget rule warns instead of failing', () => {
    const r = byRule(input({ p99Ms: 999 }, { levels: { ...LEVELS, 'load.p99': 'SHOULD' } }));
    expect(r['load.p99'].outcome).toBe('warn');
  });

  it('evidence is attached to failures only; the curl line to every result', () => {
    const ex = { request: { method: 'GET', url: 'http://127.0.0.1:1/api/events', headers: {} }, durationMs: 1, curl: "curl 'http://127.0.0.1:1/api/events'" };
    const r = byRule(input({ p99Ms: 999 }, { exchanges: [ex] }));
    expect(r['load.p99'].exchanges).toHaveLength(1);
    expect(r['load.rps'].exchanges).toHaveLength(0);
    expect(r['load.rps'].curl).toBe(ex.curl);
    expect(JSON.parse(JSON.stringify(evaluateBudgets(input({}))))).toEqual(evaluateBudgets(input({})));
  });

  it('worstOutcome ranks error > fail > warn > pass > skip', () => {
    expect(worstOutcome([{ outcome: 'skip' }, { outcome: 'pass' }])).toBe('pass');
    expect(worstOutcome([{ outcome: 'warn' }, { outcome: 'pass' }])).toBe('warn');
    expect(worstOutcome([{ outcome: 'skip' }])).toBe('skip');
    expect(worstOutcome([{ outcome: 'fail' }, { outcome: 'error' }])).toBe('error');
  });
});

describe('default budgets against a server evconf did not start', () => {
  it('an advisory budget that is missed warns with the reason; a budget the user set still fails', () => {
    const r = byRule(input({ p99Ms: 412.5, rpsMean: 24.4, responses: 1000, non2xx: 5 }, { advisory: ['p99Ms', 'maxErrorRate'] }));
    expect(r['load.p99'].outcome).toBe('warn');
    expect(r['load.p99'].message).toMatch(/default budget.*--budget/);
    expect(r['load.errors'].outcome).toBe('warn');
    expect(r['load.rps'].outcome).toBe('fail');
    expect(byRule(input({ sampledBodiesValid: 39, problems: ['wrong'] }, { advisory: ['p99Ms', 'minRps', 'maxErrorRate'] }))['load.correct'].outcome).toBe('fail');
  });
});
