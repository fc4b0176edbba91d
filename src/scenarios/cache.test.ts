import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SUITES_DIR } from '../spec/paths.js';
import { loadRules } from '../spec/rules.js';
import { cachedSuites, suitesKey } from './cache.js';
import { findScenarioFiles, loadScenarioFile } from './load.js';

const dir = mkdtempSync(join(tmpdir(), 'evconf-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const book = loadRules();
const loadAll = () => findScenarioFiles(SUITES_DIR).map((f) => loadScenarioFile(f, book));

describe('the scenario cache (src/scenarios/cache.ts)', () => {
  it('gives back exactly what the loader gave, from the file, without loading again', () => {
    const load = vi.fn(loadAll);
    const first = cachedSuites('k1', load, dir);
    const second = cachedSuites('k1', load, dir);
    expect(load).toHaveBeenCalledTimes(1);
    expect(second).toStrictEqual(first);
    expect(readdirSync(dir)).toEqual(['suites-k1.json']);
  });

  it('keys on every text, the path of each and the rule book', () => {
    const files = [{ path: 'a.yaml', text: 'x: 1' }, { path: 'b.yaml', text: 'y: 2' }];
    const key = suitesKey(files, 'book');
    expect(suitesKey(files, 'book')).toBe(key);
    expect(suitesKey([files[0], { path: 'b.yaml', text: 'y: 3' }], 'book')).not.toBe(key);
    expect(suitesKey([files[0], { path: 'c.yaml', text: 'y: 2' }], 'book')).not.toBe(key);
    expect(suitesKey(files, 'book2')).not.toBe(key);
  });

  it('loads all the same where nothing can be written, and not at all from it with EVCONF_NO_CACHE=1', () => {
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, '');
    const load = vi.fn(() => []);
    expect(cachedSuites('k2', load, join(blocked, 'sub'))).toEqual([]);
    cachedSuites('k1', load, dir);
    expect(load).toHaveBeenCalledTimes(1);
    vi.stubEnv('EVCONF_NO_CACHE', '1');
    try {
      cachedSuites('k1', load, dir);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('keeps the eight newest entries', () => {
    for (let i = 0; i < 10; i++) cachedSuites(`n${i}`, () => [], dir);
    expect(readdirSync(dir).filter((n) => n.startsWith('suites-')).length).toBe(8);
  });
});
