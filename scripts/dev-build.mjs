// The compiled-code cache of a checkout: bin/evconf.mjs runs src/ as JavaScript compiled by esbuild into
// node_modules/.cache/evconf/js-<digest>/, instead of through tsx's loader. tsx compiles each module in a loader
// thread at every start and wraps every function in a naming helper: a one-version run spent about 1.5 s more CPU
// and its start about 0.7 s more wall time. The digest covers every source and asset (their text), the tsconfig
// files, esbuild's version and this script: an edit makes a new build at the next start (about half a second), and a
// build never changes once written (a new one goes to a temporary folder and is renamed into place), so a run that
// imports a module late never reads another build's file. EVCONF_NO_CACHE=1, a missing esbuild or a failed build
// fall back to tsx (`null`).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runnableFiles } from './sources.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
export const JS_CACHE_DIR = join(root, 'node_modules', '.cache', 'evconf');
const KEEP = 4;
const DONE = '.complete';

/** The digest of what a build is made from. */
export function sourceDigest(files, esbuildVersion) {
  const h = createHash('sha256').update(`esbuild ${esbuildVersion}\0`);
  for (const f of [fileURLToPath(import.meta.url), join(root, 'tsconfig.json'), join(root, 'tsconfig.build.json'), ...files]) {
    h.update(`${relative(root, f)}\0`).update(readFileSync(f)).update('\0');
  }
  return h.digest('hex').slice(0, 20);
}

/** Keeps the `KEEP` newest builds (by the time they were made); older ones go. */
function prune(keep) {
  let dirs;
  try {
    dirs = readdirSync(JS_CACHE_DIR).filter((d) => /^js-[0-9a-f]+$/.test(d) && d !== keep);
  } catch {
    return;
  }
  const made = (d) => { try { return statSync(join(JS_CACHE_DIR, d, DONE)).mtimeMs; } catch { return 0; } };
  for (const d of dirs.sort((a, b) => made(b) - made(a)).slice(KEEP - 1)) rmSync(join(JS_CACHE_DIR, d), { recursive: true, force: true });
}

/** The URL of the compiled cli/main.js for the current sources, built if needed; `null` to run the sources with tsx. */
export async function compiledMain() {
  if (process.env.EVCONF_NO_CACHE === '1') return null;
  let version;
  try {
    version = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('esbuild/package.json'), 'utf8')).version;
  } catch {
    return null;
  }
  const { sources, assets } = runnableFiles(src);
  const name = `js-${sourceDigest([...sources, ...assets], version)}`;
  const out = join(JS_CACHE_DIR, name);
  const main = pathToFileURL(join(out, 'cli', 'main.js'));
  if (existsSync(join(out, DONE))) return main;
  const tmp = `${out}.tmp-${process.pid}`;
  try {
    const esbuild = await import('esbuild');
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    // One module per source, as tsx would compile it (no bundling: every import stays as written).
    await esbuild.build({
      entryPoints: sources,
      outdir: tmp,
      outbase: src,
      bundle: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      tsconfig: join(root, 'tsconfig.json'),
      logLevel: 'silent',
    });
    for (const file of assets) cpSync(file, join(tmp, relative(src, file)));
    writeFileSync(join(tmp, DONE), `${sources.length} modules, ${assets.length} assets\n`);
    try {
      renameSync(tmp, out);
    } catch {
      // Another process made the same build first: theirs is identical.
      rmSync(tmp, { recursive: true, force: true });
      if (!existsSync(join(out, DONE))) return null;
    }
  } catch {
    rmSync(tmp, { recursive: true, force: true });
    return null;
  }
  prune(name);
  return main;
}
