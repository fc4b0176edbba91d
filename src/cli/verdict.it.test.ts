import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../model/index.js';
import { runCli } from '../selftest/cli-process.js';

const dir = () => mkdtempSync(join(tmpdir(), 'evconf-verdict-'));
const base = (d: string) => ['run', '--api-version', '1.6.0', '--settle-ms', '400', '--report-dir', d, '--json', join(d, 'out.json')];
const results = (d: string) => JSON.parse(readFileSync(join(d, 'out.json'), 'utf8')) as RunResult;

// A verdict that counts what was tested, and an exit status that says so.
describe('CLI: verdicts and exit status', () => {
  it('--only with a typo selects nothing: exit 2 with one line saying which pattern', async () => {
    const r = await runCli(['run', '--only', 'events.lst.*,acl-put'], { killAfterMs: 60_000 });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual(['evconf: --only: "events.lst.*" matches no rule, scenario or property id; see evconf rules']);
  }, 120_000);

  it('--only that leaves rules out: exit 3 "incomplete", the untested rules "not selected by --only"; accepted with --allow-untested: exit 0', async () => {
    const d = dir();
    const r = await runCli([...base(d), '--only', 'acl-put', '--phases', 'scenarios'], { killAfterMs: 120_000 });
    expect(r.code, r.stdout + r.stderr).toBe(3);
    expect(r.stdout).toMatch(/1\.6\.0\s+◌ incomplete .*MUST rules untested/);
    const [v] = results(d).verdicts!;
    expect(v).toMatchObject({ apiVersion: '1.6.0', verdict: 'incomplete', conformant: false, failed: 0 });
    expect(v.untested).toContainEqual({ rule: 'events.list.status', reason: 'not selected by --only' });
    expect(v.untested.some((u) => u.rule === 'acl.put.overwrites')).toBe(false);

    const d2 = dir();
    const ok = await runCli([...base(d2), '--only', 'acl-put', '--phases', 'scenarios', '--allow-untested', '*'], { killAfterMs: 120_000 });
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    const [v2] = results(d2).verdicts!;
    expect(v2.verdict).toBe('conformant');
    expect(v2.untested.length).toBe(v.untested.length);
    expect(v2.untested.every((u) => u.allowed)).toBe(true);
  }, 300_000);

  it('allowUntested in the config file accepts named gaps (and only those)', async () => {
    const d = dir();
    const cfg = join(d, 'evconf.yaml');
    writeFileSync(cfg, 'allowUntested: ["events.*", "metadata.*"]\n');
    const r = await runCli([...base(d), '--config', cfg, '--only', 'acl-put', '--phases', 'scenarios'], { killAfterMs: 120_000 });
    expect(r.code).toBe(3);
    const [v] = results(d).verdicts!;
    expect(v.untested.find((u) => u.rule === 'events.list.status')?.allowed).toBe(true);
    expect(v.untested.find((u) => u.rule === 'acl.get.status')?.allowed).toBeUndefined();
  }, 200_000);

  it('a run cut by --phase-budget exits 3, not 0, and its verdict says why', async () => {
    const d = dir();
    const r = await runCli([...base(d), '--phase-budget', '1000'], { killAfterMs: 180_000 });
    expect(r.code, r.stdout + r.stderr).toBe(3);
    const [v] = results(d).verdicts!;
    expect(v.verdict).toBe('incomplete');
    expect(v.stopped).toMatch(/--phase-budget 1000 ms reached/);
    expect(v.untested.length).toBeGreaterThan(0);
    expect(v.untested[0].reason).toMatch(/--phase-budget 1000 ms reached/);
  }, 240_000);
});
