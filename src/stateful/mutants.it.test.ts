import { describe, expect, it } from 'vitest';
import { MUTANTS } from '../reference/index.js';
import { STATEFUL_VIEW_MUTANTS } from '../reference/mutants/stateful-views.js';
import { describeFailures, runAgainstReference } from '../selftest/harness.js';
import { versionsOf } from '../selftest/mutant-cases.js';
import { STATEFUL_ID } from './phase.js';

/**
 * The stateful stage's judgements can fail (ARCHITECTURE.md, principle 3): each planted bug of
 * src/reference/mutants/stateful-views.ts (a view of an event that goes wrong only after a particular sequence of
 * writes) is caught by the rule it breaks, by the stateful stage alone (only that phase, only that rule), in every
 * version where it applies. `runs`: the sequences it takes (per version: --runs x runsFactor); a bug that needs a
 * longer sequence than the self-test's few cases draw is marked caughtBy 'properties' and proven here only.
 */
const RUNS: Record<keyof typeof STATEFUL_VIEW_MUTANTS, number> = {
  'recreated-inherits-acl': 20,
  'recreated-inherits-catalog': 20,
  'list-withacl-stale-after-acl-write': 5,
  'get-withmetadata-second-catalog-as-created': 5,
  'media-stale-after-track': 20,
};

describe.concurrent('stateful stage: its planted bugs are caught by their rule', () => {
  it.each(Object.entries(RUNS))('%s is caught in every version it applies to', async (name, runs) => {
    const m = MUTANTS[name];
    const versions = versionsOf(m);
    expect(versions.length).toBeGreaterThan(0);
    const run = await runAgainstReference(versions, { mutant: name, only: [m.rule], phases: ['stateful'], config: { runs } });
    const caught = versions.filter((v) => run.results.some((r) => r.apiVersion === v && r.rule === m.rule && r.outcome === 'fail' && r.source === STATEFUL_ID));
    expect(caught, JSON.stringify(describeFailures(run)).slice(0, 2000)).toEqual(versions);
    expect(run.summary.errored).toBe(0);
  }, 300_000);
});
