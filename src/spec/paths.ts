import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root, found from this module's location (never from the cwd): the nearest folder above it that holds
 * package.json and specs/rules.yaml. The module runs from src/ (tsx), dist/ (the package) or the compiled-code cache
 * under node_modules/.cache/evconf/ (a checkout, scripts/dev-build.mjs), at different depths.
 */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'specs', 'rules.yaml'))) return dir + sep;
    const up = dirname(dir);
    if (up === dir) throw new Error(`evconf cannot find its specs/ folder above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}

export const PROJECT_ROOT = findRoot();
export const SPECS_DIR = join(PROJECT_ROOT, 'specs') + sep;
export const SUITES_DIR = join(PROJECT_ROOT, 'suites') + sep;
