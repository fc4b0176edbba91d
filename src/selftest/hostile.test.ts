import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../model/index.js';
import { MUTANTS } from '../reference/index.js';
import { runCli } from './cli-process.js';

const TIMEOUT_MS = 1_000;
const SETTLE_MS = 500;
/**
 * The bound: every list request may cost one --timeout, the suite sends a few dozen of them with --concurrency 4,
 * plus start-up and cleanup. Most hostile servers finish in under 15 s; hostile-get-resets takes 40-50 s on a busy
 * machine (its generated cases each meet the reset; a known cost). 75 s is far below a hang.
 */
const BOUND_MS = 75_000;

// Against a hostile server evconf finishes within a bound, fails the affected rules with the transport
// error as evidence (not `error`), keeps checking the rest, writes its reports and exits 1, without a stack trace.
describe('self-test: hostile servers', () => {
  // hostile-all-late stalls on everything: nothing else can pass there; src/selftest/unanswering.test.ts covers it.
  const hostile = Object.values(MUTANTS).filter((m) => m.caughtBy === 'hostile' && m.name !== 'hostile-all-late');
  it('there are hostile mutants to test', () => expect(hostile.length).toBeGreaterThanOrEqual(8));
  it.each(hostile.map((m) => [m.name, m.rule]))('%s: bounded finish, exit 1, %s fails with evidence, report written', async (name, rule) => {
    const dir = mkdtempSync(join(tmpdir(), `evconf-${name}-`));
    const json = join(dir, 'out.json');
    // The list rules plus a few others (to show the rest is still checked): every list request may cost a timeout.
    const run = await runCli(['run', '--api-version', '1.6.0', '--mutant', name, '--timeout', String(TIMEOUT_MS),
      '--only', 'events.list.status,events.list.array,events.list.limit,events.get.*,events.create.*,acl.get.*', '--concurrency', '8',
      '--settle-ms', String(SETTLE_MS), '--report-dir', dir, '--json', json], { killAfterMs: BOUND_MS + 15_000 });
    expect(run.killed, 'evconf had to be killed').toBe(false);
    expect(run.ms).toBeLessThan(BOUND_MS);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
    expect(run.stderr).not.toMatch(/Unhandled|UnhandledPromiseRejection/);
    const result = JSON.parse(readFileSync(json, 'utf8')) as RunResult;
    expect(result.summary.errored).toBe(0);
    const failing = result.results.filter((r) => r.rule === rule && r.outcome === 'fail');
    expect(failing.length).toBeGreaterThan(0);
    expect(failing[0].exchanges.length, 'failure carries its exchange as evidence').toBeGreaterThan(0);
    expect(result.results.some((r) => r.outcome === 'pass' && !r.rule.startsWith('events.list.')), 'other rules still checked').toBe(true);
    expect(existsSync(join(dir, 'latest', 'index.html'))).toBe(true);
    expect(existsSync(join(dir, 'latest', 'report.xml'))).toBe(true);
  }, BOUND_MS + 20_000); // the bound is BOUND_MS (asserted above); vitest's own 60 s default was shorter than it
});
