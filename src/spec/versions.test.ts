import { describe, expect, it } from 'vitest';
import { inRange, parseApiVersionFlag, parseVersionRange } from './versions.js';
import { loadRules } from './rules.js';

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
