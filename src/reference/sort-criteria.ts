import { parseSort, type SortKey, type SortName } from './list-params.js';
import type { BugFn, MutantName } from './bug.js';
import { badRequest } from './types.js';

/**
 * The sort criteria of a list request (spec § GET /api/events: "Comma-separated list of sort criteria. Each entry
 * has the form <SortName>:ASC or <SortName>:DESC. The suffix is mandatory."), parsed by parseSort; this is also
 * where the planted sort bugs (sort-*) live.
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

/**
 * `unknownIgnored`: latitude choice unknown-sort=ignored drops unknown criteria instead of answering 400;
 * `exactSuffix`: sort-suffix-case=exact accepts only the suffixes ASC and DESC.
 */
export function sortCriteria(param: string | null, bug: BugFn, unknownIgnored = false, exactSuffix = false): SortKey[] {
  const raw = param !== null && bug('sort-suffix-optional')
    ? param.split(',').map((e) => (e.trim() === '' || e.includes(':') ? e : `${e}:ASC`)).join(',')
    : param;
  let keys = parseSort(raw, unknownIgnored, exactSuffix);
  if (bug('sort-deprecated-rejected')) {
    const old = keys.find((k) => k.name === 'review_status' || k.name === 'scheduling_status');
    if (old) throw badRequest(`unknown sort criterion '${old.name}'`);
  }
  keys = keys.map((k) => {
    const name = DESC_IGNORED[k.name];
    return name && bug(name) ? { ...k, desc: false } : k;
  });
  // The sort bugs caught by the checks of issue 11 (mutant family checks-new).
  if (bug('sort-end-date-ignored')) keys = keys.filter((k) => k.name !== 'end_date');
  if (bug('sort-secondary-ignored')) keys = keys.slice(0, 1);
  if (bug('sort-priority-reversed')) keys = [...keys].reverse();
  return keys;
}
