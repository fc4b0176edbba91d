import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../model/index.js';
import { API_VERSIONS } from '../model/version.js';
import { LOAD_COLUMNS } from '../report/load-table.js';
import { runCli } from '../selftest/cli-process.js';

// `evconf load` takes --config, --html and --junit, and its table has the columns of `run --load`.
describe('CLI: evconf load', () => {
  it('reads its flags from --config (a flag still wins), writes HTML, JUnit and JSON, prints the shared table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evconf-load-'));
    const config = join(dir, 'evconf.yaml');
    // The file a team shares with `evconf run`: run-only keys (phases, settle-ms) are accepted; api-version "all"
    // loads the newest version; load-events from the file; --load-duration 1 from the flag beats the file's 5.
    writeFileSync(config, [
      'api-version: all', 'load-events: 15', 'load-duration: 5', 'phases: scenarios', 'settle-ms: 500',
      `html: ${join(dir, 'load.html')}`, `junit: ${join(dir, 'load.xml')}`, `json: ${join(dir, 'load.json')}`, '',
    ].join('\n'));
    const r = await runCli(['load', '--config', config, '--load-duration', '1', '--only', 'list'], { killAfterMs: 60_000 });
    // 0 or 1: whether the budgets are met depends on this machine's load; what is tested here is how it was called.
    expect([0, 1], r.stderr).toContain(r.code);
    const header = r.stdout.split('\n').find((l) => l.trim().startsWith('profile'));
    expect(header?.trim().split(/\s{2,}/)).toEqual(LOAD_COLUMNS.map((c) => c.header));
    // "all" is every known version (1.0.0-1.11.0 since the addendum); the stage loads the newest of them.
    const newest = API_VERSIONS[API_VERSIONS.length - 1];
    expect(newest).toBe('1.11.0');
    expect(r.stdout).toMatch(new RegExp(`list\\s+${newest.replace(/\./g, '\\.')}\\s`));
    for (const f of ['load.html', 'load.xml', 'load.json']) expect(existsSync(join(dir, f)), f).toBe(true);
    expect(readFileSync(join(dir, 'load.xml'), 'utf8')).toMatch(/<testsuites[\s>]/);
    expect(readFileSync(join(dir, 'load.html'), 'utf8')).toMatch(/<!doctype html>/i);
    const json = JSON.parse(readFileSync(join(dir, 'load.json'), 'utf8')) as RunResult;
    expect(json.load.map((l) => l.profile)).toEqual(['list']);
    // One second (the flag), not the file's 5 s: below 4.5 s even on a busy machine.
    expect(json.load[0].durationMs).toBeLessThan(4_500);
    expect(json.target.apiVersions).toEqual([newest]);
  });
});
