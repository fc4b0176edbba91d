import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../reference/index.js';
import { runConformance } from '../orchestrator/run.js';
import { book, lifecycle, selftestConfig, suites } from './harness.js';

// Each phase of each version has a budget; what it has not started by then is skipped with
// the reason (never passed), and the run goes on with the next phase and version.
describe('self-test: --phase-budget bounds every phase', () => {
  it('an exhausted budget skips what is left, with the reason, in every phase', async () => {
    const server = await startReferenceServer({ port: 0, processingDelayMs: 50, retractDelayMs: 50 });
    try {
      const started = Date.now();
      const run = await runConformance({
        config: selftestConfig(['1.6.0'], { phaseBudgetMs: 1 }), book, suites, lifecycle,
        runId: 'selftest-budget', toolVersion: 'selftest', target: { baseUrl: server.url, reference: true },
      });
      expect(Date.now() - started).toBeLessThan(30_000);
      const skipped = run.results.filter((r) => r.outcome === 'skip');
      expect(skipped.length).toBeGreaterThan(50);
      // Scenarios and properties look at the budget before each scenario / property; the stateful stage before it
      // starts (its own length is bounded by runs x sequence size x --timeout).
      for (const phase of ['scenarios', 'properties']) {
        expect(skipped.some((r) => r.message.includes(`--phase-budget 1 ms reached (phase ${phase}, API 1.6.0)`)), phase).toBe(true);
      }
      expect(run.summary.failed + run.summary.errored).toBe(0);
      expect(run.leftovers ?? []).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
