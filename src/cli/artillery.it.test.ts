import { copyFileSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findArtillery } from '../load/artillery/run.js';
import { startChildServer, type ChildServer } from '../load/child-server.js';
import type { RunResult } from '../model/index.js';
import { PROJECT_ROOT } from '../spec/paths.js';
import { runCli } from '../selftest/cli-process.js';
import { main } from './main.js';

// Load beyond one machine with Artillery. The runs of Artillery itself need a local Artillery (an optional
// peer dependency); without one they are skipped with that reason, and everything else runs.
let artillery: string | undefined;
try {
  artillery = findArtillery().where;
} catch {
  artillery = undefined;
}
const NO_ARTILLERY = 'Artillery is not installed here (optional peer dependency; README "Load beyond one machine")';
const fixture = (f: string) => join(PROJECT_ROOT, 'test', 'fixtures', 'artillery', f);
const tmp = () => mkdtempSync(join(tmpdir(), 'evconf-art-cli-'));
const oneLine = (s: string) => s.trim().split('\n').filter((l) => !l.startsWith('npm warn'));

describe('CLI: Artillery without a server', () => {
  it('says in one line how to install Artillery when it is missing (exit 2, before touching any server)', async () => {
    const empty = tmp();
    const [bad, none] = await Promise.all([
      runCli(['load', '--engine', 'artillery'], { killAfterMs: 30_000, env: { EVCONF_ARTILLERY: join(empty, 'artillery') } }),
      runCli(['load', '--engine', 'artillery', '--base-url', 'http://127.0.0.1:9'], { killAfterMs: 30_000, env: { PATH: empty, EVCONF_ARTILLERY: '' } }),
    ]);
    expect(bad.code).toBe(2);
    expect(oneLine(bad.stderr)).toEqual([expect.stringMatching(/^evconf: EVCONF_ARTILLERY=.*: no such file; .*npm install --no-save --ignore-scripts artillery@2\.0\.21/)]);
    // Installed as a package beside evconf, Artillery is found whatever PATH says: then only the line above is testable.
    let installed = true;
    try {
      createRequire(import.meta.url).resolve('artillery/package.json');
    } catch {
      installed = false;
    }
    if (installed) return;
    expect(none.code).toBe(2);
    expect(oneLine(none.stderr)).toEqual([expect.stringMatching(/^evconf: --engine artillery needs Artillery, which is not installed here: npm install --no-save --ignore-scripts artillery@2\.0\.21 /)]);
  });

  it('report --load judges a real Artillery report by the budgets and writes JSON, JUnit and HTML beside it', async () => {
    const dir = tmp();
    copyFileSync(fixture('filter-title.json'), join(dir, 'artillery.json'));
    const r = await runCli(['report', '--load', join(dir, 'artillery.json'), '--budget', 'p99=100,rps=200,errors=0.001'], { killAfterMs: 20_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/filter-title\s+1\.6\.0\s+10\s+468\s+232\s+24\.8\s+50\.9\s+92\.8\s+132\s+0\s+0\s+0\/0\s+–\s+pass/);
    expect(readdirSync(dir).sort()).toEqual(['artillery.json', 'index.html', 'report.xml', 'results.json']);
    const run = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as RunResult;
    expect(run.load[0]).toMatchObject({ profile: 'filter-title', engine: 'artillery', requests: 468, outcome: 'pass' });
    expect(run.results.map((x) => `${x.rule}:${x.outcome}`)).toEqual(['load.p99:pass', 'load.rps:pass', 'load.errors:pass', 'load.correct:skip']);
    expect(readFileSync(join(dir, 'report.xml'), 'utf8')).toMatch(/<testsuites[\s>]/);
    // A budget the report misses: exit 1, as `evconf load` would.
    const miss = await runCli(['report', '--load', join(dir, 'artillery.json'), '--budget', 'p99=50', '--json', join(dir, 'miss.json')], { killAfterMs: 20_000 });
    expect(miss.code).toBe(1);
    expect(miss.stdout).toMatch(/load\.p99 filter-title: p99 latency 92\.8 ms > budget 50 ms/);
  });

  it('refuses a bad report or a bad call in one line (exit 2)', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'bad.json'), '<html>');
    const cases = [
      [['report', '--load', join(dir, 'bad.json')], /^evconf: .*bad\.json is not JSON/],
      [['report', '--load', join(dir, 'none.json')], /^evconf: cannot read Artillery report .*none\.json: ENOENT$/],
      [['report', '--load', fixture('filter-title.json'), '--json', fixture('filter-title.json')], /is an input; name the output/],
      [['report'], /give a results file \(results\.json\) or --load artillery\.json/],
      [['load', '--seed-only'], /--seed-only needs --base-url/],
      [['load', '--export', 'k6', '--base-url', 'http://127.0.0.1:9'], /--export: only "artillery" is known/],
      [['load', '--run-id', '20261127-000000-abcd', '--base-url', 'http://127.0.0.1:9'], /--run-id needs --export artillery/],
      [['load', '--seed-only', '--out', 'x', '--base-url', 'http://127.0.0.1:9'], /--seed-only alone writes no file/],
      [['cleanup', '--base-url', 'http://127.0.0.1:9'], /needs --run-id/],
      [['cleanup', '--base-url', 'http://127.0.0.1:9', '--run-id', '../x'], /--run-id must be the run id/],
    ] as const;
    // In process (main() is what bin/evconf.mjs runs): the exit status and the one line it writes to stderr.
    for (const [args, msg] of cases) {
      const lines: string[] = [];
      const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        return true;
      });
      try {
        expect(await main([...args]), args.join(' ')).toBe(2);
      } finally {
        spy.mockRestore();
      }
      expect(lines, args.join(' ')).toEqual([expect.stringMatching(msg)]);
    }
  });
});

describe('CLI: Artillery against a reference server this test started', () => {
  let server: ChildServer;
  beforeAll(async () => {
    server = await startChildServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  /** Events of load runs still on the server (none must be left). */
  const leftovers = async () => {
    const res = await fetch(`${server.url}/api/events?filter=textFilter:evconf-load-&limit=1000`);
    return ((await res.json()) as { title: string }[]).filter((e) => e.title.startsWith('evconf-load-'));
  };
  // A p99 no server meets; the other budgets are ones any working server meets (the defaults would only warn here).
  const load = (engine: string, dir: string) => runCli(['load', '--base-url', server.url, '--engine', engine, '--only', 'list', '--load-events', '30',
    '--load-duration', '1', '--budget', 'p99=0.001,rps=1,errors=0', '--json', join(dir, 'out.json')], { killAfterMs: 90_000 });

  it('autocannon: a budget that cannot be met exits 1, and nothing seeded is left', async () => {
    const dir = tmp();
    const r = await load('autocannon', dir);
    expect(r.code, r.stderr).toBe(1);
    const run = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as RunResult;
    expect(run.load[0]).toMatchObject({ engine: 'autocannon', outcome: 'fail' });
    expect(await leftovers()).toEqual([]);
  });

  it('artillery: the same profile, the same verdicts and report sections; exits 1; nothing seeded is left', async (ctx) => {
    if (!artillery) ctx.skip(NO_ARTILLERY);
    const dir = tmp();
    const r = await load('artillery', dir);
    expect(r.code, r.stderr).toBe(1);
    const run = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as RunResult;
    expect(run.load[0]).toMatchObject({ profile: 'list', engine: 'artillery', connections: 10, errors: 0, non2xx: 0, sampledBodies: 1, sampledBodiesValid: 1, outcome: 'fail' });
    expect(run.load[0].requests).toBeGreaterThan(10);
    expect(run.results.map((x) => `${x.rule}:${x.outcome}`)).toEqual(['load.p99:fail', 'load.rps:pass', 'load.errors:pass', 'load.correct:pass']);
    expect(r.stdout).toMatch(/^ {2}profile\s+API\s+conn\s+requests\s+req\/s/m);
    expect(await leftovers()).toEqual([]);
  });

  /** `load --export artillery` against the test's server: seeds `events`, writes the scripts, prints the run id. */
  const exportRun = async (out: string, events: number) => {
    const seeded = await runCli(['load', '--base-url', server.url, '--export', 'artillery', '--out', out, '--only', 'list,filter-text', '--load-events', String(events), '--load-duration', '1'], { killAfterMs: 60_000 });
    expect(seeded.code, seeded.stderr).toBe(0);
    const runId = seeded.stdout.trim();
    expect(runId).toMatch(/^\d{8}-\d{6}-[0-9a-f]{4}$/);
    expect(seeded.stderr).toContain(`evconf cleanup --base-url ${server.url} --run-id ${runId}`);
    return runId;
  };
  const cleanup = async (runId: string, events: number) => {
    const clean = await runCli(['cleanup', '--base-url', server.url, '--run-id', runId], { killAfterMs: 60_000 });
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toBe(`cleanup: deleted ${events} events of run ${runId}\n`);
  };

  it('--export seeds and writes the scripts; the events stay until cleanup --run-id removes them', async () => {
    const out = join(tmp(), 'scripts');
    const runId = await exportRun(out, 20);
    expect(readdirSync(out).sort()).toEqual(['evconf-artillery.mjs', 'filter-text.yml', 'list.yml']);
    expect((await leftovers()).length).toBe(20);
    await cleanup(runId, 20);
    expect(await leftovers()).toEqual([]);
  });

  it('an exported script runs in Artillery, and report --load reads its report back', async (ctx) => {
    if (!artillery) ctx.skip(NO_ARTILLERY);
    const out = join(tmp(), 'scripts');
    const runId = await exportRun(out, 15);
    try {
      const { runArtillery } = await import('../load/artillery/run.js');
      await runArtillery({ artillery: findArtillery(), script: join(out, 'filter-text.yml'), report: join(out, 'filter-text.json'), env: {}, timeoutMs: 60_000 });
      const judged = await runCli(['report', '--load', join(out, 'filter-text.json'), '--budget', 'errors=0'], { killAfterMs: 20_000 });
      expect(judged.code, judged.stdout).toBe(0);
      const run = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResult;
      expect(run.load[0]).toMatchObject({ profile: 'filter-text', engine: 'artillery', errors: 0, non2xx: 0 });
      expect(run.load[0].requests).toBeGreaterThan(10);
    } finally {
      await cleanup(runId, 15);
    }
    expect(await leftovers()).toEqual([]);
  });
});
