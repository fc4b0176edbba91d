#!/usr/bin/env node
// Entry point. An installed package runs the compiled JavaScript in dist/ (no TypeScript compiler at run time).
// A checkout (src/ beside bin/) runs its sources compiled by esbuild into a cache that follows every
// edit (scripts/dev-build.mjs), or through tsx when that cache is off or cannot be built; a stale dist/ is
// never run. Without tsx and esbuild (npm ci --omit=dev) it runs dist/ if built.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);

async function load() {
  if (existsSync(source)) {
    try {
      const compiled = await (await import('../scripts/dev-build.mjs')).compiledMain();
      if (compiled) return await import(compiled.href);
      const { register } = await import('tsx/esm/api');
      register();
      return await import(source.href);
    } catch (e) {
      if (e?.code !== 'ERR_MODULE_NOT_FOUND' || !existsSync(new URL('../dist/cli/main.js', import.meta.url))) throw e;
    }
  }
  return import('../dist/cli/main.js');
}

// A reader that closes the pipe early (`evconf rules | head -1`) ends the output, not the command: later writes to
// that stream are dropped, the command runs to its end (reports written, cleanup done) and exits as it would.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e?.code !== 'EPIPE') throw e;
    stream.write = () => true;
  });
}

const { main } = await load();
process.exitCode = await main(process.argv.slice(2));
