import fc from 'fast-check';
import { isApiVersion, type ApiVersion } from '../model/index.js';
import { intIn, oneOf } from './constraints.js';
import { atLeastVersion, filterNamesFor, filterSpec, REPEAT_OR_SINCE, sameKeyword } from './filter-names.js';

/**
 * Which value a filter term takes, relative to the events of one case (values are the server's own, so they are
 * resolved at run time): the value event #i has, a value no event has, or a start range spanning events #i…#j.
 */
export type FilterRef = { event: number } | { none: true } | { range: [number, number] };

export interface FilterTerm {
  name: string;
  ref: FilterRef;
}

/**
 * A filter expression (spec § GET /api/events: "Comma-separated list of filters. Each entry has the form
 * <FilterName>:<value>"). `combine` says which rule the combination exercises: a single term, different
 * keywords (AND, two or three), a repeated multi-valued keyword ("May occur multiple times"), or a repeated keyword (OR, 1.5.0+).
 */
export interface FilterExpression {
  terms: FilterTerm[];
  combine: 'single' | 'and' | 'repeat' | 'or';
}

/** Constraints of {@link filterExpression}. */
export interface FilterExpressionConstraints {
  version: ApiVersion;
  /** Number of events of the case the terms refer to (at least 1). */
  events: number;
  /**
   * Filter names to use (each must be valid for the version).
   * @defaultValue every filter of the version
   */
  names?: readonly string[];
}

/** A generated filter expression valid for the version; pure and seeded. */
export function filterExpression(constraints: FilterExpressionConstraints): fc.Arbitrary<FilterExpression> {
  const where = 'filterExpression';
  if (!isApiVersion(constraints?.version)) throw new Error(`version must be an API version for ${where}, but received ${String(constraints?.version)}`);
  const { version } = constraints;
  const events = intIn(constraints.events, 1, 1000, 'events', where);
  const valid = filterNamesFor(version);
  const names = [...(constraints.names ?? valid)];
  if (names.length === 0) throw new Error(`names must not be empty for ${where}`);
  for (const n of names) oneOf(n, valid, `filter name (version ${version})`, where);
  const idx = fc.nat({ max: events - 1 });
  const ref = (name: string): fc.Arbitrary<FilterRef> => (filterSpec(name)?.range
    ? fc.tuple(idx, idx).map(([a, b]): FilterRef => ({ range: [Math.min(a, b), Math.max(a, b)] }))
    : fc.oneof({ arbitrary: idx.map((event): FilterRef => ({ event })), weight: 4 }, { arbitrary: fc.constant<FilterRef>({ none: true }), weight: 1 }));
  const term = (name: string) => ref(name).map((r): FilterTerm => ({ name, ref: r }));
  const single = fc.constantFrom(...names).chain(term).map((t): FilterExpression => ({ terms: [t], combine: 'single' }));
  const options: fc.Arbitrary<FilterExpression>[] = [single];
  const distinct = names.filter((n, i) => !names.slice(0, i).some((m) => sameKeyword(m, n)));
  if (distinct.length >= 2) {
    // Different keywords only: never a keyword with the one that supersedes it (series with is_part_of).
    options.push(fc.uniqueArray(fc.constantFrom(...names), { minLength: 2, maxLength: 3, comparator: sameKeyword })
      .chain((ns) => fc.tuple(...ns.map(term))).map((terms): FilterExpression => ({ terms, combine: 'and' })));
  }
  const multi = names.filter((n) => filterSpec(n)?.multi);
  if (multi.length > 0) {
    options.push(fc.constantFrom(...multi).chain((n) => fc.tuple(term(n), term(n)))
      .map((terms): FilterExpression => ({ terms, combine: 'repeat' })));
  }
  const single1 = names.filter((n) => !filterSpec(n)?.multi && !filterSpec(n)?.range);
  if (atLeastVersion(version, REPEAT_OR_SINCE) && single1.length > 0) {
    options.push(fc.constantFrom(...single1).chain((n) => fc.tuple(term(n), term(n)))
      .map((terms): FilterExpression => ({ terms, combine: 'or' })));
  }
  return fc.oneof(...options);
}

/** The `filter` parameter text for resolved values (one value per term, in order). */
export function renderFilter(expr: FilterExpression, values: readonly string[]): string {
  return expr.terms.map((t, i) => `${t.name}:${values[i]}`).join(',');
}
