import { describe, expect, it } from 'vitest';
import type { ApiVersion, CheckResult, RunResult } from '../model/index.js';
import { describeFailures, runAgainstReference } from './harness.js';

/**
 * No false alarm on a strict server, and nothing left untested that it could be tested on. The reference
 * server in each strict latitude alternative (extra-catalog own-fields / required-fields / episode-only,
 * unknown-input rejected-400, error-body text, list-lag lag-500ms), the scenarios that write catalogs and read lists:
 * 0 failed, 0 errored; a server with a second catalog gets metadata.delete.* checked (pass, not skip); a server that
 * publishes gets events.list.withpublications checked, lagging list or not.
 */

const CATALOG_SCENARIOS = [
  'metadata-get-extra-catalog', 'metadata-delete-extra', 'metadata-delete-second-extra', 'metadata-get-type-second-catalog',
  'metadata-get-type-two-events', 'metadata-put-extra-twice', 'update-partial-other-catalog', 'update-metadata-two-catalogs',
  'with-metadata-second-catalog',
];

const outcomes = (run: RunResult, rule: string): string[] => [...new Set(run.results.filter((r) => r.rule === rule).map((r) => r.outcome))].sort();
const skipsOf = (run: RunResult): CheckResult[] => run.results.filter((r) => r.outcome === 'skip');

async function strictRun(versions: ApiVersion[], choices: Record<string, string>, only: string[]): Promise<RunResult> {
  return runAgainstReference(versions, { latitude: { choices }, only, phases: ['scenarios', 'stateful'], config: { settleMs: 3_000, runs: 2 } });
}

describe.concurrent('self-test: a strict server', () => {
  it.each([
    ['own-fields', { 'extra-catalog': 'own-fields', 'error-body': 'text' }],
    ['required-fields', { 'extra-catalog': 'required-fields', 'unknown-input': 'rejected-400' }],
  ] as const)('extra-catalog=%s: its own catalog is learned and written; metadata.delete.* pass; only the two-catalog checks skip', async (_name, choices) => {
    const run = await strictRun(['1.0.0', '1.6.0'], choices, [...CATALOG_SCENARIOS, 'stateful-lifecycle']);
    expect(describeFailures(run)).toEqual([]);
    expect(run.summary.errored).toBe(0);
    // Checked (a pass) where one catalog is enough; the second-extra scenario skips (below).
    expect(outcomes(run, 'metadata.delete.204')).toContain('pass');
    expect(outcomes(run, 'metadata.delete.removes')).toContain('pass');
    expect(outcomes(run, 'metadata.put.unsent-unchanged')).toContain('pass');
    // Only a check needing two extra catalogs skips, and it says why, naming what the probe learned.
    const scenarioSkips = skipsOf(run).filter((r) => !r.id.includes('/stateful-lifecycle/'));
    const reasons = [...new Set(scenarioSkips.map((r) => r.message))];
    // The stateful stage writes the learned catalog too: its delete-catalog is not left out for want of a catalog.
    expect(skipsOf(run).filter((r) => r.id.includes('/stateful-lifecycle/') && /catalog/.test(r.message))).toEqual([]);
    expect(reasons.every((m) => /needs two catalogs besides dublincore\/episode/.test(m) && /license\/episode/.test(m)), reasons.join('\n')).toBe(true);
    const learned = run.observations.filter((o) => o.topic === 'catalog-fields').map((o) => o.value);
    expect(learned.some((v) => v.startsWith('license/episode: '))).toBe(true);
  }, 240_000);

  it('extra-catalog=episode-only: every check built on a second catalog is skipped with the refusal, nothing fails or errors', async () => {
    const run = await strictRun(['1.6.0'], { 'extra-catalog': 'episode-only', 'error-body': 'text' }, [...CATALOG_SCENARIOS, 'stateful-lifecycle']);
    expect(describeFailures(run)).toEqual([]);
    expect(run.summary.errored).toBe(0);
    expect(outcomes(run, 'metadata.delete.204')).toEqual(['skip']);
    for (const r of run.results.filter((x) => x.rule.startsWith('metadata.delete.'))) {
      expect(r.message).toMatch(/needs a catalog besides dublincore\/episode.*refused evconf's own .*400/);
    }
  }, 240_000);

  it('list-lag=lag-500ms: withpublications in the list and offset are judged (the first lagging list read is no skip)', async () => {
    const run = await strictRun(['1.6.0'], { 'list-lag': 'lag-500ms' }, ['with-publications', 'list-offset']);
    expect(describeFailures(run)).toEqual([]);
    expect(outcomes(run, 'events.list.withpublications')).toEqual(['pass']);
    expect(outcomes(run, 'events.list.offset-index')).toEqual(['pass']);
  }, 240_000);
});
