import { describe, expect, it } from 'vitest';
import { MUTANTS } from '../reference/index.js';
import { book } from './harness.js';
import { ruleMutants, versionsOf } from './mutant-cases.js';

// The catalogue of mutants itself (the catching is proven in mutants-1..4.test.ts).
describe('self-test: the mutant catalogue', () => {
  it('every mutant names a rule of specs/rules.yaml and applies to some version', () => {
    for (const m of Object.values(MUTANTS)) {
      expect(book.get(m.rule), `${m.name} → ${m.rule}`).toBeDefined();
      expect(versionsOf(m).length, `${m.name} applies to no version`).toBeGreaterThan(0);
    }
  });
  it('every normative MUST rule has at least one mutant (each check is shown able to fail)', () => {
    const broken = new Set(ruleMutants().map((m) => m.rule));
    const missing = book.rules.filter((r) => r.kind === 'normative' && !broken.has(r.id)).map((r) => r.id);
    expect(missing).toEqual([]);
  });
});
