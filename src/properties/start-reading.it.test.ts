import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiVersion } from '../model/index.js';
import { startReferenceServer, type StartedReferenceServer } from '../reference/index.js';
import { book, lifecycle, selftestConfig, suites } from '../selftest/harness.js';
import { startProxy } from '../selftest/proxy.js';
import { runConformance } from '../orchestrator/run.js';

/**
 * The bibliographic start of a scheduled event created without one is not shown by the spec (a server may take the
 * schedule's, or anything else), and neither is which start the `start` filter reads. This server gives such an
 * event the metadata start 2001-01-01 (the reference server filters `start` by the bibliographic start): the filter
 * checks must send the metadata start they judge by.
 */
let server: StartedReferenceServer;
beforeAll(async () => { server = await startReferenceServer({ port: 0, processingDelayMs: 50, retractDelayMs: 50 }); });
afterAll(async () => { await server.close(); });

function defaultStart(upstream: string) {
  return startProxy(upstream, async (r, forward) => {
    if (r.method !== 'POST' || r.url.pathname !== '/api/events') return undefined;
    const text = r.body.toString('latin1');
    if (!/name="scheduling"/.test(text) || /"id":"startDate"/.test(text)) return undefined;
    const body = text.replace(/("flavor":"dublincore\/episode","fields":\[)/, '$1{"id":"startDate","value":"2001-01-01"},{"id":"startTime","value":"00:00:00Z"},');
    return forward({ ...r, body: Buffer.from(body, 'latin1') });
  });
}

async function run(baseUrl: string, versions: ApiVersion[], only: string[]) {
  const res = await runConformance({
    config: selftestConfig(versions, { only, runs: 8 }), book, suites, lifecycle, runId: 'start-reading', toolVersion: 'test',
    phases: ['scenarios', 'properties'], target: { baseUrl, reference: false },
  });
  return res.results;
}

describe('start filters do not assume the bibliographic start of a scheduled event', () => {
  it('list-filter-scheduled and prop-filter pass a server that dates such events 2001-01-01 (1.3.0, 1.6.0)', async () => {
    const proxy = await defaultStart(server.url);
    try {
      const rs = await run(proxy.url, ['1.3.0', '1.6.0'], ['list-filter-scheduled', 'prop-filter']);
      expect(rs.filter((r) => r.outcome === 'fail' || r.outcome === 'error').map((r) => `${r.id}: ${r.message}`)).toEqual([]);
      expect(rs.filter((r) => r.rule === 'events.list.filter.start' && r.outcome === 'pass').length).toBeGreaterThanOrEqual(2);
    } finally {
      await proxy.close();
    }
  });
});
