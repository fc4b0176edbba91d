import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult, RunResult } from '../model/index.js';
import { mediaRequired, startWrapped, type WrappedServer } from './adaptive-servers.js';
import { singleGetResets } from './broken-servers.js';
import { runCli } from './cli-process.js';

/**
 * Against a server whose single-event GET resets every connection (and which needs media on
 * create, so that every setup also waits for processing), one version with the default flags was still running
 * after 400 s, and SIGTERM then SIGKILL 5 s later left no results file. Every wait now gives up once the server has
 * shown it will not answer: the run ends by itself, well within BOUND_MS (generous: the machine is shared), with
 * the affected rules failed (the reset as evidence), not skipped or errored.
 */
const BOUND_MS = 120_000;
const CREDENTIALS = ['--auth', 'admin:selftest-admin-pw', '--user-auth', 'alice:selftest-alice-pw', '--user-roles', 'ROLE_USER_ALICE,ROLE_SELFTEST_STAFF'];

let server: WrappedServer;
beforeAll(async () => { server = await startWrapped(singleGetResets, mediaRequired); });
afterAll(async () => { await server.close(); });

function args(dir: string): string[] {
  return ['run', '--base-url', server.url, ...CREDENTIALS, '--api-version', '1.6.0', '--seed', '21', '--report-dir', dir, '--json', join(dir, 'out.json')];
}

const resetEvidence = (r: CheckResult) => r.exchanges.some((x) => !x.response && x.error?.code === 'socket-closed');

describe('self-test: a server whose GET /api/events/{id} resets every connection', () => {
  it('one version ends by itself within the bound, results written, the GET rules failed with the reset as evidence', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evconf-get-resets-'));
    const run = await runCli(args(dir), { killAfterMs: BOUND_MS + 60_000 });
    expect(run.killed, 'evconf had to be killed').toBe(false);
    expect(run.ms).toBeLessThan(BOUND_MS);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
    const result = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as RunResult;
    expect(result.partial).toBeUndefined();
    expect(result.summary.errored).toBe(0);
    // Every check of the single-event GET fails with the reset as evidence (a generated stage stops at its first
    // failure, as always: its other rules say so).
    const get = result.results.filter((r) => r.rule.startsWith('events.get.') && !(r.outcome === 'skip' && /stopped at a failure of/.test(r.message)));
    expect(get.length).toBeGreaterThan(5);
    expect(get.filter((r) => r.outcome === 'skip' || r.outcome === 'error').map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    const failed = get.filter((r) => r.outcome === 'fail');
    expect([...new Set(failed.map((r) => r.rule))]).toEqual(expect.arrayContaining(['events.get.status', 'events.get.404', 'events.get.processing-state', 'events.get.withacl']));
    for (const r of failed) expect(resetEvidence(r), r.id).toBe(true);
    expect(result.timing?.[0]?.waits?.gaveUp).toBeGreaterThan(0);
    // No wait turned the reset into a skip: nothing skipped for an event that "never became readable", nor for a
    // value a later step needed that the reset GET was to give (those fail, with the reset as evidence).
    const misread = result.results.filter((r) => r.outcome === 'skip' && /never became readable|socket-closed|did not answer/.test(r.message));
    expect(misread.map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    // What the server answers is still judged.
    expect(result.results.some((r) => r.outcome === 'pass' && r.rule.startsWith('acl.'))).toBe(true);
  }, BOUND_MS + 70_000);

  it('SIGTERM, then SIGKILL 5 s later, still leaves a results file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evconf-get-resets-kill-'));
    const run = await runCli(args(dir), {
      killAfterMs: 60_000, signalAfterStderr: ': run ', signalAfterMs: { signal: 'SIGTERM', ms: 3_000 }, secondSignalAfterMs: 8_000, secondSignal: 'SIGKILL',
    });
    expect(run.killed).toBe(false);
    const file = join(dir, 'out.json');
    expect(existsSync(file), run.stderr).toBe(true);
    const result = JSON.parse(readFileSync(file, 'utf8')) as RunResult;
    expect(result.runId).toMatch(/^\d{8}-\d{6}-[0-9a-f]{4}$/);
    expect(result.verdicts?.every((v) => v.verdict !== 'conformant')).toBe(true);
  }, 90_000);
});
