import { describe, expect, it } from 'vitest';
import { MUTANTS, startReferenceServer, type ReferenceOptions } from '../index.js';
import type { MutantDef } from './types.js';

/**
 * The direct-HTTP proof that a family of spec-authored mutants is real (test helper): each case runs the same exchange
 * against a clean server, which must give `expected` (what the spec asks for), and against the mutant, which must
 * give `wrong`. Independent of evconf's checks.
 */
export interface DeviationCase {
  mutant: string;
  /** Server options beyond the defaults (processing and retraction in 20 ms). */
  opts?: Partial<ReferenceOptions>;
  run: (base: string) => Promise<unknown>;
  expected: unknown;
  wrong: unknown;
}

async function observe(c: DeviationCase, mutant: string | undefined): Promise<unknown> {
  const server = await startReferenceServer({ mutant, processingDelayMs: 20, retractDelayMs: 20, ...c.opts });
  try {
    return await c.run(server.url);
  } finally {
    await server.close();
  }
}

/** One test per case, and one that every mutant named `<prefix>…` has exactly one case (at least `min` of them). */
export function describeDeviations(title: string, prefix: string, cases: DeviationCase[], min: number): void {
  describe(title, () => {
    it(`every ${prefix}* mutant has exactly one case, and every case names a ${prefix}* mutant`, () => {
      const names = Object.keys(MUTANTS).filter((n) => n.startsWith(prefix)).sort();
      expect(cases.map((c) => c.mutant).sort()).toEqual(names);
      expect(names.length).toBeGreaterThanOrEqual(min);
    });
    casesOf(cases);
  });
}

/** One test per case, and one that every mutant of a family file has exactly one case and is registered. */
export function describeFamilyDeviations(title: string, defs: Readonly<Record<string, MutantDef>>, cases: DeviationCase[]): void {
  describe(title, () => {
    it('every mutant of the family has exactly one case, and is registered under its name', () => {
      const names = Object.keys(defs).sort();
      expect(cases.map((c) => c.mutant).sort()).toEqual(names);
      for (const n of names) expect(MUTANTS[n], n).toBe(defs[n]);
    });
    casesOf(cases);
  });
}

/** The cases themselves (inside a describe): the clean server gives `expected`, the mutant `wrong`. */
function casesOf(cases: DeviationCase[]): void {
  it.each(cases.map((c) => [c.mutant, c] as const))('%s deviates where the clean server keeps the spec', async (_name, c) => {
    expect(await observe(c, undefined), 'clean server').toEqual(c.expected);
    const bugged = await observe(c, c.mutant);
    expect(bugged, 'mutant').not.toEqual(c.expected);
    expect(bugged, 'mutant').toEqual(c.wrong);
  });
}
