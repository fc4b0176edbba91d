import { describe, expect, it } from 'vitest';
import type { Ctx } from '../app.js';
import { parseSort, type SortKey } from '../list-params.js';
import { sortKeyBugs, sortOrderBugs, sortSuffixOptional } from './sort.js';

/** The sort parameter as the server reads it: hook point listSort (param, then keys) around parseSort. */
function sortCriteria(param: string | null, on?: string): SortKey[] {
  const ctx = { app: { bug: (n: string) => n === on } } as unknown as Ctx;
  return sortOrderBugs(ctx, sortKeyBugs(ctx, parseSort(sortSuffixOptional(ctx, param))));
}

describe('the sort parameter (reference server, spec § GET /api/events sort) and its planted bugs', () => {
  it('parses criteria in order with their directions; a missing suffix is 400', () => {
    expect(sortCriteria('location:ASC,title:DESC')).toEqual([{ name: 'location', desc: false }, { name: 'title', desc: true }]);
    expect(sortCriteria('review_status:ASC')).toEqual([{ name: 'review_status', desc: false }]);
    expect(() => sortCriteria('title')).toThrow(/suffix/);
  });
  it('plants each sort bug only where it is named', () => {
    expect(sortCriteria('title:DESC,location:DESC', 'sort-title-desc-ignored')).toEqual([{ name: 'title', desc: false }, { name: 'location', desc: true }]);
    expect(sortCriteria('title', 'sort-suffix-optional')).toEqual([{ name: 'title', desc: false }]);
    expect(() => sortCriteria('scheduling_status:DESC', 'sort-deprecated-rejected')).toThrow(/unknown sort criterion/);
    expect(sortCriteria('location:ASC,title:DESC', 'sort-secondary-ignored')).toEqual([{ name: 'location', desc: false }]);
    expect(sortCriteria('location:ASC,title:DESC', 'sort-priority-reversed')).toEqual([{ name: 'title', desc: true }, { name: 'location', desc: false }]);
  });
});
