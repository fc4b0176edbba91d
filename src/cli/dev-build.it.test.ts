import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../spec/paths.js';

const run = promisify(execFile);

// A copy of the checkout (its own node_modules folder of links to the real packages, so that its compiled-code cache
// is its own) where sources can be edited.
const copy = mkdtempSync(join(tmpdir(), 'evconf-devbuild-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));
for (const d of ['bin', 'scripts', 'src', 'specs', 'suites', 'assets']) cpSync(join(PROJECT_ROOT, d), join(copy, d), { recursive: true });
for (const f of ['package.json', 'tsconfig.json', 'tsconfig.build.json']) cpSync(join(PROJECT_ROOT, f), join(copy, f));
mkdirSync(join(copy, 'node_modules'));
for (const pkg of readdirSync(join(PROJECT_ROOT, 'node_modules'))) if (!pkg.startsWith('.')) symlinkSync(join(PROJECT_ROOT, 'node_modules', pkg), join(copy, 'node_modules', pkg));
const cacheDir = join(copy, 'node_modules', '.cache', 'evconf');
const builds = () => (existsSync(cacheDir) ? readdirSync(cacheDir).filter((d) => /^js-[0-9a-f]+$/.test(d)) : []);
const version = async (env: NodeJS.ProcessEnv = {}) => (await run(process.execPath, [join(copy, 'bin', 'evconf.mjs'), '--version'], { env: { ...process.env, ...env } })).stdout.trim();

// A checkout runs its sources compiled once into a cache (not through tsx's loader at every start), and an
// edit takes effect at the next start without a build step.
describe('a checkout runs its sources from the compiled-code cache', () => {
  it('builds once, reuses the build, and follows an edit', async () => {
    const pkgVersion = (JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as { version: string }).version;
    expect(await version()).toBe(pkgVersion);
    expect(builds()).toHaveLength(1);
    const [first] = builds();
    expect(existsSync(join(cacheDir, first!, 'cli', 'main.js'))).toBe(true);
    expect(existsSync(join(cacheDir, first!, 'scenarios', 'scenario.schema.json')), 'assets beside the modules').toBe(true);
    expect(existsSync(join(cacheDir, first!, 'cli', 'dev-build.it.test.js')), 'no tests').toBe(false);
    // The same sources: the same build.
    expect(await version()).toBe(pkgVersion);
    expect(builds()).toEqual([first]);

    // An edit: a new build at the next start, which runs the edited code.
    const file = join(copy, 'src', 'cli', 'version.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\.version;\s*$/, ".version + '-edited';\n"));
    expect(await version()).toBe(`${pkgVersion}-edited`);
    expect(builds()).toHaveLength(2);
    expect(readFileSync(join(cacheDir, builds().find((b) => b !== first)!, 'cli', 'version.js'), 'utf8')).toContain('-edited');

    // EVCONF_NO_CACHE=1 runs the sources through tsx, with the same result.
    expect(await version({ EVCONF_NO_CACHE: '1' })).toBe(`${pkgVersion}-edited`);
  });
});
