import { describe, expect, it } from 'vitest';
import { inRange, parseApiVersionFlag, parseVersionRange } from './versions.js';
import { loadRules } from './rules.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('version ranges', () => {
  it('parses range terms', () => {
    expect(parseVersionRange('>=1.5.0 <1.7.0')).toEqual(['1.5.0', '1.6.0']);
    // Numeric order, never text: 1.10.0 and 1.11.0 are newer than 1.9.0 and 1.2.0 ("1.10.0" < "1.2.0" as strings).
    expect(parseVersionRange('>=1.9.0')).toEqual(['1.9.0', '1.10.0', '1.11.0']);
    expect(parseVersionRange('>1.2.0 <1.4.0')).toEqual(['1.3.0']);
    expect(parseVersionRange('<1.2.0')).toEqual(['1.0.0', '1.1.0']);
    expect(parseVersionRange('>=1.1.0 <1.4.0')).toEqual(['1.1.0', '1.2.0', '1.3.0']);
    expect(parseVersionRange('1.0.0')).toEqual(['1.0.0']);
    expect(parseVersionRange('all')).toHaveLength(12);
    expect(parseVersionRange('>=2.0.0')).toHaveProperty('error');
    expect(parseVersionRange('latest')).toHaveProperty('error');
  });
  it('checks inclusive ranges', () => {
    expect(inRange('1.0.0', '1.0.0', '1.0.0')).toBe(true);
    expect(inRange('1.1.0', '1.0.0', '1.0.0')).toBe(false);
    expect(inRange('1.6.0', '1.1.0')).toBe(true);
    expect(inRange('1.10.0', '1.7.0')).toBe(true);
    expect(inRange('1.10.0', '1.2.0', '1.9.0')).toBe(false);
    expect(inRange('1.9.0', '1.2.0', '1.10.0')).toBe(true);
  });
  it('parses the --api-version flag', () => {
    expect(parseApiVersionFlag('all')).toHaveLength(12);
    expect(parseApiVersionFlag('1.3.0')).toEqual(['1.3.0']);
    expect(parseApiVersionFlag('1.11.0')).toEqual(['1.11.0']);
    expect(parseApiVersionFlag('1.12.0')).toHaveProperty('error');
  });
});

describe('rules.yaml', () => {
  it('loads with unique ids and valid ranges', () => {
    const book = loadRules();
    expect(book.rules.length).toBeGreaterThan(10);
    for (const r of book.rules) expect(book.get(r.id)).toBe(r);
  });
  it('server-release rules apply by the server version alone (addendum: POST /track 1.9.0, its tags part 1.11.0, ignored by 1.9.0 and 1.10.0)', () => {
    const book = loadRules();
    const tags = book.get('track.post.tags')!;
    const ignored = book.get('track.post.tags-ignored')!;
    const post = book.get('track.post.200')!;
    const list = book.get('events.list.status')!;
    expect(['1.8.0', '1.9.0', '1.10.0', '1.11.0'].map((s) => book.appliesToServer(tags, s as '1.9.0'))).toEqual([false, false, false, true]);
    expect(['1.8.0', '1.9.0', '1.10.0', '1.11.0'].map((s) => book.appliesToServer(ignored, s as '1.9.0'))).toEqual([false, true, true, false]);
    expect(['1.6.0', '1.9.0', '1.11.0'].map((s) => book.appliesToServer(post, s as '1.9.0'))).toEqual([false, true, true]);
    // A server newer than evconf knows has every open-ended range, none that ends.
    expect([tags, ignored, post, list].map((r) => book.appliesToServer(r, 'unknown-newer'))).toEqual([true, false, true, true]);
    // Rules without a server range apply on every server; the requested-version range is unchanged (every version).
    expect(book.appliesToServer(list, '1.0.0')).toBe(true);
    expect(book.appliesTo(ignored, '1.0.0') && book.appliesTo(ignored, '1.11.0')).toBe(true);
  });
  it('refuses a server range that is not one (not a version, until without since, until below since)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'evconf-rules-'));
    const write = (extra: string) => {
      const f = join(dir, `rules-${Math.random().toString(36).slice(2)}.yaml`);
      writeFileSync(f, `rules:\n  - { id: a, level: MUST, since: 1.0.0, section: s, endpoint: e, quote: q, ${extra} }\n`);
      return f;
    };
    expect(() => loadRules(write('serverSince: 1.12.0'))).toThrow(/serverSince "1.12.0" is not an API version/);
    expect(() => loadRules(write('serverUntil: 1.10.0'))).toThrow(/serverUntil needs serverSince/);
    expect(() => loadRules(write('serverSince: 1.10.0, serverUntil: 1.9.0'))).toThrow(/below serverSince/);
    expect(loadRules(write('serverSince: 1.9.0, serverUntil: 1.10.0')).get('a')).toMatchObject({ serverSince: '1.9.0', serverUntil: '1.10.0' });
  });
});

describe('compareVersions', () => {
  it('orders numerically, never as text', async () => {
    const { compareVersions } = await import('../model/version.js');
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('1.9.0', '1.2.0')).toBeGreaterThan(0);
    expect(compareVersions('1.2.0', '1.11.0')).toBeLessThan(0);
    expect(compareVersions('1.7.0', '1.7.0')).toBe(0);
    expect(['1.10.0', '1.2.0', '1.9.0', '1.11.0', '1.0.0'].sort(compareVersions)).toEqual(['1.0.0', '1.2.0', '1.9.0', '1.10.0', '1.11.0']);
  });
});
