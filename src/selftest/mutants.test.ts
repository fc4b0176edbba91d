import { describe, expect, it } from 'vitest';
import { API_VERSIONS, type ApiVersion } from '../model/index.js';
import { MUTANTS } from '../reference/index.js';
import { inRange } from '../spec/versions.js';
import { book, runAgainstReference } from './harness.js';

/** The versions where a mutant's bug is observable and its rule applies. */
function versionsOf(m: { rule: string; since?: ApiVersion; until?: ApiVersion }): ApiVersion[] {
  const rule = book.get(m.rule)!;
  return API_VERSIONS.filter((v) => book.appliesTo(rule, v) && inRange(v, m.since ?? '1.0.0', m.until));
}

// Design §1.3: "every check is shown able to fail: the reference server has a planted-bug variant for it,
// and the self-test proves the mutant is caught by that rule." Only the mutant's own rule is run (fast).
describe('self-test: every mutant is caught by the rule it breaks, in every version where it applies', () => {
  const list = Object.values(MUTANTS).filter((m) => !m.transport);
  it('every mutant names a rule of specs/rules.yaml', () => {
    for (const m of list) expect(book.get(m.rule), `${m.name} → ${m.rule}`).toBeDefined();
  });
  it.each(list.map((m) => [m.name, m.rule]))('%s is caught by %s', async (name) => {
    const m = MUTANTS[name];
    const versions = versionsOf(m);
    expect(versions.length, `${name} applies to no version`).toBeGreaterThan(0);
    const run = await runAgainstReference(versions, { mutant: name, only: [m.rule] });
    for (const v of versions) {
      const caught = run.results.filter((r) => r.apiVersion === v && r.rule === m.rule && (r.outcome === 'fail' || r.outcome === 'warn'));
      expect(caught.length, `${name} not caught by ${m.rule} in ${v}: ${JSON.stringify(run.results.filter((r) => r.apiVersion === v).map((r) => `${r.id} ${r.outcome} ${r.message}`))}`).toBeGreaterThan(0);
    }
    expect(run.summary.errored, 'evconf errors').toBe(0);
  });
});
