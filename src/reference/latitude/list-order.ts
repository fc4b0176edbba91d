import type { FilterGroup } from '../list-params.js';
import type { EventView } from '../view.js';
import type { ListLatitude } from './list.js';

/** Orders and matching readings of the list (latitude choices default-order, sort-ties, filter-match, text-filter). */

function codePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** default-order / sort-ties: insertion, newest first, or by identifier. */
export function orderComparator(alt: 'insertion' | 'newest-first' | 'reverse-insertion' | 'identifier'): (a: EventView, b: EventView) => number {
  if (alt === 'insertion') return (a, b) => a.seq - b.seq;
  if (alt === 'newest-first' || alt === 'reverse-insertion') return (a, b) => b.seq - a.seq;
  return (a, b) => codePoints(a.id, b.id);
}

/** The "matches" filters (spec § Filters: "Title matches", "Contributors match", ...). */
const MATCHES: Partial<Record<string, (v: EventView) => readonly string[]>> = {
  title: (v) => [v.title],
  description: (v) => [v.description],
  language: (v) => [v.language],
  license: (v) => [v.license],
  rightsholder: (v) => [v.rightsholder],
  source: (v) => [v.source],
  location: (v) => [v.location],
  contributors: (v) => v.contributors,
};

const WORD = /[^\p{L}\p{N}]+/u;

/**
 * A predicate per filter value when the latitude reading is not the default (undefined: the default, answered by
 * the exact-value index or the substring textFilter).
 */
export function matchPredicate(g: FilterGroup, lat: ListLatitude): ((value: string) => (v: EventView) => boolean) | undefined {
  if (g.name === 'textFilter') {
    if (lat.textFilter !== 'whole-word') return undefined;
    return (value) => {
      const wanted = value.toLowerCase().split(WORD).filter((w) => w !== '');
      return (v) => {
        const words = new Set(v.fullText.split(WORD));
        return wanted.length > 0 && wanted.every((w) => words.has(w));
      };
    };
  }
  const get = MATCHES[g.name];
  if (!get || lat.match === 'exact') return undefined;
  const sub = lat.match === 'substring';
  return (value) => {
    const needle = value.toLowerCase();
    return (v) => get(v).some((s) => (sub ? s.toLowerCase().includes(needle) : s.toLowerCase() === needle));
  };
}

/** workflow-state-order=table-order: the order of the spec's States table ("orders events by this state"). */
const STATES_TABLE = ['INSTANTIATED', 'RUNNING', 'PAUSED', 'STOPPED', 'FAILING', 'FAILED', 'SUCCEEDED'];

/** The value workflow_state sorts by: the state name, or its row in the States table. */
export function workflowSortValue(state: string, lat: ListLatitude): string | number {
  if (lat.workflowOrder !== 'table-order') return state;
  const i = STATES_TABLE.indexOf(state);
  return i < 0 ? STATES_TABLE.length : i;
}
