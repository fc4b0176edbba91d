import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, type TestTarget } from '../cases/testing.js';
import { runStatefulPhase, STATEFUL_ID } from './phase.js';

let target: TestTarget;
beforeAll(async () => { target = await startTarget(); });
afterAll(async () => { await target.close(); });

describe('stateful stage against the clean reference server', () => {
  it.each(['1.0.0', '1.1.0', '1.6.0'] as const)('no divergence in %s; everything created is deleted', async (version) => {
    const before = await target.count();
    const results = await runStatefulPhase(target.env(version, { runs: 10 }));
    expect(results.filter((r) => r.outcome !== 'pass' && r.outcome !== 'skip').map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    expect(results.filter((r) => r.outcome === 'pass').length).toBeGreaterThan(8);
    expect(results.every((r) => r.source === STATEFUL_ID && r.id === `${version}/${STATEFUL_ID}/${r.rule}`)).toBe(true);
    expect(results.some((r) => r.rule.startsWith('scheduling.'))).toBe(version !== '1.0.0');
    expect(await target.count()).toBe(before);
    expect(target.registered.size).toBe(0);
  });

  it('--only on a rule keeps only that rule; on another stage nothing runs', async () => {
    const one = await runStatefulPhase(target.env('1.6.0', { runs: 3, only: ['acl.put.overwrites'] }));
    expect(one.map((r) => r.rule)).toEqual(['acl.put.overwrites']);
    expect(await runStatefulPhase(target.env('1.6.0', { runs: 3, only: ['prop-acl-put'] }))).toEqual([]);
  });
});

describe('stateful stage against a mutant', () => {
  it('a divergence fails the rule it breaks, with readable shrunk steps, the same again for the same seed', async () => {
    const bad = await startTarget('acl-roles-collapsed');
    try {
      const run = async () => (await runStatefulPhase(bad.env('1.6.0', { runs: 20, seed: 42, shrinkMs: 600_000 }))).filter((r) => r.outcome === 'fail');
      const first = await run();
      expect(first.map((r) => r.rule)).toEqual(['acl.put.overwrites']);
      const steps = first[0].counterexample as string[];
      expect(steps[0]).toMatch(/^e1 = create\(/);
      expect(steps[steps.length - 1]).toMatch(/^putAcl\(e1, \[/);
      expect(steps.length).toBeLessThanOrEqual(3);
      expect(first[0].replay).toBe('evconf run --api-version 1.6.0 --seed 42 --runs 20 --only stateful-lifecycle --mutant acl-roles-collapsed');
      expect((await run())[0].counterexample).toEqual(steps);
      expect(bad.registered.size).toBe(0);
    } finally {
      await bad.close();
    }
  });
});
