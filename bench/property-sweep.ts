/**
 * Seed sweep of the property stage against the clean reference server: for each version given, runs the property
 * phase with run seeds FROM … FROM+COUNT-1 (the CLI's defaults otherwise, --runs 20) and prints, per version, how
 * many seeds were clean and the first failure of every other seed (with its replay command). A clean reference
 * server must pass every seed: a seed-dependent failure is a generated case on an unsettled edge.
 *
 *   node --import tsx bench/property-sweep.ts [--versions 1.0.0,1.6.0] [--from 1] [--count 200] [--only prop-filter] [--out FILE]
 *
 * Not part of npm test (minutes). Writes reports/property-sweep.json (or --out FILE).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { API_VERSIONS, type ApiVersion } from '../src/model/index.js';
import { buildRunConfig } from '../src/config/build.js';
import { runConformance } from '../src/orchestrator/run.js';
import { startReferenceServer } from '../src/reference/index.js';
import { book, lifecycle, suites } from '../src/selftest/harness.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const versions = arg('versions', API_VERSIONS.join(',')).split(',') as ApiVersion[];
const from = Number(arg('from', '1'));
const count = Number(arg('count', '200'));
const only = arg('only', '');
const out = arg('out', 'reports/property-sweep.json');
const rows: { version: ApiVersion; seed: number; failures: string[] }[] = [];

for (const version of versions) {
  const server = await startReferenceServer({ port: 0, processingDelayMs: 20, retractDelayMs: 20 });
  let clean = 0;
  try {
    for (let seed = from; seed < from + count; seed++) {
      const config = buildRunConfig({ apiVersion: version, seed, settleMs: 2000, color: false, ...(only ? { only } : {}) }, {}, ['sweep']);
      const run = await runConformance({
        config, book, suites, lifecycle, runId: `sweep-${seed}`, toolVersion: 'sweep', phases: ['properties'],
        target: { baseUrl: server.url, reference: true },
      });
      const failures = run.results.filter((r) => r.outcome === 'fail' || r.outcome === 'error')
        .map((r) => `${r.rule} (${r.source}): ${r.message.split('\n')[0].slice(0, 200)} | replay: ${r.replay ?? ''}`);
      rows.push({ version, seed, failures });
      if (failures.length === 0) clean++;
      else process.stdout.write(`${version} seed ${seed}: ${failures.join(' ;; ')}\n`);
      if ((seed - from + 1) % 10 === 0) process.stderr.write(`${version}: ${seed - from + 1} seeds, ${clean} clean\n`);
    }
  } finally {
    await server.close();
  }
  process.stdout.write(`${version}: ${clean} of ${count} seeds clean (seeds ${from}-${from + count - 1}${only ? `, --only ${only}` : ''})\n`);
}
mkdirSync('reports', { recursive: true });
writeFileSync(out, `${JSON.stringify({ from, count, only, rows }, null, 2)}\n`);
