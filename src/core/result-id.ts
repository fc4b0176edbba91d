import type { ApiVersion } from '../model/index.js';

/**
 * The ids of results (ARCHITECTURE.md § Contracts: one id scheme for every stage): `<version>/<source>/<rule>[#n]`.
 * `source` is where the check comes from: a scenario id, a property or stateful stage id, `load/<profile>`.
 */
export function resultId(version: ApiVersion, source: string, rule: string): string {
  return `${version}/${source}/${rule}`;
}

/**
 * Makes the ids of one source's results unique and stable: the second and later checks of a rule get `#2`, `#3` …
 * in the order given (a scenario checks a rule at several steps); the first keeps its id.
 */
export function numberRepeats(results: { id: string }[]): void {
  const seen = new Map<string, number>();
  for (const r of results) {
    const n = (seen.get(r.id) ?? 0) + 1;
    seen.set(r.id, n);
    if (n > 1) r.id = `${r.id}#${n}`;
  }
}
