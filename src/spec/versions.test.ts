import { describe, expect, it } from 'vitest';
import { inRange, parseApiVersionFlag, parseVersionRange } from './versions.js';
import { loadRules } from './rules.js';

describe('version ranges', () => {
  it('parses range terms', () => {
    expect(parseVersionRange('>=1.5.0')).toEqual(['1.5.0', '1.6.0']);
    expect(parseVersionRange('>=1.1.0 <1.4.0')).toEqual(['1.1.0', '1.2.0', '1.3.0']);
    expect(parseVersionRange('1.0.0')).toEqual(['1.0.0']);
    expect(parseVersionRange('all')).toHaveLength(7);
    expect(parseVersionRange('>=2.0.0')).toHaveProperty('error');
    expect(parseVersionRange('latest')).toHaveProperty('error');
  });
  it('checks inclusive ranges', () => {
    expect(inRange('1.0.0', '1.0.0', '1.0.0')).toBe(true);
    expect(inRange('1.1.0', '1.0.0', '1.0.0')).toBe(false);
    expect(inRange('1.6.0', '1.1.0')).toBe(true);
  });
  it('parses the --api-version flag', () => {
    expect(parseApiVersionFlag('all')).toHaveLength(7);
    expect(parseApiVersionFlag('1.3.0')).toEqual(['1.3.0']);
    expect(parseApiVersionFlag('1.7.0')).toHaveProperty('error');
  });
});

describe('rules.yaml', () => {
  it('loads with unique ids and valid ranges', () => {
    const book = loadRules();
    expect(book.rules.length).toBeGreaterThan(10);
    for (const r of book.rules) expect(book.get(r.id)).toBe(r);
  });
});
