import { describe, expect, it } from 'vitest';
import type { BugFn } from './mutants/index.js';
import { sortCriteria } from './sort-criteria.js';

const clean: BugFn = () => false;
const only = (name: string): BugFn => (n) => n === name;

describe('sortCriteria (reference server, spec § GET /api/events sort)', () => {
  it('parses criteria in order with their directions; a missing suffix is 400', () => {
    expect(sortCriteria('location:ASC,title:DESC', clean)).toEqual([{ name: 'location', desc: false }, { name: 'title', desc: true }]);
    expect(sortCriteria('review_status:ASC', clean)).toEqual([{ name: 'review_status', desc: false }]);
    expect(() => sortCriteria('title', clean)).toThrow(/suffix/);
  });
  it('plants each sort bug only where it is named', () => {
    expect(sortCriteria('title:DESC,location:DESC', only('sort-title-desc-ignored'))).toEqual([{ name: 'title', desc: false }, { name: 'location', desc: true }]);
    expect(sortCriteria('title', only('sort-suffix-optional'))).toEqual([{ name: 'title', desc: false }]);
    expect(() => sortCriteria('scheduling_status:DESC', only('sort-deprecated-rejected'))).toThrow(/unknown sort criterion/);
    expect(sortCriteria('location:ASC,title:DESC', only('sort-secondary-ignored'))).toEqual([{ name: 'location', desc: false }]);
    expect(sortCriteria('location:ASC,title:DESC', only('sort-priority-reversed'))).toEqual([{ name: 'title', desc: true }, { name: 'location', desc: false }]);
  });
});
