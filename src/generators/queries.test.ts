import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_VERSIONS } from '../model/index.js';
import { compareVersions } from '../model/version.js';
import { loadRules } from '../spec/rules.js';
import { FILTERS, filterExpression, filterNamesFor, invalidInput, INVALID_KINDS, pageOffset, renderFilter, renderSort, SORT_NAMES, sortExpression } from './index.js';

const sample = <T>(a: fc.Arbitrary<T>, seed: number, n = 300) => fc.sample(a, { seed, numRuns: n });
const book = loadRules();

describe('filter, sort, pagination and invalid-input arbitraries', () => {
  it('the filter table agrees with specs/rules.yaml (one rule per filter, same first version)', () => {
    for (const f of FILTERS) expect(book.get(`events.list.filter.${f.name}`)?.since, f.name).toBe(f.since);
  });

  it.each(API_VERSIONS)('filterExpression only uses filters of %s; repeats of single-valued keywords only from 1.5.0', (version) => {
    const valid = filterNamesFor(version);
    const all = sample(filterExpression({ version, events: 3 }), 6);
    for (const e of all) {
      for (const t of e.terms) expect(valid).toContain(t.name);
      if ('event' in (e.terms[0].ref)) expect((e.terms[0].ref as { event: number }).event).toBeLessThan(3);
    }
    const or = all.some((e) => e.combine === 'or');
    expect(or).toBe(compareVersions(version, '1.5.0') >= 0);
    expect(all.some((e) => e.combine === 'and')).toBe(true);
    expect(renderFilter(all[0], all[0].terms.map(() => 'v'))).toMatch(/^[a-zA-Z_]+:v(,[a-zA-Z_]+:v)*$/);
  });

  it.each(API_VERSIONS)('filterExpression in %s never combines a keyword with the one that supersedes it (series with is_part_of)', (version) => {
    // spec § Filters: series "From 1.1.0 use is_part_of instead": a server may take them as one keyword, which from
    // 1.5.0 ORs them; the spec leaves the meaning of the pair open, so no generated expression holds both.
    for (const seed of [1, 2, 3]) {
      for (const e of sample(filterExpression({ version, events: 3 }), seed, 600)) {
        const names = new Set(e.terms.map((t) => t.name));
        expect(names.has('series') && names.has('is_part_of'), JSON.stringify(e)).toBe(false);
      }
    }
  });

  it('sortExpression: distinct criteria, each with a suffix', () => {
    for (const keys of sample(sortExpression({ maxCriteria: 3 }), 7)) {
      expect(new Set(keys.map((k) => k.name)).size).toBe(keys.length);
      expect(renderSort(keys)).toMatch(new RegExp(`^((${SORT_NAMES.join('|')}):(ASC|DESC),?)+$`));
    }
  });

  it('sortExpression with totalBy always holds a total criterion, appended ASC only when none was drawn', () => {
    const all = sample(sortExpression({ criteria: ['end_date', 'workflow_state', 'title'], totalBy: ['title'] }), 9);
    for (const keys of all) expect(keys.some((k) => k.name === 'title')).toBe(true);
    expect(all.some((keys) => keys.length === 3 && keys[2].name === 'title' && !keys[2].desc)).toBe(true);
    expect(() => sortExpression({ totalBy: ['nope' as 'title'] })).toThrow(/totalBy/);
  });

  it('pageOffset follows the version rule: item index, or page index in the oldest description', () => {
    expect([0, 1, 2].map((k) => pageOffset(k, 3, false))).toEqual([0, 3, 6]);
    expect([0, 1, 2].map((k) => pageOffset(k, 3, true))).toEqual([0, 1, 2]);
  });

  it.each(['1.0.0', '1.1.0', '1.6.0'] as const)('invalidInput in %s: only kinds whose rule applies, each tied to its rule, bad JSON never parses', (version) => {
    const all = sample(invalidInput({ version }), 8);
    const kinds = new Set(all.map((x) => x.kind));
    for (const k of INVALID_KINDS) {
      const rule = book.get(k.rule)!;
      expect(kinds.has(k.kind), k.kind).toBe(book.appliesTo(rule, version));
    }
    for (const x of all) {
      expect(INVALID_KINDS.find((k) => k.kind === x.kind)?.rule).toBe(x.rule);
      if ('text' in x) expect(() => JSON.parse(x.text)).toThrow();
      if (x.kind === 'unknown-filter') expect(filterNamesFor(version)).not.toContain(x.filter.split(':')[0]);
      if (x.kind === 'sort-without-suffix') expect(x.sort).not.toContain(':');
    }
    expect(book.get('events.list.sort.suffix')?.level).toBe('SHOULD');
    expect(book.get('events.create.400')?.level).toBe('MUST');
  });
});
