#!/usr/bin/env node
// Entry point. An installed package runs the compiled JavaScript in dist/ (no TypeScript compiler at run time,
// issue 12 item 6). A checkout (src/ beside bin/) runs the TypeScript sources through tsx, so that an edit takes
// effect without a build and a stale dist/ is never run; without tsx (npm ci --omit=dev) it runs dist/ if built.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);

async function load() {
  if (existsSync(source)) {
    try {
      const { register } = await import('tsx/esm/api');
      register();
      return await import(source.href);
    } catch (e) {
      if (e?.code !== 'ERR_MODULE_NOT_FOUND' || !existsSync(new URL('../dist/cli/main.js', import.meta.url))) throw e;
    }
  }
  return import('../dist/cli/main.js');
}

const { main } = await load();
process.exitCode = await main(process.argv.slice(2));
