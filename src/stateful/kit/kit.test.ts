import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCases } from './adapter.js';
import { replayLine, ruleResult, stableCounterexample } from './results.js';
import { rules } from './testing.js';
import { broken, OK } from './verdict.js';
import type { PhaseEnv } from './env.js';

const env = (config: Partial<PhaseEnv['config']> = {}): PhaseEnv => ({
  version: '1.6.0', clients: { admin: undefined as never }, book: rules(),
  config: { seed: 5, runs: 20, settleMs: 0, workflow: 'w', suitesDir: '', ...config },
  cleanup: { add: () => undefined, forget: () => undefined }, tag: 't', agent: 'agent-run-123',
});

describe('fast-check adapter', () => {
  it('a broken verdict becomes a shrunk failure with its evidence; a pass counts exercised rules', async () => {
    const run = async (n: number) => ({ verdict: n >= 50 ? broken('r.x', `n=${n}`) : OK, exchanges: [], exercised: new Set(['r.x']) });
    const out = await runCases(fc.integer({ min: 0, max: 1000 }), run, { seed: 1, numRuns: 100, settleMs: 0 });
    expect(out.kind).toBe('fail');
    expect(out.failure?.value).toBe(50);
    expect(out.failure?.verdict).toMatchObject({ rule: 'r.x', message: 'n=50' });
    const ok = await runCases(fc.integer({ min: 0, max: 10 }), run, { seed: 1, numRuns: 7, settleMs: 0 });
    expect(ok).toMatchObject({ kind: 'pass', numRuns: 7 });
    expect(ok.exercised.get('r.x')).toBe(7);
  });

  it('a throw of evconf itself is an error, never a fail', async () => {
    const out = await runCases(fc.nat(), async () => { throw new Error('bug in evconf'); }, { seed: 1, numRuns: 3, settleMs: 0 });
    expect(out.kind).toBe('error');
    expect(out.error).toMatch(/bug in evconf/);
  });

  it('the shrunk case is confirmed with the full settle; if it then passes, the first failure is reported', async () => {
    const run = async (n: number, settle: number) => ({ verdict: n >= 10 && (settle === 0 || n > 500) ? broken('r.y', `n=${n}`) : OK, exchanges: [], exercised: new Set<string>() });
    const out = await runCases(fc.integer({ min: 0, max: 1000 }), run, { seed: 3, numRuns: 50, settleMs: 100 });
    expect(out.kind).toBe('fail');
    expect(out.note).toMatch(/first failing case/);
    expect(out.failure!.value as number).toBeGreaterThan(500);
  });
});

describe('results', () => {
  it('SHOULD rules warn instead of failing; results are JSON data', () => {
    const r = ruleResult(env(), { source: 'prop-x', rule: 'events.list.sort.suffix', outcome: 'fail', message: 'm' });
    expect(r).toMatchObject({ outcome: 'warn', level: 'SHOULD', id: '1.6.0/prop-x/events.list.sort.suffix', seed: 5 });
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
    expect(() => ruleResult(env(), { source: 's', rule: 'no.such.rule', outcome: 'pass', message: '' })).toThrow(/not in specs\/rules.yaml/);
  });

  it('the replay line names version, seed, runs, id, target without credentials, and the mutant', () => {
    expect(replayLine(env(), 'prop-a')).toBe('evconf run --api-version 1.6.0 --seed 5 --runs 20 --only prop-a');
    expect(replayLine(env({ baseUrl: 'https://u:secret@oc.example.org/x', mutant: 'm1' }), 'p')).toBe('evconf run --api-version 1.6.0 --seed 5 --runs 20 --only p --base-url https://oc.example.org/x --mutant m1');
  });

  it('counterexamples show the run-specific agent as {agent}', () => {
    expect(stableCounterexample({ a: ['agent-run-123-rrule-0'], n: 1 }, env())).toEqual({ a: ['{agent}-rrule-0'], n: 1 });
  });
});
