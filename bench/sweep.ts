/**
 * Issue 10: the no-false-alarm sweep. Runs the whole suite (scenarios, properties, stateful) against the reference
 * server in latitude mode, over (version, latitude seed, run seed) triples drawn at random, for a bounded time,
 * and prints how many runs were clean (no fail, no error). Every unclean run is printed with the command that
 * replays it. Writes reports/sweep.json.
 *
 *   npm run sweep -- [--minutes 30] [--runs N] [--versions 1.0.0,1.6.0]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { API_VERSIONS, type ApiVersion } from '../src/model/index.js';
import { departures, resolveLatitude } from '../src/reference/latitude/select.js';
import { describeFailures, latitudeUserConfig, runAgainstReference } from '../src/selftest/harness.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const minutes = Number(arg('minutes') ?? 30);
const maxRuns = Number(arg('runs') ?? Number.POSITIVE_INFINITY);
const versions = (arg('versions')?.split(',') ?? [...API_VERSIONS]) as ApiVersion[];
const deadline = Date.now() + minutes * 60_000;
/** Per phase: a slow legal server (media + slow processing + lag) ends incomplete instead of holding the sweep. */
const PHASE_BUDGET_MS = Number(arg('phase-budget-s') ?? 90) * 1000;
const rand = () => Math.floor(Math.random() * 2 ** 31);

interface SweepRun { version: ApiVersion; latitudeSeed: number; runSeed: number; clean: boolean; failures: string[]; ms: number; datetimePrecision: string }
const runs: SweepRun[] = [];
console.log(`sweep: up to ${minutes} min${Number.isFinite(maxRuns) ? ` or ${maxRuns} runs` : ''}, versions ${versions.join(', ')}`);
for (let i = 0; Date.now() < deadline && i < maxRuns; i++) {
  const version = versions[i % versions.length];
  const latitudeSeed = rand();
  const runSeed = rand();
  const t0 = Date.now();
  const drawn = resolveLatitude({ seed: latitudeSeed });
  console.log(`run #${i + 1} ${version} latitude ${latitudeSeed} run ${runSeed}: ${departures(drawn).map((id) => `${id}=${drawn[id]}`).join(' ')}`);
  const result = await runAgainstReference([version], { latitude: { seed: latitudeSeed }, seed: runSeed, config: latitudeUserConfig(latitudeSeed, 5, PHASE_BUDGET_MS) });
  const failures = describeFailures(result).filter((l) => !/: warn: /.test(l));
  const clean = failures.length === 0 && result.summary.errored === 0;
  runs.push({ version, latitudeSeed, runSeed, clean, failures, ms: Date.now() - t0, datetimePrecision: drawn['datetime-precision'] });
  const chosen = resolveLatitude({ seed: latitudeSeed });
  const line = `${clean ? 'clean' : 'UNCLEAN'} #${i + 1} ${version} latitude ${latitudeSeed} run ${runSeed} (${((Date.now() - t0) / 1000).toFixed(1)} s)`;
  console.log(line);
  if (!clean) {
    console.log(`  latitude: ${departures(chosen).map((id) => `${id}=${chosen[id]}`).join(' ')}`);
    for (const f of failures.slice(0, 10)) console.log(`  ${f.slice(0, 300)}`);
    console.log(`  replay: EVCONF_LATITUDE_SEED=${latitudeSeed} EVCONF_RUN_SEED=${runSeed} npx vitest run src/selftest/latitude.test.ts`);
  }
}
const clean = runs.filter((r) => r.clean).length;
// The seed draws every choice, datetime-precision too: clean runs per precision the server kept.
const byPrecision: Record<string, { runs: number; clean: number }> = {};
for (const r of runs) {
  const t = (byPrecision[r.datetimePrecision] ??= { runs: 0, clean: 0 });
  t.runs++;
  if (r.clean) t.clean++;
}
const summary = { runs: runs.length, clean, percentClean: runs.length ? Math.round((1000 * clean) / runs.length) / 10 : 0, minutes, byDatetimePrecision: byPrecision };
mkdirSync('reports', { recursive: true });
writeFileSync('reports/sweep.json', JSON.stringify({ ...summary, details: runs }, null, 2));
console.log(`sweep: ${clean}/${runs.length} runs clean (${summary.percentClean}%) → reports/sweep.json`);
console.log(`sweep: by datetime-precision: ${Object.entries(byPrecision).map(([alt, t]) => `${alt} ${t.clean}/${t.runs}`).join(', ')}`);
process.exit(clean === runs.length ? 0 : 1);
