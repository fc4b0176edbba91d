import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunResult } from '../model/index.js';
import { runCli } from '../selftest/cli-process.js';

const BIN = fileURLToPath(new URL('../../bin/evconf.mjs', import.meta.url));
const children: ChildProcess[] = [];

/** `evconf serve --port 0 …` in a child process; resolves with its URL once it listens. */
function serve(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) { clearTimeout(t); resolve(m[1]); }
    });
  });
}

afterEach(() => { for (const c of children.splice(0)) c.kill('SIGTERM'); });

// Run against a separately started `evconf serve --users …`, and exit 1 naming the rule
// when that server has a planted bug.
describe('CLI: run against a separately started server', () => {
  const users = 'admin:pw:ROLE_ADMIN,alice:alicepw';
  const run = (url: string, json: string, extra: string[] = []) => runCli(['run', '--base-url', url, '--api-version', '1.3.0', '--auth', 'admin:pw',
    '--user-auth', 'alice:alicepw', '--json', json, '--settle-ms', '500', '--report-dir', mkdtempSync(join(tmpdir(), 'evconf-run-')), ...extra], { killAfterMs: 120_000 });

  it('a clean server: exit 0 and the results JSON in the ARCHITECTURE.md § Contracts shape', async () => {
    const url = await serve(['--users', users]);
    const json = join(mkdtempSync(join(tmpdir(), 'evconf-json-')), 'out.json');
    const r = await run(url, json);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/1\.3\.0\s+✔ conformant/);
    // Stderr is a pipe here (as in CI): plain progress lines, one per phase at least, no TTY codes.
    // Each line names every phase in flight with the version's own count: `evconf: scenarios 1.3.0 51/169 · stateful 1.3.0 0/1 · 0 failed so far (12 s)`.
    for (const phase of ['scenarios', 'properties', 'stateful']) expect(r.stderr).toMatch(new RegExp(`^evconf: (?:.* · )?${phase} 1\\.3\\.0 \\d+/\\d+ · .*0 failed so far \\(\\d+ s\\)$`, 'm'));
    expect(r.stderr).not.toMatch(/\r|\x1b\[/);
    const out = JSON.parse(readFileSync(json, 'utf8')) as RunResult;
    expect(Object.keys(out)).toEqual(expect.arrayContaining(['tool', 'runId', 'startedAt', 'durationMs', 'target', 'seed', 'summary', 'results', 'observations', 'coverage', 'load']));
    expect(out.target).toMatchObject({ baseUrl: url, apiVersions: ['1.3.0'], reference: false });
    expect(out.summary.failed + out.summary.errored).toBe(0);
    expect(out.results.every((x) => x.apiVersion === '1.3.0')).toBe(true);
    expect(out.results.some((x) => x.rule.startsWith('auth.') && x.outcome === 'pass')).toBe(true);
  }, 150_000); // a bound (a whole version in a child process, on a shared machine), not a speed target

  it('a server with a planted bug: exit 1 and the failing rule named', async () => {
    const url = await serve(['--users', users, '--mutant', 'acl-put-merges']);
    const json = join(mkdtempSync(join(tmpdir(), 'evconf-json-')), 'out.json');
    const r = await run(url, json, ['--quiet']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/✘ acl\.put\.overwrites MUST/);
    // --quiet: only the summary (stdout) and errors; no progress, no start line.
    expect(r.stderr).not.toMatch(/^evconf: (scenarios|properties|stateful) /m);
    expect(r.stderr).not.toMatch(/run \S+ against/);
  }, 150_000); // a bound (a whole version in a child process, on a shared machine), not a speed target

  it('the embedded server accepts the credentials the user gives', async () => {
    // events.list.rows is checked by the oracles of the property phase alone: with scenarios only it is an accepted gap.
    const r = await runCli(['run', '--api-version', '1.0.0', '--phases', 'scenarios', '--allow-untested', 'events.list.rows', '--auth', 'boss:s3:cret', '--user-auth', 'bob:pw',
      '--report-dir', mkdtempSync(join(tmpdir(), 'evconf-emb-')), '--verbose'], { killAfterMs: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    // --verbose: every decided check on a line of its own.
    expect(r.stderr).toMatch(/^ {2}pass auth\.\S+ \[1\.0\.0\]/m);
    expect(r.stderr).not.toContain('s3:cret');
  }, 150_000); // a bound (a whole version in a child process, on a shared machine), not a speed target
});
