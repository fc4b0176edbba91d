import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCases } from './adapter.js';
import { replayLine, ruleResult, stableCounterexample } from './results.js';
import { outcomeResults } from './outcome.js';
import { rules } from './testing.js';
import { broken, OK } from './verdict.js';
import type { PhaseEnv } from './phase-env.js';

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

// A failure does not stop the stage; each failing rule is shrunk on its own; a noted failure does
// not even end its case; a rule whose check was under way when a case broke is not counted as judged.
describe('a failure does not blind the rest', () => {
  it('every case runs; two rules failing in different cases are each reported and shrunk to their own minimum', async () => {
    let runs = 0;
    const run = async (n: number) => {
      runs++;
      const verdict = n >= 500 ? broken('r.x', `n=${n}`) : n >= 100 ? broken('r.y', `n=${n}`) : OK;
      return { verdict, exchanges: [], exercised: new Set(['r.x', 'r.y', 'r.z']) };
    };
    const out = await runCases(fc.integer({ min: 0, max: 1000 }), run, { seed: 1, numRuns: 60, settleMs: 0 });
    expect(out).toMatchObject({ kind: 'fail', numRuns: 60 });
    expect(runs).toBeGreaterThan(60);
    expect([...out.failures!.keys()].sort()).toEqual(['r.x', 'r.y']);
    expect(out.failures!.get('r.x')).toMatchObject({ value: 500, verdict: { message: 'n=500' } });
    expect(out.failures!.get('r.y')).toMatchObject({ value: 100, verdict: { message: 'n=100' } });
    // r.z held in every case that reached it (every case): it is judged, not left unchecked.
    expect(out.exercised.get('r.z')).toBe(60);
  });

  it('a failure noted on the way keeps the case going: the rules after it are judged', async () => {
    const run = async (n: number) => ({
      verdict: n > 900 ? broken('events.update.metadata', 'lost') : OK, exchanges: [],
      exercised: new Set(['events.create.acl', 'events.update.metadata']),
      noted: [{ verdict: broken('events.get.schema', `no member (n=${n})`), exchanges: [] }],
    });
    const out = await runCases(fc.integer({ min: 0, max: 1000 }), run, { seed: 4, numRuns: 40, settleMs: 0 });
    expect([...out.failures!.keys()]).toEqual(expect.arrayContaining(['events.get.schema']));
    expect(out.failures!.get('events.get.schema')).toMatchObject({ value: 0, verdict: { message: 'no member (n=0)' } });
    const results = outcomeResults(env(), { id: 'stateful-lifecycle', rules: ['events.create.acl', 'events.update.metadata'] }, out, 1);
    expect(results.map((r) => `${r.rule} ${r.outcome}`)).toEqual([
      'events.create.acl pass', `events.update.metadata ${out.failures!.has('events.update.metadata') ? 'fail' : 'pass'}`, 'events.get.schema fail',
    ]);
    expect(out.exercised.get('events.create.acl')).toBe(40);
  });

  it('a case that broke counts only what it judged before: never the rule under way, never the broken one', async () => {
    const run = async () => ({ verdict: broken('events.get.status', 'answered 500'), exchanges: [], exercised: new Set(['events.create.acl', 'events.create.metadata', 'events.get.status']), judged: new Set(['events.create.acl']) });
    const out = await runCases(fc.nat(), run, { seed: 2, numRuns: 5, settleMs: 0 });
    const results = outcomeResults(env(), { id: 'stateful-lifecycle', rules: ['events.create.acl', 'events.create.metadata'] }, out, 1);
    expect(results.map((r) => `${r.rule} ${r.outcome}`)).toEqual(['events.create.acl pass', 'events.create.metadata skip', 'events.get.status fail']);
    expect(results[1].message).toMatch(/none of the 5 generated cases checked this rule \(cases stopped at a failure of events\.get\.status/);
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
