import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScenarioFile } from '../model/index.js';
import { PROJECT_ROOT } from '../spec/paths.js';

/**
 * The loaded scenario files, kept between runs (issue 21: parsing 300 kB of YAML with positions took 1.3–1.7 s of
 * every run's start). A cache entry is used only when everything that made it is unchanged: the YAML texts (by
 * path), the rule book, and evconf's own code and specs (every file of the tree this module runs from and of
 * specs/, by path, size and mtime). Only files that loaded without error are kept; a folder that cannot be written is simply not cached.
 * EVCONF_NO_CACHE=1 turns it off.
 */

export const CACHE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'evconf');
const KEEP = 8;

let code: string | undefined;

/** The code this module runs from (src/ under tsx, dist/ when built), as one digest. */
function codeDigest(): string {
  if (code !== undefined) return code;
  const root = fileURLToPath(new URL('..', import.meta.url));
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else h.update(`${full}\0${st.size}\0${st.mtimeMs}\n`);
    }
  };
  walk(root);
  walk(join(PROJECT_ROOT, 'specs'));
  return (code = h.digest('hex'));
}

export interface SuiteText {
  path: string;
  text: string;
}

/** The key of a set of scenario files read with a rule book (`bookKey`: the book as text). */
export function suitesKey(files: readonly SuiteText[], bookKey: string): string {
  const h = createHash('sha256').update(codeDigest()).update('\0').update(bookKey);
  for (const f of files) h.update(`\0${f.path}\0${f.text}`);
  return h.digest('hex').slice(0, 32);
}

/** `load()`'s result from the cache when `key` is there, else loaded and kept. */
export function cachedSuites(key: string, load: () => ScenarioFile[], dir = CACHE_DIR): ScenarioFile[] {
  if (process.env.EVCONF_NO_CACHE === '1') return load();
  const file = join(dir, `suites-${key}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ScenarioFile[];
  } catch {
    // not cached yet (or unreadable): load
  }
  const loaded = load();
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(loaded));
    renameSync(tmp, file);
    prune(dir);
  } catch {
    // a folder that cannot be written: no cache
  }
  return loaded;
}

/** Keeps the KEEP newest entries. */
function prune(dir: string): void {
  const entries = readdirSync(dir).filter((n) => n.startsWith('suites-') && n.endsWith('.json'))
    .map((n) => ({ n, t: statSync(join(dir, n)).mtimeMs })).sort((a, b) => b.t - a.t);
  for (const e of entries.slice(KEEP)) unlinkSync(join(dir, e.n));
}
