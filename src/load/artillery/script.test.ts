import { existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { prepareQuery } from '../list-expect.js';
import { loadProfiles } from '../profiles.js';
import { makeSeedPlan } from '../seed-plan.js';
import { writeArtilleryScripts, type ExportOptions } from './export.js';
import { findArtillery } from './run.js';
import { ensureConditions, PROCESSOR_FILE } from './script.js';

/** Artillery's own script validation (lib/util/validate-script.js), where an Artillery is installed. */
function artilleryValidator(): ((script: unknown) => string | undefined) | undefined {
  try {
    const root = dirname(dirname(realpathSync(findArtillery().where)));
    const file = join(root, 'lib', 'util', 'validate-script.js');
    return existsSync(file) ? (createRequire(file)(file) as (s: unknown) => string | undefined) : undefined;
  } catch {
    return undefined;
  }
}

const validate = artilleryValidator();

type Script = {
  config: { target: string; processor: string; variables: { evconfDurationS: number }; phases: { arrivalRate: number; duration: number }[]; plugins: { ensure: { conditions: { expression: string }[] } } };
  scenarios: { name: string; beforeScenario: string; flow: { loop: { get: { url: string; name: string; headers?: Record<string, string>; auth?: Record<string, string> } }[]; whileTrue: string }[] }[];
};

function exported(o: Partial<ExportOptions> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'evconf-art-export-'));
  const plan = makeSeedPlan('evconf-load-20261127-000000-abcd', 1000);
  const profiles = loadProfiles();
  const x = writeArtilleryScripts(dir, profiles, { baseUrl: 'http://127.0.0.1:8080/prefix', plan, apiVersion: '1.6.0', auth: false, headerNames: [], timeoutMs: 10_000, runId: '20261127-000000-abcd', ...o });
  const read = (name: string) => readFileSync(join(dir, `${name}.yml`), 'utf8');
  return { dir, plan, profiles, x, read, script: (name: string) => parse(read(name)) as Script };
}

describe('evconf load --export artillery: the scripts', () => {
  it('writes one script per profile, with the same request paths as the autocannon engine', () => {
    const { x, plan, profiles, script, dir } = exported();
    expect(x.scripts.map((s) => s.profile)).toEqual(profiles.map((p) => p.name));
    expect(readdirSync(dir)).toContain(PROCESSOR_FILE);
    for (const p of profiles) {
      const s = script(p.name);
      const gets = s.scenarios[0].flow[0].loop.map((l) => l.get);
      expect(s.config.target).toBe('http://127.0.0.1:8080');
      expect(gets.map((g) => g.url)).toEqual(p.queries.map((q) => `/prefix${prepareQuery(q, plan, '1.6.0').path}`));
      expect(gets.every((g) => g.name === p.name && g.headers?.Accept === 'application/v1.6.0+json')).toBe(true);
      // The closed model: `connections` users arrive in the first second and loop until the profile's duration has passed.
      expect(s.config.phases).toEqual([{ name: p.name, duration: 1, arrivalRate: p.connections }]);
      expect(s.config.variables.evconfDurationS).toBe(p.durationS);
      expect(s.scenarios[0]).toMatchObject({ beforeScenario: 'evconfStart', flow: [{ whileTrue: 'evconfRunning' }] });
      expect(validate?.(s)).toBeUndefined();
    }
    // The filters select this run's seeded events.
    expect(script('filter-title').scenarios[0].flow[0].loop[0].get.url).toContain(encodeURIComponent('title:evconf-load-20261127-000000-abcd Load 3'));
  });

  it('validates against Artillery\'s own script schema', (ctx) => {
    if (!validate) ctx.skip('Artillery is not installed here (optional peer dependency; README "Load beyond one machine")');
    const { script } = exported({ auth: true, headerNames: ['X-Token'] });
    expect(validate!(script('mix'))).toBeUndefined();
    expect(validate!({ config: { target: 'http://127.0.0.1' } })).toMatch(/scenarios/);
  });

  it('turns the budgets into ensure conditions', () => {
    expect(ensureConditions({ p99Ms: 100, minRps: 200, maxErrorRate: 0.001 }).map((c) => c.expression)).toEqual([
      'http.response_time.p99 <= 100', 'http.request_rate >= 200', 'http.codes.200 >= 0.999 * http.requests',
    ]);
    expect(ensureConditions({}).map((c) => c.expression)).toEqual(['http.codes.200 >= 1 * http.requests']);
    const { script } = exported({ budget: { p99Ms: 7 }, durationS: 3 });
    expect(script('list').config.plugins.ensure.conditions.map((c) => c.expression)).toContain('http.response_time.p99 <= 7');
    expect(script('list').config.variables.evconfDurationS).toBe(3);
  });

  it('reads credentials and --header values from the environment, never from the file', () => {
    const { read, script } = exported({ auth: true, headerNames: ['X-Token'] });
    const get = script('list').scenarios[0].flow[0].loop[0].get;
    expect(get.auth).toEqual({ user: '{{ $processEnvironment.EVCONF_USER }}', pass: '{{ $processEnvironment.EVCONF_PASS }}' });
    expect(get.headers).toEqual({ Accept: 'application/v1.6.0+json', 'X-Token': '{{ $processEnvironment.EVCONF_HEADER_X_TOKEN }}' });
    expect(read('list')).toMatch(/^# Reads from the environment \(never written here\): EVCONF_USER, EVCONF_PASS, EVCONF_HEADER_X_TOKEN\.$/m);
  });

  it('leaves out profiles that do not apply to the version, and says why', () => {
    const { x } = exported({ apiVersion: '1.0.0' });
    expect(x.skipped.map((s) => s.profile)).toEqual(['list-deep-page', 'filter-title', 'filter-series', 'filter-start-range', 'mix']);
    expect(x.skipped[0].reason).toBe('applies from API 1.1.0 on');
  });
});
