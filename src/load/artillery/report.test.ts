import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../spec/paths.js';
import { loadProfiles } from '../profiles.js';
import { ruleLevels } from '../stage.js';
import { judgeArtillery } from './judge.js';
import { readArtilleryReport } from './report.js';

// Real reports of Artillery 2.0.21 (test/fixtures/artillery/README.md says how each was made).
const fixture = (f: string) => join(PROJECT_ROOT, 'test', 'fixtures', 'artillery', f);

describe('Artillery JSON report → evconf measurement', () => {
  it('reads a clean run: requests, rate over the counted span, latency of the profile', () => {
    const [m] = readArtilleryReport(fixture('filter-title.json'));
    expect(m.profile).toBe('filter-title');
    expect(m).toMatchObject({ requests: 468, responses: 468, errors: 0, timeouts: 0, non2xx: 0, notJson: 0, bytes: 1_769_040, durationMs: 2020 });
    // 468 requests from the first to the last counter (2.020 s).
    expect(m.rps.mean).toBeCloseTo(231.7, 1);
    expect(m.latencyMs).toEqual({ p50: 24.8, p90: 50.9, p99: 92.8, max: 132, mean: 28.5 });
  });

  it('reads a mix: every query of the profile counts under its one name', () => {
    const ms = readArtilleryReport(fixture('mix.json'));
    expect(ms.map((m) => m.profile)).toEqual(['mix']);
    expect(ms[0]).toMatchObject({ requests: 1044, non2xx: 0 });
    expect(ms[0].latencyMs.p99).toBe(44.3);
  });

  it('counts non-2xx responses and requests without a response (connection errors)', () => {
    const [bad] = readArtilleryReport(fixture('list-406.json'));
    expect(bad).toMatchObject({ profile: 'list', responses: 285, non2xx: 285, errors: 0 });
    const [refused] = readArtilleryReport(fixture('list-refused.json'));
    expect(refused).toMatchObject({ profile: 'list', requests: 10, responses: 0, errors: 10, errorCodes: { ECONNREFUSED: 10 } });
    expect(refused.latencyMs.p99).toBe(0);
  });

  it('judges a measurement with the profile budgets, as the autocannon engine is judged', () => {
    const list = loadProfiles().find((p) => p.name === 'list')!;
    const levels = ruleLevels();
    const judge = (file: string, budget = list.budget) => judgeArtillery({
      profile: { ...list, budget }, apiVersion: '1.6.0', url: file, m: readArtilleryReport(fixture(file))[0], levels, advisory: [],
      checked: { bodies: 0, valid: 0, problems: [] }, exchanges: [],
    });
    const ok = judge('filter-title.json', { p99Ms: 100, minRps: 200, maxErrorRate: 0.001 });
    expect(ok.results.map((r) => [r.rule, r.outcome])).toEqual([['load.p99', 'pass'], ['load.rps', 'pass'], ['load.errors', 'pass'], ['load.correct', 'skip']]);
    expect(ok.load).toMatchObject({ engine: 'artillery', requests: 468, outcome: 'pass' });
    const slow = judge('filter-title.json', { p99Ms: 50 });
    expect(slow.results.find((r) => r.rule === 'load.p99')).toMatchObject({ outcome: 'fail', message: 'list: p99 latency 92.8 ms > budget 50 ms' });
    const refused = judge('list-406.json');
    expect(refused.results.find((r) => r.rule === 'load.errors')?.outcome).toBe('fail');
    expect(refused.load.outcome).toBe('fail');
  });

  it('refuses what is not an Artillery report, in one line naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'evconf-art-'));
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    expect(() => readArtilleryReport(join(dir, 'missing.json'))).toThrow(/^cannot read Artillery report .*missing\.json: ENOENT$/);
    expect(() => readArtilleryReport(write('text.json', 'Summary report @ 06:06'))).toThrow(/text\.json is not JSON .*artillery run --output/);
    expect(() => readArtilleryReport(write('results.json', '{"tool":{"name":"evconf"},"results":[]}'))).toThrow(/results\.json is not an Artillery JSON report/);
    expect(() => readArtilleryReport(write('plain.json', '{"aggregate":{"counters":{"http.requests":3}}}'))).toThrow(/plain\.json: no per-request metrics/);
  });
});
