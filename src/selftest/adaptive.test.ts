import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiVersion, RunResult } from '../model/index.js';
import type { RunConfig } from '../config/types.js';
import { runConformance } from '../orchestrator/run.js';
import { book, CREDENTIALS, describeFailures, lifecycle, selftestConfig, suites } from './harness.js';
import { indexLag, inputsRequired, knownSeriesOnly, mediaRequired, registeredAgentsOnly, startWrapped, type WrappedServer, type Wrap } from './adaptive-servers.js';

/**
 * Adaptive setup: against legal variants of the reference server (media required,
 * registered capture agents only, known series only, an index that lags writes) the whole suite gives no failure,
 * and what the server legally refuses turns the dependent checks into skips with the reason, in every stage.
 */

async function runAgainst(server: WrappedServer, v: ApiVersion, extra: Partial<RunConfig> = {}): Promise<RunResult> {
  return runConformance({
    // Three cases per property keep the file short; the plain run it is compared with uses the same.
    config: selftestConfig([v], { ...CREDENTIALS, runs: 3, ...extra }), book, suites, lifecycle, runId: `adaptive-${v}`, toolVersion: 'selftest',
    target: { baseUrl: server.url, reference: false },
  });
}

const VERSIONS: ApiVersion[] = ['1.1.0', '1.6.0'];
const AGENT_RULES = [
  'events.create.schedule-single', 'events.create.rrule', 'events.create.409', 'events.create.no-conflict', 'scheduling.put.applies',
  'scheduling.put.409', 'scheduling.put.400', 'scheduling.get.values', 'events.list.filter.agent_id', 'events.update.schedule',
];
const checked = (r: RunResult) => new Set(r.results.filter((x) => x.outcome === 'pass').map((x) => `${x.apiVersion} ${x.rule}`));
const skips = (r: RunResult) => r.results.filter((x) => x.outcome === 'skip');
/** No failure, and every skip says why (a refused need skips what is built on it, with the reason). */
function expectNoFailureAndReasons(r: RunResult): void {
  expect(describeFailures(r)).toEqual([]);
  expect(skips(r).filter((x) => !x.message.trim()).map((x) => x.id)).toEqual([]);
}

function variant(name: string, wraps: Wrap[], body: (get: () => WrappedServer) => void): void {
  describe(name, () => {
    let server: WrappedServer;
    beforeAll(async () => { server = await startWrapped(...wraps); });
    afterAll(async () => { await server.close(); });
    body(() => server);
  });
}

let plain: Map<ApiVersion, RunResult>;
beforeAll(async () => {
  const server = await startWrapped();
  try {
    plain = new Map();
    for (const v of VERSIONS) plain.set(v, await runAgainst(server, v));
  } finally {
    await server.close();
  }
}, 120_000);

variant('a server that refuses to create an event without media', [mediaRequired], (get) => {
  it.each(VERSIONS)('%s: no failure, the shipped media is uploaded, and at least as many rules are checked as on the plain server', async (v) => {
    const run = await runAgainst(get(), v);
    expect(describeFailures(run)).toEqual([]);
    expect(run.capabilities?.[0]?.media?.filename).toBe('evconf-tone.wav');
    expect(run.observations.find((o) => o.topic === 'create-needs-media')?.value).toMatch(/refused without media .*evconf-tone\.wav/);
    const base = plain.get(v)!;
    const missingRules = [...checked(base)].filter((r) => !checked(run).has(r));
    expect(missingRules).toEqual([]);
    // A server that needs media publishes every event: a list that mixes published and unpublished events cannot be
    // made there (with-publications-mixed says so); nothing else may skip more than on the plain server.
    const unpublishable = (r: RunResult['results'][number]) => /created without media, yet publication_status names a public channel/.test(r.message);
    expect(skips(run).filter((r) => !unpublishable(r)).length).toBeLessThanOrEqual(skips(base).length);
    expect(get().count()).toBe(0);
  }, 120_000);
});

variant('a server that schedules only on registered capture agents', [registeredAgentsOnly(['studio-1'])], (get) => {
  it.each(VERSIONS)('%s without --agent-id: no failure; every scheduling check is skipped naming the agent and the flag', async (v) => {
    const run = await runAgainst(get(), v);
    expectNoFailureAndReasons(run);
    expect(run.capabilities?.[0]?.agents.kind).toBe('none');
    // Rules that need a schedule on a capture agent (not, e.g., the 404 of an unknown event, which needs none).
    const sched = run.results.filter((r) => AGENT_RULES.includes(r.rule));
    expect(new Set(sched.map((r) => r.rule)).size).toBe(AGENT_RULES.length);
    expect(sched.length).toBeGreaterThan(0);
    for (const r of sched) {
      expect(r.outcome, r.id).toBe('skip');
      expect(r.message, r.id).toMatch(/refused capture agent .* \(400\); give --agent-id with a registered agent/);
    }
    // Every stage follows the same policy: scenarios, properties and the stateful stage all skip for that reason.
    const sources = new Set(sched.map((r) => (r.source?.startsWith('prop-') ? 'properties' : r.source === 'stateful-lifecycle' ? 'stateful' : 'scenarios')));
    expect([...sources].sort()).toEqual(['properties', 'scenarios', 'stateful']);
  }, 120_000);

  it.each(VERSIONS)('%s with --agent-id of a registered agent: the scheduling rules are checked, not skipped', async (v) => {
    const run = await runAgainst(get(), v, { agentId: 'studio-1' });
    expectNoFailureAndReasons(run);
    expect(run.capabilities?.[0]?.agents).toEqual({ kind: 'fixed', id: 'studio-1' });
    const base = plain.get(v)!;
    // Only a layout that needs overlapping schedules on several agents cannot be made on one registered agent.
    const several = new Set(run.results.filter((r) => r.outcome === 'skip' && /needs several capture agents/.test(r.message)).map((r) => `${r.apiVersion} ${r.rule}`));
    const missingRules = [...checked(base)].filter((r) => !checked(run).has(r) && !several.has(r));
    expect(missingRules).toEqual([]);
    // The layouts that need a second agent: sorts by end_date and start_date of scheduled events (overlapping
    // schedules), a move to another agent, an overlap on another agent that is no conflict, a move onto another
    // agent's recording (scheduling.put.409), schedules at fixed summer and winter dates (scheduling.get.values), an
    // agent id and one it is a prefix of (events.list.filter.agent_id), and a recording of 50 days
    // that would span the other scenarios' windows on the one agent (events.create.schedule-duration, class 1).
    const needSecondAgent = ['events.list.sort.end_date', 'events.list.sort.start_date', 'scheduling.put.204', 'scheduling.put.applies', 'events.create.no-conflict',
      'scheduling.put.409', 'scheduling.get.values', 'events.list.filter.agent_id', 'events.create.schedule-duration'];
    expect([...several].filter((r) => !needSecondAgent.some((id) => r.endsWith(` ${id}`)))).toEqual([]);
    for (const r of AGENT_RULES) expect(checked(run).has(`${v} ${r}`) || run.results.every((x) => x.rule !== r), r).toBe(true);
    expect(get().count()).toBe(0);
  }, 120_000);
});

variant('a server that schedules only when the schedule names capture-agent inputs', [inputsRequired], (get) => {
  it('1.6.0: the probe learns the inputs, every scheduled create sends them, and the scheduling rules are checked', async () => {
    const run = await runAgainst(get(), '1.6.0');
    expect(describeFailures(run)).toEqual([]);
    expect(run.capabilities?.[0]?.inputs).toEqual(['default']);
    expect(run.observations.find((o) => o.topic === 'schedule-inputs')?.value).toMatch(/refused .* accepted with inputs \["default"\]/);
    for (const r of AGENT_RULES) expect(checked(run).has(`1.6.0 ${r}`), r).toBe(true);
    expect(get().count()).toBe(0);
  }, 120_000);
});

variant('a server that accepts only existing series ids', [knownSeriesOnly(['series-1'])], (get) => {
  it.each(VERSIONS)('%s: no failure; the series filters skip with the reason, in scenarios and properties alike', async (v) => {
    const run = await runAgainst(get(), v);
    expectNoFailureAndReasons(run);
    expect(run.capabilities?.[0]?.series.kind).toBe('none');
    const series = run.results.filter((r) => r.rule === 'events.list.filter.series' || r.rule === 'events.list.filter.is_part_of');
    expect(series.length).toBeGreaterThan(0);
    for (const r of series) expect(r.outcome === 'skip' && /refused series .*give --series-id/.test(r.message), `${r.id}: ${r.outcome} ${r.message}`).toBe(true);
  }, 120_000);

  it.each(VERSIONS)('%s with --series-id: the series filters are checked', async (v) => {
    const run = await runAgainst(get(), v, { seriesId: 'series-1' });
    expectNoFailureAndReasons(run);
    expect(run.capabilities?.[0]?.series).toEqual({ kind: 'fixed', id: 'series-1' });
    const series = run.results.filter((r) => r.rule === 'events.list.filter.series' || r.rule === 'events.list.filter.is_part_of');
    expect(series.filter((r) => r.outcome === 'pass').length).toBeGreaterThan(0);
  }, 120_000);
});

variant('an eventually consistent server (new events visible 300 ms after the 201)', [indexLag(300)], (get) => {
  it('1.6.0: no failure; the property and stateful stages wait until a created event is readable before writing', async () => {
    // Every created event costs the lag (the stages wait for it): fewer cases keep the test short.
    const run = await runAgainst(get(), '1.6.0', { settleMs: 3000, runs: 2 });
    expect(describeFailures(run)).toEqual([]);
    const reference = await startWrapped();
    const base = await runAgainst(reference, '1.6.0', { runs: 2 }).finally(() => reference.close());
    // The writes judged while processing runs (acl.put.while-processing, track.post.409) are made on purpose even where
    // the index lags longer than the server's processing: a longer medium each round until a read proves processing
    // ran after the write (src/scenarios/while-processing.ts), so they are checked here as on the plain server.
    const missingRules = [...checked(base)].filter((r) => !checked(run).has(r));
    expect(missingRules).toEqual([]);
    expect(run.results.filter((r) => r.rule === 'acl.put.while-processing' || r.rule === 'track.post.409').map((r) => `${r.rule} ${r.outcome}`).sort())
      .toEqual(['acl.put.while-processing pass', 'track.post.409 pass']);
  }, 180_000);
});
