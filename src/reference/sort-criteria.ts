import { parseSort, type SortKey, type SortName } from './list-params.js';
import type { BugFn, MutantName } from './mutants/index.js';
import { badRequest } from './types.js';

/**
 * The sort criteria of a list request (spec § GET /api/events: "Comma-separated list of sort criteria. Each entry
 * has the form <SortName>:ASC or <SortName>:DESC. The suffix is mandatory."), parsed by parseSort; this is also
 * where the planted sort bugs of src/reference/mutants/sort.ts live.
 */

const DESC_IGNORED: Partial<Record<SortName, MutantName>> = {
  title: 'sort-title-desc-ignored',
  presenter: 'sort-presenter-desc-ignored',
  start_date: 'sort-start-date-desc-ignored',
  end_date: 'sort-end-date-desc-ignored',
  workflow_state: 'sort-workflow-state-desc-ignored',
  series_name: 'sort-series-name-desc-ignored',
  location: 'sort-location-desc-ignored',
};

/** A criterion answered by another one's order. */
const WRONG_KEY: [MutantName, SortName, SortName][] = [
  ['sort-end-date-by-start', 'end_date', 'start_date'],
  ['sort-workflow-state-by-title', 'workflow_state', 'title'],
];

export function sortCriteria(param: string | null, bug: BugFn): SortKey[] {
  const raw = param !== null && bug('sort-suffix-optional')
    ? param.split(',').map((e) => (e.trim() === '' || e.includes(':') ? e : `${e}:ASC`)).join(',')
    : param;
  let keys = parseSort(raw);
  if (bug('sort-deprecated-rejected')) {
    const old = keys.find((k) => k.name === 'review_status' || k.name === 'scheduling_status');
    if (old) throw badRequest(`unknown sort criterion '${old.name}'`);
  }
  keys = keys.map((k) => {
    const name = DESC_IGNORED[k.name];
    return name && bug(name) ? { ...k, desc: false } : k;
  });
  // Wrong-key and wrong-criteria bugs (src/reference/mutants/checks-new.ts), written from the spec's criteria list.
  for (const [mutant, from, to] of WRONG_KEY) {
    if (bug(mutant)) keys = keys.map((k) => (k.name === from ? { ...k, name: to } : k));
  }
  if (bug('sort-end-date-ignored')) keys = keys.filter((k) => k.name !== 'end_date');
  if (bug('sort-last-criterion-only')) keys = keys.slice(-1);
  if (bug('sort-secondary-ignored')) keys = keys.slice(0, 1);
  if (bug('sort-priority-reversed')) keys = [...keys].reverse();
  return keys;
}
