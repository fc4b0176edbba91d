// The files of src/ that make evconf's runnable code (scripts/build.mjs for the package, scripts/dev-build.mjs for a
// checkout): the TypeScript modules without tests and test support, and the files the modules read beside
// themselves (the HTML report's CSS and client script, the scenario schema). The self-test folder is left out.
import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';

/** Every file under `dir`, skipping the self-test folder, in a stable order. */
export function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'selftest' ? [] : walk(path);
    return [path];
  });
}

// Test support (helpers that import vitest, report fixtures) is not shipped: tsconfig.build.json
// excludes the same files.
const testSupport = (f) => f.endsWith('.test.ts') || /[\\/]testing\.ts$/.test(f) || /[\\/]report[\\/]fixtures[^\\/]*\.ts$/.test(f) || /[\\/]deviation-cases\.ts$/.test(f);

/** `{ sources, assets }`: absolute paths of the modules to compile and of the files to copy beside them. */
export function runnableFiles(src) {
  const all = walk(src);
  return {
    sources: all.filter((f) => f.endsWith('.ts') && !testSupport(f)),
    assets: all.filter((f) => extname(f) !== '.ts'),
  };
}
