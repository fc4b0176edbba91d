import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScenarioFile } from '../model/index.js';
import { PROJECT_ROOT } from '../spec/paths.js';
import { CACHE_DIR, cachedJson } from '../spec/disk-cache.js';

/**
 * The loaded scenario files, kept between runs (parsing 300 kB of YAML with positions took 1.3–1.7 s of
 * every run's start). A cache entry is used only when everything that made it is unchanged: the YAML texts (by
 * path), the rule book, and evconf's own code and specs (every file of the tree this module runs from and of
 * specs/, by path, size and mtime). Only files that loaded without error are kept; a folder that cannot be written is simply not cached.
 * EVCONF_NO_CACHE=1 turns it off.
 */

export { CACHE_DIR };
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

/** `load()`'s result from the cache when `key` is there, else loaded and kept (only files that loaded without error). */
export function cachedSuites(key: string, load: () => ScenarioFile[], dir = CACHE_DIR): ScenarioFile[] {
  return cachedJson('suites', key, load, dir, KEEP);
}
