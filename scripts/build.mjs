#!/usr/bin/env node
// Builds the package: src/ → dist/ with tsc (tsconfig.build.json: no tests, no self-test), then the
// files the compiled modules read beside themselves (the HTML report's CSS and client script, the scenario schema).
// Incremental: an unchanged tree rebuilds in a second or two; what has no source any more is removed from dist/.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnableFiles, walk } from './sources.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const dist = join(root, 'dist');
const { sources, assets } = runnableFiles(src);
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
