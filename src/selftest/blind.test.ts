import { describe, expect, it } from 'vitest';
import type { RunResult } from '../model/index.js';
import { MUTANTS } from '../reference/index.js';
import { runProfile } from './profile-run.js';

/**
 * With one planted schema bug, the generated stages
 * (properties and stateful-lifecycle) still report every other rule they reach, with the same outcomes as against
 * the clean server. Before, a failure of events.get.schema ended the stage ("stateful-lifecycle stopped at a
 * failure of events.get.schema"): 10 rules of 1.6.0 went unchecked.
 */
const MUTANT = 'get-legacy-names';
const BROKEN = MUTANTS[MUTANT].rule;
const ARGS = ['--api-version', '1.6.0', '--phases', 'properties,stateful', '--runs', '12', '--settle-ms', '1000'];

/** Result id (`<version>/<stage>/<rule>`) → outcome. */
const outcomes = (run: RunResult) => new Map(run.results.map((r) => [r.id, r.outcome]));

describe('self-test: a failure does not blind the generated stages to the other rules', () => {
  it(`with ${MUTANT} (${BROKEN}) planted, every other rule of the generated stages has its outcome against the clean server`, async () => {
    expect(BROKEN).toBe('events.get.schema');
    const [clean, broken] = await Promise.all([runProfile(ARGS), runProfile(ARGS, { mutant: MUTANT })]);
    // 3: incomplete (the scenarios are not run), no failure.
    expect(clean.code, clean.stdout).toBe(3);
    expect(broken.code).toBe(1);
    const before = outcomes(clean.run);
    const after = outcomes(broken.run);
    const others = (m: Map<string, string>) => new Map([...m].filter(([id]) => !id.endsWith(`/${BROKEN}`)));
    expect(Object.fromEntries(others(after))).toEqual(Object.fromEntries(others(before)));
    // Not a vacuous comparison: both stages judged many rules, all passing.
    const passed = [...others(after)].filter(([, o]) => o === 'pass').map(([id]) => id);
    expect(passed.filter((id) => id.includes('/stateful-lifecycle/')).length).toBeGreaterThanOrEqual(13);
    expect(passed.filter((id) => id.includes('/prop-')).length).toBeGreaterThanOrEqual(20);
    // The broken rule fails in both stages that reach it, each with a shrunk counterexample of its own.
    const fails = broken.run.results.filter((r) => r.outcome === 'fail');
    expect(fails.map((r) => r.id).sort()).toEqual(['1.6.0/prop-metadata-roundtrip/events.get.schema', '1.6.0/stateful-lifecycle/events.get.schema']);
    for (const f of fails) {
      expect(f.message).toMatch(/has no member '(presenter|contributor|start)'.*falsified in case \d+ of \d+, shrunk \d+ time\(s\)/);
      expect(f.counterexample).toBeDefined();
    }
    expect(broken.run.results.filter((r) => /stopped at a failure/.test(r.message))).toEqual([]);
  }, 150_000);
});
