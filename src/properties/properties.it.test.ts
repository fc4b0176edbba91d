import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, type TestTarget } from '../cases/testing.js';
import { PROPERTIES } from './registry.js';
import { runPropertyPhase } from './runner.js';

let target: TestTarget;
beforeAll(async () => { target = await startTarget(); });
afterAll(async () => { await target.close(); });

describe('property stage against the clean reference server', () => {
  it.each(['1.0.0', '1.1.0', '1.6.0'] as const)('every property passes in %s and everything created is deleted', async (version) => {
    const before = await target.count();
    const results = await runPropertyPhase(target.env(version));
    const bad = results.filter((r) => r.outcome !== 'pass' && r.outcome !== 'skip');
    expect(bad.map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    for (const r of results.filter((x) => x.outcome === 'skip')) expect(r.message).toMatch(/give more --runs/);
    const ran = new Set(results.filter((r) => r.outcome === 'pass').map((r) => r.source));
    const expected = PROPERTIES.filter((p) => p.rules.some((id) => target.env(version).book.appliesTo(target.env(version).book.get(id)!, version))).map((p) => p.id);
    expect([...ran].sort()).toEqual(expected.sort());
    expect(results.every((r) => r.seed === 7 && r.apiVersion === version && JSON.parse(JSON.stringify(r)).id === r.id)).toBe(true);
    expect(await target.count()).toBe(before);
    expect(target.registered.size).toBe(0);
  });

  it('a property runs only in the versions its rules apply to (rrule and conflicts are 1.1.0+)', async () => {
    const results = await runPropertyPhase(target.env('1.0.0', { runs: 1 }), { properties: PROPERTIES.filter((p) => p.id === 'prop-rrule' || p.id === 'prop-conflicts') });
    expect(results).toEqual([]);
  });

  it('--only selects by property id or by rule id', async () => {
    const byId = await runPropertyPhase(target.env('1.6.0', { runs: 2, only: ['prop-acl-put'] }));
    expect([...new Set(byId.map((r) => r.source))]).toEqual(['prop-acl-put']);
    const byRule = await runPropertyPhase(target.env('1.6.0', { runs: 2, only: ['acl.remove.*'] }));
    expect(byRule.map((r) => r.rule).sort()).toEqual(['acl.remove.404', 'acl.remove.others-unaffected', 'acl.remove.removes']);
  });
});
