import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../model/index.js';
import { MUTANTS } from '../reference/index.js';
import { GENERATED_MUTANTS } from '../reference/mutants/generated.js';
import { startTarget } from '../cases/testing.js';
import { PROPERTIES } from './registry.js';
import { runPropertyPhase } from './runner.js';

/** The property that finds each generated-only mutant. */
const FINDER: Record<keyof typeof GENERATED_MUTANTS, string> = {
  'title-truncated-255': 'prop-metadata-roundtrip',
  'astral-mangled': 'prop-metadata-roundtrip',
  'rrule-byday-sunday-shift': 'prop-rrule',
  'acl-roles-collapsed': 'prop-acl-put',
  'conflict-missed-containment': 'prop-conflicts',
};

async function run(mutant: string, property: string): Promise<CheckResult[]> {
  const target = await startTarget(mutant);
  try {
    const before = await target.count();
    const results = await runPropertyPhase(target.env('1.6.0', { runs: 20, seed: 42, only: [property], shrinkMs: 600_000 }), { properties: PROPERTIES.filter((p) => p.id === property) });
    expect(await target.count()).toBe(before);
    return results;
  } finally {
    await target.close();
  }
}

describe('generated-only mutants', () => {
  it.each(Object.entries(FINDER))('%s fails its rule with a shrunk counterexample, the same again for the same seed', async (mutant, property) => {
    const rule = MUTANTS[mutant].rule;
    const first = await run(mutant, property);
    const failed = first.filter((r) => r.outcome === 'fail');
    expect(failed.map((r) => r.rule)).toEqual([rule]);
    const f = failed[0];
    expect(f.counterexample).toBeDefined();
    expect(f.seed).toBe(42);
    expect(f.replay).toBe(`evconf run --api-version 1.6.0 --seed 42 --runs 20 --only ${property} --mutant ${mutant}`);
    expect(f.exchanges.length).toBeGreaterThan(0);
    expect(f.message).toMatch(/shrunk \d+ time\(s\)/);
    const again = (await run(mutant, property)).find((r) => r.outcome === 'fail');
    expect(again?.counterexample).toEqual(f.counterexample);
  });

  it('a clean server passes the same properties with the same seed', async () => {
    const target = await startTarget();
    try {
      const ids = [...new Set(Object.values(FINDER))];
      const results = await runPropertyPhase(target.env('1.6.0', { runs: 20, seed: 42 }), { properties: PROPERTIES.filter((p) => ids.includes(p.id)) });
      expect(results.filter((r) => r.outcome !== 'pass' && r.outcome !== 'skip').map((r) => r.message)).toEqual([]);
    } finally {
      await target.close();
    }
  });
});
