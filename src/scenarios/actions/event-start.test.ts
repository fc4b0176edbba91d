import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiVersion } from '../../model/index.js';
import { startReferenceServer, type StartedReferenceServer } from '../../reference/index.js';
import { book, lifecycle, runAgainstReference, selftestConfig, suites } from '../../selftest/harness.js';
import { startProxy } from '../../selftest/proxy.js';
import { runConformance } from '../../orchestrator/run.js';

/**
 * get-start (spec § Event: start is the "Technical start (versions below 1.4.0) or bibliographic start (version
 * 1.4.0 and above)"): a server whose bibliographic start follows a schedule sent in the same create request is
 * legal. This one drops startDate/startTime from a create that carries a scheduling part, so the metadata start
 * becomes the schedule's (the reference server derives it from the schedule when none is sent).
 */
let server: StartedReferenceServer;
beforeAll(async () => { server = await startReferenceServer({ port: 0, processingDelayMs: 50, retractDelayMs: 50 }); });
afterAll(async () => { await server.close(); });

function followsSchedule(upstream: string) {
  return startProxy(upstream, async (r, forward) => {
    if (r.method !== 'POST' || r.url.pathname !== '/api/events') return undefined;
    const text = r.body.toString('latin1');
    if (!/name="scheduling"/.test(text)) return undefined;
    const body = Buffer.from(text.replace(/,?\{"id":"start(Date|Time)","value":"[^"]*"\}/g, '').replace(/"fields":\[,/g, '"fields":['), 'latin1');
    return forward({ ...r, body });
  });
}

async function getStart(baseUrl: string, versions: ApiVersion[]) {
  const run = await runConformance({
    config: selftestConfig(versions, { only: ['get-start'] }), book, suites, lifecycle, runId: 'get-start', toolVersion: 'test',
    phases: ['scenarios'], target: { baseUrl, reference: false },
  });
  return run.results.filter((r) => r.rule.startsWith('events.get.start-'));
}

describe('get-start', () => {
  it('passes a server whose bibliographic start follows the schedule sent with the create (1.3.0 and 1.4.0)', async () => {
    const proxy = await followsSchedule(server.url);
    try {
      const rs = await getStart(proxy.url, ['1.3.0', '1.4.0']);
      expect(rs.map((r) => `${r.apiVersion} ${r.rule}: ${r.outcome} ${r.message}`).filter((x) => !/: pass /.test(x))).toEqual([]);
      // Each start is judged twice: on the single GET and on the event's list item.
      expect(rs.map((r) => `${r.apiVersion} ${r.rule}`).sort()).toEqual([
        '1.3.0 events.get.start-technical', '1.3.0 events.get.start-technical',
        '1.4.0 events.get.start-bibliographic', '1.4.0 events.get.start-bibliographic',
      ]);
    } finally {
      await proxy.close();
    }
  });

  it.each([
    ['get-start-always-technical', '1.4.0', 'events.get.start-bibliographic'],
    ['get-start-always-bibliographic', '1.3.0', 'events.get.start-technical'],
  ] as const)('still catches %s in %s (%s)', async (mutant, version, rule) => {
    const run = await runAgainstReference([version], { mutant, only: ['get-start'], phases: ['scenarios'] });
    expect(run.results.filter((r) => r.outcome === 'fail').map((r) => r.rule)).toEqual([rule]);
  });
});
