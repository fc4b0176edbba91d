import { describe, expect, it } from 'vitest';
import { API_VERSIONS, type ApiVersion } from '../model/index.js';
import { MUTANTS, type MutantDef } from '../reference/index.js';
import { inRange } from '../spec/versions.js';
import { book, runAgainstReference } from './harness.js';

/** The versions where a mutant's bug is observable and its rule applies. */
export function versionsOf(m: Pick<MutantDef, 'rule' | 'since' | 'until'>): ApiVersion[] {
  const rule = book.get(m.rule);
  if (!rule) return [];
  return API_VERSIONS.filter((v) => book.appliesTo(rule, v) && inRange(v, m.since ?? '1.0.0', m.until));
}

/** Mutants the scenarios must catch (caughtBy scenarios, the default); the other kinds have their own self-tests. */
export function ruleMutants(): MutantDef[] {
  return Object.values(MUTANTS)
    .filter((m) => (m.caughtBy ?? 'scenarios') === 'scenarios')
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Design §1.3: "every check is shown able to fail: the reference server has a planted-bug variant for it, and
 * the self-test proves the mutant is caught by that rule." Only the mutant's own rule is run (fast); the mutants
 * are split over several test files so that vitest runs them on every core.
 */
export function defineMutantTests(shard: number, shards: number): void {
  const mine = ruleMutants().filter((_, i) => i % shards === shard);
  describe(`self-test: mutants are caught by the rule they break (shard ${shard + 1}/${shards})`, () => {
    it.each(mine.map((m) => [m.name, m.rule]))('%s is caught by %s', async (name) => {
      const m = MUTANTS[name];
      const versions = versionsOf(m);
      expect(versions.length, `${name} applies to no version`).toBeGreaterThan(0);
      // Scenarios alone must catch it (the property stage proves its own mutants in src/engine/properties).
      const run = await runAgainstReference(versions, { mutant: name, only: [m.rule], phases: ['scenarios'] });
      for (const v of versions) {
        const caught = run.results.filter((r) => r.apiVersion === v && r.rule === m.rule && (r.outcome === 'fail' || r.outcome === 'warn'));
        const seen = run.results.filter((r) => r.apiVersion === v).map((r) => `${r.id} ${r.outcome} ${r.message}`);
        expect(caught.length, `${name} not caught by ${m.rule} in ${v}: ${JSON.stringify(seen)}`).toBeGreaterThan(0);
      }
      expect(run.summary.errored, 'evconf errors').toBe(0);
    });
  });
}
