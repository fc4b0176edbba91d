import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cachedJson, readSpecYaml } from './disk-cache.js';
import { SPECS_DIR } from './paths.js';

describe('the start-up cache', () => {
  it('gives the computed value, and the same value from the file the next time without computing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'evconf-cache-'));
    let computed = 0;
    const value = { a: [1, 'x', true, null], b: { c: 2.5 } };
    expect(cachedJson('t', 'k', () => (computed++, value), dir)).toEqual(value);
    expect(cachedJson('t', 'k', () => (computed++, { other: 1 }), dir)).toEqual(value);
    expect(computed).toBe(1);
    expect(readdirSync(dir)).toEqual(['t-k.json']);
  });

  it('keeps the spec files exactly as a fresh parse gives them', () => {
    for (const f of ['rules.yaml', 'not-shown.yaml', 'versions.yaml']) {
      const file = join(SPECS_DIR, f);
      const fresh = parse(readFileSync(file, 'utf8')) as unknown;
      expect(readSpecYaml(file), f).toStrictEqual(fresh);
      expect(readSpecYaml(file), `${f} again (from the cache)`).toStrictEqual(fresh);
    }
  });

  it('is off with EVCONF_NO_CACHE=1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'evconf-cache-'));
    process.env.EVCONF_NO_CACHE = '1';
    try {
      cachedJson('t', 'k', () => 1, dir);
    } finally {
      delete process.env.EVCONF_NO_CACHE;
    }
    expect(existsSync(join(dir, 't-k.json'))).toBe(false);
  });
});
