import { describe, expect, it } from 'vitest';
import { API_VERSIONS, type ApiVersion } from '../model/index.js';
import { departures, resolveLatitude } from '../reference/latitude/select.js';
import { alternativesOf, CHOICE_IDS } from '../reference/latitude/catalogue.js';
import { describeFailures, latitudeUserConfig, runAgainstReference } from './harness.js';

/**
 * A conformant server always passes. The whole suite (default phases) against the reference server in
 * latitude mode, where every place the spec leaves open takes a seed-drawn legal alternative
 * (src/reference/latitude/catalogue.ts). The fixed seeds cover every version between them and draw every alternative
 * of every choice at least once (a test says which is missing when a choice is added); one fresh latitude seed and
 * run seed per run (printed; EVCONF_LATITUDE_SEED / EVCONF_RUN_SEED replay a red run).
 */

/**
 * Some combinations are slow by right (media required + slow processing + an index lag: every create waits seconds).
 * Each phase gets this budget; what it does not reach is skipped with that reason (the verdict says incomplete),
 * never failed, so the test stays bounded and still proves no false alarm in everything that ran.
 */
const PHASE_BUDGET_MS = 50_000;

const FIXED: [number, ApiVersion[]][] = [
  [1, ['1.0.0', '1.5.0']],
  [2, ['1.1.0', '1.6.0']],
  [3, ['1.2.0', '1.7.0']],
  [4, ['1.3.0', '1.8.0']],
  [5, ['1.4.0', '1.9.0']],
  [8, ['1.3.0', '1.10.0']],
  [9, ['1.1.0', '1.11.0']],
];

function envInt(name: string): number | undefined {
  const v = process.env[name];
  return v === undefined || v.trim() === '' ? undefined : Number.parseInt(v, 10);
}

const freshLatitude = envInt('EVCONF_LATITUDE_SEED') ?? Math.floor(Math.random() * 2 ** 31);
const freshRun = envInt('EVCONF_RUN_SEED') ?? Math.floor(Math.random() * 2 ** 31);
const freshVersion = API_VERSIONS[freshLatitude % API_VERSIONS.length];

const cases: { latitude: number; run?: number; versions: ApiVersion[] }[] = [
  ...FIXED.map(([latitude, versions]) => ({ latitude, versions })),
  { latitude: freshLatitude, run: freshRun, versions: [freshVersion] },
];

// The runs wait on the servers' lag, not on the CPU: they run side by side, each against its own server.
describe.concurrent('self-test: no false alarm on the reference server in latitude mode', () => {
  it('the fixed seeds cover every version', () => {
    expect(new Set(FIXED.flatMap(([, v]) => v))).toEqual(new Set(API_VERSIONS));
  });

  it('the fixed seeds draw every non-default alternative of every choice (the defaults run everywhere else; add a seed that draws what is missing)', () => {
    const drawn = new Set(FIXED.flatMap(([seed]) => {
      const c = resolveLatitude({ seed });
      return CHOICE_IDS.map((id) => `${id}=${c[id]}`);
    }));
    const missing = CHOICE_IDS.flatMap((id) => alternativesOf(id).slice(1).map((a) => `${id}=${a}`)).filter((x) => !drawn.has(x));
    expect(missing).toEqual([]);
  });

  it.each(cases.flatMap((c) => c.versions.map((v) => [c.latitude, c.run ?? 42, v] as const)))(
    'latitude seed %s, run seed %s, version %s: no failure, no error',
    async (latitude, run, version) => {
      const chosen = resolveLatitude({ seed: latitude });
      const changed = departures(chosen).map((id) => `${id}=${chosen[id]}`);
      console.log(`latitude seed ${latitude} (replay: EVCONF_LATITUDE_SEED=${latitude}${latitude === freshLatitude ? ` EVCONF_RUN_SEED=${run}` : ''}), version ${version}: ${changed.join(' ')}`);
      const result = await runAgainstReference([version], { latitude: { seed: latitude }, seed: run, config: latitudeUserConfig(latitude, 3, PHASE_BUDGET_MS) });
      expect(describeFailures(result).filter((l) => !/: warn: /.test(l))).toEqual([]);
      expect(result.summary.errored).toBe(0);
      expect(result.summary.passed).toBeGreaterThan(0);
    },
    400_000,
  );
});
