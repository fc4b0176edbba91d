import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from './paths.js';

/**
 * Results of evconf's own start-up work (parsed scenario files, parsed spec files), kept between runs as JSON files
 * named `<kind>-<key>.json` (a run's start is paid by every user at every run). The key must name all that
 * made the value; a cached value is exactly the JSON of the computed one. A folder that cannot be written is simply not
 * used. EVCONF_NO_CACHE=1 turns it off.
 */
export const CACHE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'evconf');

/** `compute()`'s result from the cache when `kind`/`key` is there, else computed and kept (the `keep` newest of a kind). */
export function cachedJson<T>(kind: string, key: string, compute: () => T, dir = CACHE_DIR, keep = 8): T {
  if (process.env.EVCONF_NO_CACHE === '1') return compute();
  const file = join(dir, `${kind}-${key}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    // not cached yet (or unreadable): compute
  }
  const value = compute();
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, file);
    prune(dir, kind, keep);
  } catch {
    // a folder that cannot be written: no cache
  }
  return value;
}

/** Keeps the `keep` newest entries of a kind. */
function prune(dir: string, kind: string, keep: number): void {
  const entries = readdirSync(dir).filter((n) => n.startsWith(`${kind}-`) && n.endsWith('.json'))
    .map((n) => ({ n, t: statSync(join(dir, n)).mtimeMs })).sort((a, b) => b.t - a.t);
  for (const e of entries.slice(keep)) unlinkSync(join(dir, e.n));
}

const YAML_VERSION = (createRequire(import.meta.url)('yaml/package.json') as { version: string }).version;

/**
 * A YAML file of specs/ parsed, from the cache when its text was parsed before (parsing rules.yaml is a noticeable
 * part of every start). Only for files of plain data (strings, numbers, booleans, lists, maps), which JSON keeps exactly.
 */
export function readSpecYaml(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  const key = createHash('sha256').update(`yaml ${YAML_VERSION}\0`).update(text).digest('hex').slice(0, 32);
  return cachedJson('yaml', key, () => parse(text) as unknown, CACHE_DIR, 16);
}
