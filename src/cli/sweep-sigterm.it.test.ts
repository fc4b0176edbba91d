import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunResult } from '../model/index.js';

const BIN = fileURLToPath(new URL('../../bin/evconf.mjs', import.meta.url));
const children: ChildProcess[] = [];
const AUTH = `Basic ${Buffer.from('admin:pw').toString('base64')}`;

afterEach(() => { for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL'); });

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

/** The titles of every event the server lists (its own admin user). */
async function titles(url: string): Promise<string[]> {
  const res = await fetch(`${url}/api/events?limit=1000`, { headers: { authorization: AUTH, accept: 'application/v1.6.0+json' } });
  return ((await res.json()) as { title?: unknown }[]).map((e) => String(e.title ?? ''));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Nothing left on the server, whatever it answers, also when the run is stopped (ARCHITECTURE.md, principle 6): a
// recurring create answered 201 with one object names one of the events it made, so the run cannot delete the others
// by identifier. SIGTERM in the middle of the run: it stops, deletes what it knows, and sweeps what carries its tag
// (src/core/sweep.ts), before it exits 1 (interrupted).
describe('CLI: SIGTERM during a run leaves none of its events on the server', () => {
  it('a recurring create answered with one object (mutant rrule-201-single): exit 1, 0 events of the run left', async () => {
    const started = Date.now();
    const url = await serve(['--users', 'admin:pw:ROLE_ADMIN', '--mutant', 'rrule-201-single']);
    expect(await titles(url)).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'evconf-sweep-'));
    const json = join(dir, 'out.json');
    // The recurring-schedule property creates a recurring schedule per case: each leaves occurrences the run was not told of.
    const run = spawn(process.execPath, [BIN, 'run', '--base-url', url, '--auth', 'admin:pw', '--api-version', '1.6.0', '--phases', 'properties', '--only', 'prop-rrule',
      '--runs', '200', '--settle-ms', '1500', '--json', json, '--report-dir', join(dir, 'reports')], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    children.push(run);
    let stderr = '';
    run.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
    run.stdout!.resume();
    const exited = new Promise<number | null>((resolve) => run.once('exit', (code) => resolve(code)));
    // The run's tag (src/engine/run.ts: evconf + the last 8 letters and digits of its run id) starts every title it writes.
    let tag: string | undefined;
    let mine: string[] = [];
    while (Date.now() - started < 40_000 && run.exitCode === null) {
      const id = /: run (\S+) against/.exec(stderr)?.[1];
      tag ??= id ? `evconf${id.replace(/[^a-z0-9]/gi, '').slice(-8).toLowerCase()}` : undefined;
      if (tag) {
        mine = (await titles(url)).filter((t) => t.startsWith(tag!));
        // Several recurring creates made: more events than any one case holds at a time (each makes 2 to 6).
        if (mine.length >= 12) break;
      }
      await sleep(100);
    }
    expect(tag, stderr).toBeDefined();
    expect(run.exitCode, stderr).toBeNull();
    expect(mine.length, stderr).toBeGreaterThanOrEqual(12);
    run.kill('SIGTERM');
    const code = await Promise.race([exited, sleep(Math.max(1_000, 58_000 - (Date.now() - started))).then(() => 'still running')]);
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(/interrupted; deleting what this run created/);
    // The server holds none of the run's events (it made no others).
    expect((await titles(url)).filter((t) => t.startsWith(tag!))).toEqual([]);
    expect(await titles(url)).toEqual([]);
    const out = JSON.parse(readFileSync(json, 'utf8')) as RunResult;
    expect(out.leftovers ?? []).toEqual([]);
    expect(out.observations.filter((o) => o.topic === 'cleanup-sweep').map((o) => o.value)).toEqual([expect.stringMatching(/^(\d+) event\(s\) of the run were still listed at its end .*; \1 deleted, 0 could not be removed$/)]);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 60_000);
});
