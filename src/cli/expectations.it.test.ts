import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../selftest/cli-process.js';
import { runProfile } from '../selftest/profile-run.js';
import { expectationsCommand } from './expectations.js';
import { parseExpectations } from '../expectations/file.js';

const dir = mkdtempSync(join(tmpdir(), 'evconf-expect-'));
let n = 0;
function file(text: string): string {
  const path = join(dir, `e${n++}.yaml`);
  writeFileSync(path, text);
  return path;
}

const BOTH = (extra = '') => `- rule: events.create.schedule-both
  versions: ">=1.1.0"
  why: both end and duration are accepted
  documented: docs/opencast-notes.md
${extra}`;

// Fixed and stale expectations, and --strict-expectations turning both into exit 1. Fast:
// one rule, one version, the scenarios only.
const FAST = ['--api-version', '1.6.0', '--phases', 'scenarios', '--only', 'events.create.schedule-both', '--allow-untested', '*', '--settle-ms', '800'];

describe('evconf run --expectations: fixed, stale, --strict-expectations', () => {
  it('an expectation whose rule passes now is fixed: exit 0, and 1 with --strict-expectations', async () => {
    const e = file(BOTH());
    const plain = await runProfile([...FAST, '--expectations', e]);
    expect(plain.code, plain.stdout).toBe(0);
    expect(plain.run.expectations?.entries[0]).toMatchObject({ status: 'fixed', fixedIn: ['1.6.0'] });
    expect(plain.stdout).toMatch(/^Fixed \(1\)\n {2}✔ events\.create\.schedule-both \[1\.6\.0\] {2}passes now in 1\.6\.0: remove the entry/m);
    const strict = await runProfile([...FAST, '--expectations', e, '--strict-expectations']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/^Fixed \(1\) \(fails the run: --strict-expectations\)/m);
  }, 120_000);

  it('against a server that has the deviation it is known: exit 0; the same without the file: exit 1', async () => {
    const e = file(BOTH());
    const known = await runProfile([...FAST, '--expectations', e], { mutant: 'schedule-both-accepted' });
    expect(known.code, known.stdout).toBe(0);
    expect(known.stdout).toMatch(/^1\.6\.0\s+≈ no new failures; 1 known deviation/m);
    expect(known.run.results.filter((r) => r.outcome === 'fail').every((r) => r.expectation?.status === 'known')).toBe(true);
    const bare = await runProfile(FAST, { mutant: 'schedule-both-accepted' });
    expect(bare.code).toBe(1);
  }, 120_000);

  it('an expectation past its until is stale (it still explains the failure): exit 0, and 1 with --strict-expectations', async () => {
    const e = file(BOTH('  until: 2020-01-31\n'));
    const plain = await runProfile([...FAST, '--expectations', e], { mutant: 'schedule-both-accepted' });
    expect(plain.code, plain.stdout).toBe(0);
    expect(plain.run.expectations?.entries[0]).toMatchObject({ status: 'stale', staleReason: 'past its until date 2020-01-31', checks: 1 });
    expect(plain.stdout).toMatch(/^Stale \(1\)\n {2}○ events\.create\.schedule-both \[1\.6\.0\] {2}stale, past its until date 2020-01-31/m);
    const strict = await runProfile([...FAST, '--expectations', e, '--strict-expectations'], { mutant: 'schedule-both-accepted' });
    expect(strict.code).toBe(1);
  }, 120_000);

  it('a broken expectations file: exit 2 and one line, before any request', async () => {
    const bad = file('- rule: events.create.schedule-both\n  versions: ">=1.1.0"\n  why: w\n');
    const r = await runCli(['run', '--base-url', 'http://127.0.0.1:9', '--expectations', bad], { killAfterMs: 30_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`evconf: expectations file ${bad}:1:3: entry 1 has no "documented"\n`);
    const unknown = file(BOTH().replace('schedule-both', 'schedule-bothh'));
    const r2 = await runCli(['run', '--expectations', unknown, '--api-version', '1.6.0'], { killAfterMs: 30_000 });
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/^evconf: expectations file .*:1:9: "events\.create\.schedule-bothh" matches no rule; see evconf rules\n$/);
  }, 60_000);
});

describe('evconf expectations --from', () => {
  it('writes a valid starting file from a run that, given back, makes the same failures known', async () => {
    const first = await runProfile(FAST, { mutant: 'schedule-both-accepted' });
    expect(first.code).toBe(1);
    const results = join(dir, 'from.json');
    writeFileSync(results, JSON.stringify(first.run));
    const out = join(dir, 'drafted.yaml');
    const err = new PassThrough();
    let said = '';
    err.on('data', (d: Buffer) => { said += d.toString(); });
    expect(await expectationsCommand({ from: results, out }, { out: new PassThrough(), err })).toBe(0);
    expect(said).toMatch(/^evconf: wrote .*drafted\.yaml: 1 expectation /);
    const text = readFileSync(out, 'utf8');
    expect(parseExpectations(out, text).map((e) => [e.rule, e.versions])).toEqual([['events.create.schedule-both', ['1.6.0']]]);
    const again = await runProfile([...FAST, '--expectations', out], { mutant: 'schedule-both-accepted' });
    expect(again.code, again.stdout).toBe(0);
    await expect(expectationsCommand({ from: join(dir, 'missing.json') }, { out: new PassThrough(), err })).rejects.toThrow(/^cannot read results .*missing\.json: ENOENT$/);
  }, 120_000);
});
