import { describe, expect, it } from 'vitest';
import { API_VERSIONS } from '../model/index.js';
import { departures, resolveLatitude } from '../reference/latitude/select.js';
import { describeFailures, latitudeUserConfig, runAgainstReference } from '../selftest/harness.js';

/**
 * The oracles never fail a conformant server (ARCHITECTURE.md, principle 2): the reference server in latitude mode (other legal
 * choices, drawn from a seed: index lag, list lag, member names, shapes, orders, ties, matching) with the oracles
 * alone, more cases than a run gives them, fixed seeds and one fresh seed (printed, replayable with
 * EVCONF_LATITUDE_SEED / EVCONF_RUN_SEED).
 */

function envInt(name: string): number | undefined {
  const v = process.env[name];
  return v === undefined || v.trim() === '' ? undefined : Number.parseInt(v, 10);
}

const fresh = envInt('EVCONF_LATITUDE_SEED') ?? Math.floor(Math.random() * 2 ** 31);
const freshRun = envInt('EVCONF_RUN_SEED') ?? Math.floor(Math.random() * 2 ** 31);

const CASES: [number, number, (typeof API_VERSIONS)[number]][] = [
  [1, 7, '1.0.0'], [2, 8, '1.6.0'], [3, 9, '1.2.0'], [4, 10, '1.3.0'], [5, 11, '1.4.0'], [8, 12, '1.5.0'], [9, 13, '1.1.0'],
  [fresh, freshRun, API_VERSIONS[fresh % API_VERSIONS.length]],
  [fresh + 1, freshRun + 1, API_VERSIONS[(fresh + 1) % API_VERSIONS.length]],
];

describe.concurrent('oracles: no false alarm on the reference server in latitude mode', () => {
  it.each(CASES)('latitude seed %s, run seed %s, version %s', async (latitude, run, version) => {
    const chosen = resolveLatitude({ seed: latitude });
    console.log(`oracles: latitude seed ${latitude}, run seed ${run}, ${version}: ${departures(chosen).map((id) => `${id}=${chosen[id]}`).join(' ')}`);
    const result = await runAgainstReference([version], { latitude: { seed: latitude }, seed: run, only: ['oracle-*', 'prop-rrule', 'prop-acl-*', 'prop-metadata-roundtrip'], phases: ['properties'], config: latitudeUserConfig(latitude, 12) });
    console.log(`oracles: ${version}: ${JSON.stringify(result.summary)} ${result.results.filter((r) => r.outcome === "skip").map((r) => `${r.rule}: ${r.message}`).slice(0, 3).join("; ")}`);
    expect(describeFailures(result)).toEqual([]);
    expect(result.summary.errored).toBe(0);
    expect(result.summary.passed).toBeGreaterThan(0);
  }, 300_000);
});
