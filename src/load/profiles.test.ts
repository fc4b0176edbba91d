import { describe, expect, it } from 'vitest';
import { UsageError } from '../config/errors.js';
import { DEFAULT_PROFILES_FILE, loadProfiles, parseProfiles, selectProfiles } from './profiles.js';

const FILE = 'suites/load/test.yaml';

function errorOf(text: string): string {
  try {
    parseProfiles(text, FILE);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('load profiles file', () => {
  it('the shipped profiles load, with defaults applied and budgets on every profile', () => {
    const profiles = loadProfiles(DEFAULT_PROFILES_FILE);
    expect(profiles.map((p) => p.name)).toEqual(expect.arrayContaining(['list', 'list-deep-page', 'filter-title', 'filter-series', 'filter-text', 'filter-start-range', 'sort-title', 'mix']));
    for (const p of profiles) {
      expect(p.budget.p99Ms, p.name).toBeGreaterThan(0);
      expect(p.budget.minRps, p.name).toBeGreaterThan(0);
      expect(p.durationS).toBeLessThanOrEqual(60);
      expect(p.source).toMatch(/profiles\.yaml:\d+$/);
    }
    expect(profiles.find((p) => p.name === 'mix')!.queries.length).toBeGreaterThan(2);
  });

  it('reads query, mix, defaults and per-profile overrides', () => {
    const [a, b] = parseProfiles([
      'defaults: { connections: 4, duration: 2, budgets: { p99Ms: 30, minRps: 10 } }',
      'profiles:',
      '  - name: a',
      '    query: { filter: "title:${title.3}", limit: 20, offset: "${offset.50}", params: { withacl: "true" } }',
      '  - name: b',
      '    connections: 2',
      '    since: 1.1.0',
      '    budgets: { p99Ms: 5 }',
      '    mix: [ { sort: "title:ASC" }, { limit: 5 } ]',
    ].join('\n'), FILE);
    expect(a).toMatchObject({ name: 'a', connections: 4, durationS: 2, pipelining: 1, budget: { p99Ms: 30, minRps: 10 }, source: `${FILE}:3` });
    expect(a.queries).toEqual([{ filter: 'title:${title.3}', limit: '20', offset: '${offset.50}', params: { withacl: 'true' } }]);
    expect(b).toMatchObject({ connections: 2, since: '1.1.0', budget: { p99Ms: 5, minRps: 10 } });
    expect(b.queries).toHaveLength(2);
  });

  it.each([
    ['profiles:\n  - name: a\n    query: { limit: 20 }\n    duration: 90\n', /test\.yaml:4:15: profile "a": duration must be a whole number from 1 to 60 \(got 90\)/],
    ['profiles:\n  - name: a\n    query: { limit: 20, filtre: "x" }\n', /test\.yaml:3:33: profile "a": query: unknown key "filtre"/],
    ['profiles:\n  - name: a\n    query: { filter: "title:${titel.3}" }\n', /test\.yaml:3:22: .*unknown placeholder \$\{titel\.3\}/],
    ['profiles:\n  - name: a\n    query: { filter: "title:${title.99}" }\n', /test\.yaml:3:.*\$\{title\.99\} needs a number 0–19/],
    ['profiles:\n  - name: a\n    query: {}\n  - name: a\n    query: {}\n', /test\.yaml:4:11: duplicate profile name "a"/],
    ['profiles:\n  - name: a\n', /test\.yaml:2:5: profile "a": give exactly one of query/],
    ['profiles:\n  - name: a\n    query: {}\n    budgets: { p99Ms: -1 }\n', /test\.yaml:4:.*budgets\.p99Ms must be a number/],
    ['profiles:\n  - name: a\n    query: {}\n    since: 2.0.0\n', /test\.yaml:4:12: profile "a": since must be one of 1\.0\.0/],
    ['defaults: { connections: 0 }\nprofiles:\n  - name: a\n    query: {}\n', /test\.yaml:1:26: defaults: connections must be a whole number from 1 to 1000/],
    ['profiles: []\n', /test\.yaml:1:11: profiles must be a non-empty list/],
    ['profiles:\n  - name: a\n    query: { limit: "lots" }\n', /test\.yaml:3:21: .*limit must be a whole number or one placeholder/],
    ['profiles:\n  - name: a\n   query: {}\n', /test\.yaml:3:\d+: YAML syntax/],
  ])('rejects a broken file with file:line:col (%#)', (text, pattern) => {
    expect(errorOf(text)).toMatch(pattern);
  });

  it('--only selects by name and names the unknown ones', () => {
    const ps = parseProfiles('profiles:\n  - { name: a, query: {} }\n  - { name: b, query: {} }\n', FILE);
    expect(selectProfiles(ps, ['b']).map((p) => p.name)).toEqual(['b']);
    expect(() => selectProfiles(ps, ['c'])).toThrow(/no load profile "c" \(profiles: a, b\)/);
  });

  it('a missing file is a UsageError naming it', () => {
    expect(() => loadProfiles('/nonexistent/profiles.yaml')).toThrow(/cannot read profiles file \/nonexistent\/profiles\.yaml: ENOENT/);
  });
});
