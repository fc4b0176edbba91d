import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../model/index.js';
import { runCli } from './cli-process.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin/evconf.mjs');
const children: ChildProcess[] = [];
afterAll(() => { for (const c of children) c.kill('SIGTERM'); });

/** `evconf serve --port 0` from the checkout; resolves with its URL. */
function serve(): Promise<string> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--users', 'admin:pw:ROLE_ADMIN,alice:alicepw'], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) { clearTimeout(t); resolve(m[1]); }
    });
  });
}

/** Runs a command to completion (stderr a pipe: not a TTY, as in CI). */
function sh(cmd: string, args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// A project that installs the packed tarball runs `npx evconf run --base-url … --config`
// against a server started separately, and gets the verdict the checkout gets, with progress lines in its log.
describe('the packed package, installed into another project', () => {
  it('ships compiled JavaScript only, installs without install scripts, and runs like the checkout', async () => {
    const work = mkdtempSync(join(tmpdir(), 'evconf-pack-'));
    const [url, packed] = await Promise.all([serve(), run('npm', ['pack', '--pack-destination', work, '--json'], { cwd: ROOT, maxBuffer: 16 << 20 })]);
    const info = (JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[])[0];
    const paths = info.files.map((f) => f.path);
    expect(paths).toContain('dist/cli/main.js');
    expect(paths).toContain('specs/rules.yaml');
    expect(paths.filter((p) => /^(src|test|bench|\.ci|reports)\/|\.test\.|\.ts$/.test(p))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; dependencies: Record<string, string> };
    for (const s of ['preinstall', 'install', 'postinstall', 'prepare']) expect(pkg.scripts[s], s).toBeUndefined();
    expect(pkg.dependencies.tsx).toBeUndefined();

    writeFileSync(join(work, 'package.json'), '{"name":"ci-project","version":"1.0.0","private":true}\n');
    const install = await sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, info.filename)], work);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stderr).not.toMatch(/install script|esbuild/i);
    expect(existsSync(join(work, 'node_modules/tsx')), 'tsx is not installed for consumers').toBe(false);

    const config = join(work, 'evconf.yaml');
    // events.list.rows is checked by the oracles of the property phase alone: with scenarios only it is an accepted gap.
    writeFileSync(config, ['api-version: 1.6.0', 'phases: scenarios', 'allow-untested: events.list.rows', 'auth: admin:pw', 'user-auth: alice:alicepw', 'settle-ms: 500', 'report-dir: evconf-reports', ''].join('\n'));
    const json = join(work, 'installed.json');
    const [installed, checkout] = await Promise.all([
      sh('npx', ['--no-install', 'evconf', 'run', '--base-url', url, '--config', config, '--json', json], work),
      runCli(['run', '--base-url', url, '--config', config, '--report-dir', join(work, 'checkout-reports')], { killAfterMs: 90_000 }),
    ]);
    expect(installed.code, installed.stderr).toBe(checkout.code);
    expect(installed.code).toBe(0);
    const verdict = (out: string) => /^1\.6\.0\s+(.+?)\s{2,}/m.exec(out)?.[1];
    expect(verdict(installed.stdout)).toBe('✔ conformant');
    expect(verdict(installed.stdout)).toBe(verdict(checkout.stdout));
    // A CI log is not a TTY: plain progress lines, no control codes.
    expect(installed.stderr).toMatch(/^evconf: scenarios 1\.6\.0 \d+\/\d+ · (?:.* · )?0 failed so far/m);
    expect(installed.stderr).not.toMatch(/\r|\x1b\[/);
    // The config file's report-dir was honoured, relative to the project.
    expect(existsSync(join(work, 'evconf-reports', 'latest', 'index.html'))).toBe(true);
    const result = JSON.parse(readFileSync(json, 'utf8')) as RunResult;
    expect(result.target.baseUrl).toBe(url);
    expect(result.summary.failed).toBe(0);
  }, 170_000);
});
