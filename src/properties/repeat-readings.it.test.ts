import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../http/index.js';
import type { ApiVersion, Observation } from '../model/index.js';
import { ReadingLedger } from '../spec/readings.js';
import { startTarget, type TestTarget } from '../cases/testing.js';
import type { PhaseEnv } from '../cases/phase-env.js';
import { PROPERTIES } from './registry.js';
import { runPropertyPhase } from './runner.js';
import { startProxy } from '../selftest/proxy.js';
import { runConformance } from '../orchestrator/run.js';
import { book, lifecycle, selftestConfig, suites } from '../selftest/harness.js';

/**
 * Repeated contributors/identifier below 1.5.0: the spec makes a repeat an OR only from 1.5.0,
 * so a server that ANDs repeats is legal below it, but one that switches between the readings is not. The
 * reference server ORs; these servers put a proxy in front of it that answers repeats its own way.
 */
type Mode = 'and' | 'by-value';
const MULTI = ['contributors', 'identifier'];

function ids(body: unknown): string[] {
  return Array.isArray(body) ? body.map((e) => String((e as { identifier?: unknown }).identifier)) : [];
}

/** A proxy to `upstream` whose repeats of a multi-valued keyword are ANDed (always, or when the filter text says so). */
function startReadingProxy(upstream: string, mode: Mode) {
  return startProxy(upstream, async (r, forward) => {
    const filter = r.url.searchParams.get('filter');
    const entries = filter?.split(',') ?? [];
    const repeated = MULTI.find((k) => entries.filter((e) => e.startsWith(`${k}:`)).length > 1);
    // by-value: a reading that depends on the values (the sum of the filter's char codes), never the same for all.
    const and = repeated !== undefined && r.method === 'GET' && r.url.pathname === '/api/events'
      && (mode === 'and' || [...(filter ?? '')].reduce((n, ch) => n + ch.charCodeAt(0), 0) % 2 === 0);
    if (!and) return undefined;
    const others = entries.filter((e) => !e.startsWith(`${repeated}:`));
    let keep: unknown[] | undefined;
    for (const e of entries.filter((x) => x.startsWith(`${repeated}:`))) {
      const url = new URL(r.url);
      url.searchParams.set('filter', [...others, e].join(','));
      const body = JSON.parse(String((await forward({ ...r, url })).body)) as unknown[];
      keep = keep === undefined ? body : keep.filter((x) => ids(body).includes(String((x as { identifier?: unknown }).identifier)));
    }
    return { status: 200, contentType: 'application/json', body: JSON.stringify(keep ?? []) };
  });
}

let target: TestTarget;
beforeAll(async () => { target = await startTarget(); });
afterAll(async () => { await target.close(); });

async function runFilter(mode: Mode, version: ApiVersion, seed: number, observations: Observation[] = []) {
  const proxy = await startReadingProxy(target.server.url, mode);
  const client = createHttpClient({ baseUrl: proxy.url, timeoutMs: 5000, versionHeader: { name: 'Accept', value: `application/v${version}+json` } });
  try {
    const base = target.env(version, { runs: 8, seed });
    const env: PhaseEnv = { ...base, clients: { admin: client }, readings: new ReadingLedger(version, (o) => observations.push(o)) };
    return await runPropertyPhase(env, { properties: PROPERTIES.filter((p) => p.id === 'prop-filter') });
  } finally {
    await client.close();
    await proxy.close();
  }
}

const outcome = (rs: { rule: string; outcome: string }[], rule: string) => rs.filter((r) => r.rule === rule).map((r) => r.outcome);

describe('prop-filter: repeated multi-valued keywords', () => {
  it('a server that ANDs repeats passes below 1.5.0, and the run records the reading it fixed', async () => {
    const observations: Observation[] = [];
    const rs = await runFilter('and', '1.1.0', 3, observations);
    expect(rs.filter((r) => r.outcome === 'fail' || r.outcome === 'error').map((r) => `${r.rule}: ${r.message}`)).toEqual([]);
    expect(outcome(rs, 'events.list.filter.repeat')).toEqual(['pass']);
    expect(observations.filter((o) => o.topic.startsWith('reading:filter-repeat:')).map((o) => o.value)).toContain('and');
    expect(observations.every((o) => o.value === 'and')).toBe(true);
  });

  it('the same server fails events.list.filter.or from 1.5.0 (a repeat is an OR there)', async () => {
    const rs = await runFilter('and', '1.6.0', 3);
    expect(outcome(rs, 'events.list.filter.or')).toEqual(['fail']);
    expect(outcome(rs, 'events.list.filter.repeat')).not.toContain('fail');
  });

  it('a server whose reading changes with the values fails events.list.filter.repeat, naming the earlier reading', async () => {
    const rs = await runFilter('by-value', '1.1.0', 3);
    const f = rs.find((r) => r.rule === 'events.list.filter.repeat');
    expect(f?.outcome).toBe('fail');
    expect(f?.message).toMatch(/earlier in this run the server read a repeated (contributors|identifier) as (AND|OR)/);
  });
});

describe('one ledger per version for every stage', () => {
  it('the scenario fixes the reading (AND) and the property stage keeps to it: no failure, one reading recorded', async () => {
    const proxy = await startReadingProxy(target.server.url, 'and');
    try {
      const run = await runConformance({
        config: selftestConfig(['1.1.0'], { only: ['list-filter-oldest', 'prop-filter'], runs: 6 }), book, suites, lifecycle,
        runId: 'readings', toolVersion: 'test', phases: ['scenarios', 'properties'], target: { baseUrl: proxy.url, reference: false },
      });
      expect(run.results.filter((r) => r.outcome === 'fail' || r.outcome === 'error').map((r) => `${r.id}: ${r.message}`)).toEqual([]);
      expect(run.results.filter((r) => r.rule === 'events.list.filter.repeat').map((r) => r.source?.split(':')[0])).toEqual(expect.arrayContaining(['suites/events/list-filters.yaml', 'prop-filter']));
      const seen = run.observations.filter((o) => o.topic === 'reading:filter-repeat:contributors');
      expect(seen.map((o) => [o.value, o.context])).toEqual([['and', 'filter=contributors:Carla,contributors:Dmitri']]);
    } finally {
      await proxy.close();
    }
  });
});
