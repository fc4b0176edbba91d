/**
 * `npm run bench`: the load stage's figures on this machine, written to reports/bench.json and printed.
 *   (a) load generator requests/s vs wrk on one endpoint (goal ≥ 0.95)
 *   (b) reference server list+filter+limit 20 over 10 000 events vs a bare node:http server, same bytes (goal ≥ 0.5)
 *   (c) one version's full conformance run: time and requests per second
 *   (d) autocannon vs Artillery requests/s on the same data in the same run (goal: Artillery within 0.5–2×; skipped,
 *       with the reason, where Artillery is not installed), against a server whose list takes BENCH_LIST_DELAY ms
 *       (default 20, a production server's order: the server is the bottleneck); (d1) the same against the reference
 *       server as it is (a list in well under 1 ms: each client's own ceiling on this machine)
 *   (e) fast against slow servers (bench/slow-servers.ts): one version against the reference server plain,
 *       with media required and 300 ms processing, with a 300 ms and a 2 s index lag, and `npm start`; ratios to
 *       plain (goals: ≤ 1.5 and ≤ 2). `npm run bench:slow` runs this part alone.
 * Options (environment): BENCH_REPS (default 3), BENCH_DURATION seconds per run (default 5), BENCH_EVENTS (10000),
 * BENCH_LIST_DELAY (20), BENCH_SLOW_REPS repetitions of (e) (default 1: its runs are long), BENCH_SKIP=a,b,c,d,e (skip parts; a and b share
 * one setup, so skipping one skips only its ratio).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../src/spec/paths.js';
import { benchEngines, type EnginesFigures } from './artillery.js';
import { benchConformance, type ConformanceFigures } from './conformance.js';
import { showSpread } from './stats.js';
import { benchThroughput, type ThroughputFigures } from './throughput.js';
import { ensureWrk } from './wrk.js';
import { benchSlowServers, slowServerLines, type SlowServerFigures } from './slow-servers.js';

const env = (k: string, def: number) => (process.env[k] ? Number(process.env[k]) : def);
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()).filter(Boolean));
const log = (l: string) => process.stderr.write(`${l}\n`);

interface BenchReport {
  startedAt: string;
  machine: { node: string; cpus: number; cpuModel: string };
  throughput?: ThroughputFigures;
  wrkSkipped?: string;
  conformance?: ConformanceFigures;
  engines?: EnginesFigures;
  enginesSkipped?: string;
  slowServers?: SlowServerFigures;
  verdicts: Record<string, string>;
}

async function main(): Promise<void> {
  const report: BenchReport = {
    startedAt: new Date().toISOString(),
    machine: { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '?' },
    verdicts: {},
  };
  const reps = env('BENCH_REPS', 3);
  if (!skip.has('a') || !skip.has('b')) {
    const wrkProblem = skip.has('a') ? 'part (a) skipped by BENCH_SKIP' : ensureWrk(log);
    if (wrkProblem) {
      report.wrkSkipped = wrkProblem;
      log(`bench: (a) skipped: ${wrkProblem}`);
    }
    const t = await benchThroughput({ events: env('BENCH_EVENTS', 10_000), durationS: env('BENCH_DURATION', 5), repetitions: reps, connections: 10, wrk: !wrkProblem, log });
    report.throughput = t;
    if (t.generatorVsWrk) {
      const g = t.generatorVsWrk;
      const met = (x: number) => (x >= g.goal ? 'met' : 'NOT met');
      report.verdicts.a = `load generator ÷ wrk -t2, reference endpoint: ${showSpread(g.t2.reference)}; goal ≥ ${g.goal}: ${met(g.t2.reference.median)}`;
      report.verdicts.a1 = `load generator ÷ wrk -t1, reference endpoint: ${showSpread(g.t1.reference)}; goal ≥ ${g.goal}: ${met(g.t1.reference.median)}`;
      report.verdicts.aBare = `load generator ÷ wrk -t2 / -t1, bare server: ${showSpread(g.t2.bare)} / ${showSpread(g.t1.bare)}`;
    }
    report.verdicts.b = `reference ÷ bare server: ${showSpread(t.referenceVsBare)}; goal ≥ ${t.referenceVsBare.goal}: ${t.referenceVsBare.median >= t.referenceVsBare.goal ? 'met' : 'NOT met'}`;
  }
  if (!skip.has('c')) {
    const c = await benchConformance({ repetitions: reps, log });
    report.conformance = c;
    report.verdicts.c = `conformance run 1.6.0: ${showSpread(c.runDurationSeconds, ' s')}, ${showSpread(c.requestsPerSecond, ' req/s')}`;
  }
  if (!skip.has('d')) {
    try {
      const e = await benchEngines({ events: env('BENCH_EVENTS', 10_000), durationS: env('BENCH_DURATION', 5), repetitions: reps, connections: 10, listDelayMs: env('BENCH_LIST_DELAY', 20), log });
      report.engines = e;
      for (const [key, f] of [['d', e.serverBound], ['d1', e.clientBound]] as const) {
        const [lo, hi] = f.ratio.goal;
        report.verdicts[key] = `Artillery ÷ autocannon req/s, ${f.server}: ${showSpread(f.ratio)}; goal ${lo}–${hi}×: ${f.ratio.median >= lo && f.ratio.median <= hi ? 'met' : 'NOT met'}`;
      }
    } catch (err) {
      report.enginesSkipped = (err as Error).message;
      log(`bench: (d) skipped: ${report.enginesSkipped}`);
    }
  }
  if (!skip.has('e')) report.slowServers = await benchSlowServers({ repetitions: env('BENCH_SLOW_REPS', 1), seed: 21, npmStart: true, log });
  const dir = join(PROJECT_ROOT, 'reports');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'bench.json');
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  const t = report.throughput;
  const lines = [
    `evconf bench (${report.machine.cpus} × ${report.machine.cpuModel}, Node ${report.machine.node}, ${reps} repetitions)`,
    ...(t ? [
      `  seeded ${t.events} events through the API in ${t.seedSeconds} s; query ${t.query} (${t.bodyBytes} bytes), ${t.connections} connections, ${t.durationS} s per run`,
      `  load generator req/s: reference ${showSpread(t.generatorRps.reference)}`,
      `                        bare      ${showSpread(t.generatorRps.bare)}`,
      ...(t.wrkRps ? [
        `  wrk -t1 req/s:        reference ${showSpread(t.wrkRps.t1.reference)}`, `                        bare      ${showSpread(t.wrkRps.t1.bare)}`,
        `  wrk -t2 req/s:        reference ${showSpread(t.wrkRps.t2.reference)}`, `                        bare      ${showSpread(t.wrkRps.t2.bare)}`,
      ] : []),
      `  generator CPU %:      reference ${showSpread(t.generatorCpuPct.reference)}; bare ${showSpread(t.generatorCpuPct.bare)}`,
      `  server CPU µs/req:    reference ${showSpread(t.serverCpuUsPerRequest.reference)}; bare ${showSpread(t.serverCpuUsPerRequest.bare)}`,
    ] : []),
    ...(report.wrkSkipped ? [`  (a) skipped: ${report.wrkSkipped}`] : []),
    ...(report.engines ? [
      `  same data, same run: ${report.engines.query}, ${report.engines.connections} connections, ${report.engines.durationS} s per run`,
      ...[report.engines.clientBound, report.engines.serverBound].flatMap((f) => [
        `  ${f.server}:`,
        `    autocannon req/s:   ${showSpread(f.rps.autocannon)}; p99 ${showSpread(f.p99Ms.autocannon, ' ms')}`,
        `    artillery req/s:    ${showSpread(f.rps.artillery)}; p99 ${showSpread(f.p99Ms.artillery, ' ms')}`,
        `    artillery CPU:      ${showSpread(f.artilleryCpuPct, ' %')}; ${showSpread(f.artilleryCpuUsPerRequest, ' µs/req')}`,
      ]),
    ] : []),
    ...(report.enginesSkipped ? [`  (d) skipped: ${report.enginesSkipped}`] : []),
    ...(report.slowServers ? ['  (e)', ...slowServerLines(report.slowServers)] : []),
    ...Object.entries(report.verdicts).map(([k, v]) => `  (${k}) ${v}`),
    `written to ${file}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  process.exitCode = 1;
});
