import { describe, expect, it } from 'vitest';
import { runAgainstReference } from '../selftest/harness.js';

/**
 * results.json `timing`: each version's conformance entry keeps its wall time and adds the
 * phases and what the run waited for, collected from the waits themselves.
 */
describe('timing of a run, by phase and by what it waited for', () => {
  it('a run against a server whose index lags shows the lag, the requests and the settle windows', async () => {
    const run = await runAgainstReference(['1.6.0'], {
      only: ['events.get.status', 'acl.put.overwrites'], phases: ['scenarios'], proxy: { lagMs: 150 }, config: { settleMs: 3_000 },
    });
    const t = run.timing?.find((x) => x.stage === 'conformance');
    expect(t).toMatchObject({ apiVersion: '1.6.0', stage: 'conformance', durationMs: expect.any(Number) });
    expect(t?.phases?.map((p) => p.phase)).toEqual(['probe', 'scenarios']);
    expect(t?.phases?.find((p) => p.phase === 'scenarios')?.budgetMs).toBe(300_000);
    const w = t!.waits!;
    expect(w.requests.count).toBeGreaterThan(5);
    // The proxy hides a new event for 150 ms: some create was not readable at once (how long it took to become
    // readable depends on how busy the machine is: no bound on it here).
    expect(w.readable.count).toBeGreaterThan(0);
    expect(w.readable.maxMs).toBeGreaterThan(0);
    expect(w.settle.count).toBeGreaterThan(0);
    expect(w.settle.windowMaxMs).toBeGreaterThanOrEqual(1_500);
    expect(w.gaveUp).toBe(0);
    expect(run.partial).toBeUndefined();
  }, 120_000);
});
