import fc from 'fast-check';
import { intIn, oneOf } from './constraints.js';
import { SORT_NAMES, type SortName } from './filter-names.js';

/** One sort criterion: "<SortName>:ASC or <SortName>:DESC. The suffix is mandatory." (spec § GET /api/events). */
export interface SortKey {
  name: SortName;
  desc: boolean;
}

/** Constraints of {@link sortExpression}. */
export interface SortExpressionConstraints {
  /**
   * Criteria to pick from.
   * @defaultValue every sort criterion of the spec
   */
  criteria?: readonly SortName[];
  /**
   * Most criteria in one expression ("Comma-separated list of sort criteria").
   * @defaultValue 2
   */
  maxCriteria?: number;
  /**
   * Criteria whose values are distinct across the case (a total order). When an expression holds none of them, the
   * first is appended (ASC) as a tie-breaker, so the order never depends on how the server orders ties (the spec
   * does not say). Empty: no tie-breaker.
   * @defaultValue []
   */
  totalBy?: readonly SortName[];
}

/** A generated sort expression (distinct criteria, each with ASC or DESC); pure and seeded. */
export function sortExpression(constraints: SortExpressionConstraints = {}): fc.Arbitrary<SortKey[]> {
  const where = 'sortExpression';
  const criteria = [...(constraints.criteria ?? SORT_NAMES)];
  if (criteria.length === 0) throw new Error(`criteria must not be empty for ${where}`);
  for (const c of criteria) oneOf(c, SORT_NAMES, 'criteria', where);
  const max = intIn(constraints.maxCriteria ?? 2, 1, criteria.length, 'maxCriteria', where);
  const totalBy = constraints.totalBy ?? [];
  for (const c of totalBy) oneOf(c, SORT_NAMES, 'totalBy', where);
  const keys = fc.uniqueArray(fc.record({ name: fc.constantFrom(...criteria), desc: fc.boolean() }), {
    minLength: 1, maxLength: max, selector: (k) => k.name,
  });
  if (totalBy.length === 0) return keys;
  return keys.map((ks) => (ks.some((k) => totalBy.includes(k.name)) ? ks : [...ks, { name: totalBy[0], desc: false }]));
}

/** The `sort` parameter text. */
export function renderSort(keys: readonly SortKey[]): string {
  return keys.map((k) => `${k.name}:${k.desc ? 'DESC' : 'ASC'}`).join(',');
}
