import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../model/index.js';
import { parseUsers, startReferenceServer } from '../reference/index.js';
import { book, CREDENTIALS, lifecycle, selftestConfig, SELFTEST_USERS, suites } from '../selftest/harness.js';
import { runConformance } from './run.js';

/**
 * A run killed before its end (SIGTERM, then SIGKILL) must still leave its results. The engine
 * tells the results so far at each phase end and once when the run is stopped; the CLI writes them at once.
 */
let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => { server = await startReferenceServer({ port: 0, processingDelayMs: 50, retractDelayMs: 50, users: parseUsers(SELFTEST_USERS) }); });
afterAll(async () => { await server.close(); });

const run = (onPartial: (r: RunResult) => void, signal?: AbortSignal, partialEveryMs = 0) => runConformance({
  config: selftestConfig(['1.6.0'], { ...CREDENTIALS, only: ['events.get.status'] }), book, suites, lifecycle, runId: 'partial-test', toolVersion: 'selftest',
  phases: ['scenarios'], target: { baseUrl: server.url, reference: true }, onEvent: (e) => { if (e.type === 'partial') onPartial(e.run); }, partialEveryMs, ...(signal ? { signal } : {}),
});

describe('partial results (the run\'s `partial` events)', () => {
  it('at each phase end: the results so far, marked partial, never conformant; the final record is not partial', async () => {
    const partials: RunResult[] = [];
    const final = await run((r) => partials.push(r));
    expect(partials.map((p) => p.partial)).toEqual([
      'written at the end of phase probe of API 1.6.0; the run had not ended',
      'written at the end of phase scenarios of API 1.6.0; the run had not ended',
    ]);
    for (const p of partials) expect(p.verdicts?.[0]?.verdict).not.toBe('conformant');
    const last = partials[partials.length - 1];
    expect(last.results.length).toBe(final.results.length);
    expect(last.timing?.[0]?.phases?.map((p) => p.phase)).toEqual(['probe', 'scenarios']);
    expect(final.partial).toBeUndefined();
    expect(JSON.parse(JSON.stringify(last))).toEqual(last);
  }, 60_000);

  it('at most once a gap (partialEveryMs): the first phase end at once, a later one within the gap not after the run ended', async () => {
    const partials: RunResult[] = [];
    const final = await run((r) => partials.push(r), undefined, 60_000);
    expect(partials.map((p) => p.partial)).toEqual(['written at the end of phase probe of API 1.6.0; the run had not ended']);
    expect(final.partial).toBeUndefined();
    await new Promise((r) => setTimeout(r, 50));
    expect(partials).toHaveLength(1);
  }, 60_000);

  it('when the run is stopped: told at once, saying so', async () => {
    const c = new AbortController();
    const partials: RunResult[] = [];
    const done = run((r) => {
      partials.push(r);
      if (r.partial?.includes('phase probe')) c.abort('interrupted (SIGINT/SIGTERM)');
    }, c.signal);
    await done;
    expect(partials.some((p) => p.partial === 'the run was stopped (interrupted (SIGINT/SIGTERM)); this file holds the results decided before that')).toBe(true);
  }, 60_000);
});
