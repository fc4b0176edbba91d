#!/usr/bin/env node
// Builds the package (issue 12 item 6): src/ → dist/ with tsc (tsconfig.build.json: no tests, no self-test), then the
// files the compiled modules read beside themselves (the HTML report's CSS and client script, the scenario schema).
// Incremental: an unchanged tree rebuilds in a second or two; what has no source any more is removed from dist/.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const dist = join(root, 'dist');

/** Every file under `dir`, skipping the self-test folder. */
function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'selftest' ? [] : walk(path);
    return [path];
  });
}

// Test support (helpers that import vitest, report fixtures) is not shipped (issue 20 item 6): tsconfig.build.json
// excludes the same files.
const testSupport = (f) => f.endsWith('.test.ts') || /[\\/]testing\.ts$/.test(f) || /[\\/]report[\\/]fixtures[^\\/]*\.ts$/.test(f) || /[\\/]deviation-cases\.ts$/.test(f);
const sources = walk(src).filter((f) => f.endsWith('.ts') && !testSupport(f));
const assets = walk(src).filter((f) => extname(f) !== '.ts');
const wanted = new Set([
  ...sources.map((f) => join(dist, relative(src, f)).replace(/\.ts$/, '.js')),
  ...assets.map((f) => join(dist, relative(src, f))),
  join(dist, '.tsbuildinfo'),
]);
// Outputs deleted by hand are not re-emitted by an incremental build: then build from scratch.
if ([...wanted].some((f) => f.endsWith('.js') && !existsSync(f) && !assets.some((a) => join(dist, relative(src, a)) === f))) rmSync(dist, { recursive: true, force: true });

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: ['ignore', 2, 2] });
for (const file of assets) cpSync(file, join(dist, relative(src, file)));
for (const file of walk(dist)) if (!wanted.has(file)) rmSync(file);
console.error(`built ${relative(process.cwd(), dist) || 'dist'}/: ${sources.length} modules and ${assets.length} assets`);
