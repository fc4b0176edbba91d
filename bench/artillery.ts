import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpClient } from '../src/http/index.js';
import { readArtilleryReport } from '../src/load/artillery/report.js';
import { findArtillery, runArtillery, type ArtilleryCommand } from '../src/load/artillery/run.js';
import { PROCESSOR_FILE, PROCESSOR_SOURCE, renderArtilleryScript } from '../src/load/artillery/script.js';
import { startChildServer } from '../src/load/child-server.js';
import { runGenerator } from '../src/load/generator.js';
import { prepareQuery } from '../src/load/list-expect.js';
import { seedEvents } from '../src/load/seed.js';
import { makeSeedPlan } from '../src/load/seed-plan.js';
import { ratioSpread, spread, type Spread } from './stats.js';

/**
 * (d) the two load engines on the same data in the same run: a reference server (child process) with
 * `events` seeded, one query (title filter, limit 20), the same connections and duration; autocannon (evconf's
 * generator) and a local Artillery running the script evconf exports for that query, alternating. Twice: against the
 * reference server as it is, whose list answers in well under a millisecond (the client is the bottleneck: this
 * measures each client's own ceiling on this machine), and against the same server with `--list-delay` (a list that
 * takes as long as a production server's; the server is the bottleneck, which is what a load test measures). Goal:
 * Artillery's requests/s within 0.5–2× of autocannon's.
 */

export interface EnginesOptions {
  events: number;
  durationS: number;
  repetitions: number;
  connections: number;
  /** The simulated list time of the second server (ms). */
  listDelayMs: number;
  log: (l: string) => void;
}

/** One server setting: both engines' figures, run by run. */
export interface EngineFigures {
  /** What the server was: "reference (list < 1 ms)" or "list takes N ms". */
  server: string;
  listDelayMs: number;
  rps: { autocannon: Spread; artillery: Spread };
  p99Ms: { autocannon: Spread; artillery: Spread };
  /** Artillery ÷ autocannon requests/s, run by run. */
  ratio: Spread & { goal: [number, number] };
  /** Artillery's CPU while it loaded, in % of one core (it is the limit when near 100). */
  artilleryCpuPct: Spread;
  /** Artillery's client CPU per request (µs), from its CPU and its rate. */
  artilleryCpuUsPerRequest: Spread;
}

export interface EnginesFigures {
  artillery: string;
  query: string;
  connections: number;
  durationS: number;
  /** The reference server as it is (client-bound). */
  clientBound: EngineFigures;
  /** The same data behind a list that takes listDelayMs (server-bound). */
  serverBound: EngineFigures;
}

const HEADERS = { Accept: 'application/v1.6.0+json' };

/** Throws a one-line message (the caller prints it as the reason for skipping) when Artillery is not installed. */
export async function benchEngines(o: EnginesOptions): Promise<EnginesFigures> {
  const artillery = findArtillery();
  const clientBound = await oneServer(o, artillery, 0);
  const serverBound = await oneServer(o, artillery, o.listDelayMs);
  return { artillery: artillery.where, query: clientBound.query, connections: o.connections, durationS: o.durationS, clientBound: clientBound.figures, serverBound: serverBound.figures };
}

async function oneServer(o: EnginesOptions, artillery: ArtilleryCommand, listDelayMs: number): Promise<{ query: string; figures: EngineFigures }> {
  const server = await startChildServer({ args: ['--processing-delay', '0', '--list-delay', String(listDelayMs)] });
  const client = createHttpClient({ baseUrl: server.url, timeoutMs: 30_000, connections: 16, excerptBytes: 1 << 20, versionHeader: { name: 'Accept', value: HEADERS.Accept } });
  const name = listDelayMs > 0 ? `list takes ${listDelayMs} ms` : 'reference (list < 1 ms)';
  try {
    const plan = makeSeedPlan('evconf-bench-engines', o.events);
    o.log(`bench: (d) ${name}: seeding ${o.events} events for autocannon vs Artillery (${artillery.where})`);
    const seeded = await seedEvents({ client, plan, workflow: 'schedule-and-upload', onCreated: () => undefined });
    if (seeded.failures > 0) throw new Error(`seeding failed for ${seeded.failures} events`);
    const path = prepareQuery({ filter: 'title:${title.3}', limit: '20', params: {} }, plan, '1.6.0').path;
    const dir = mkdtempSync(join(tmpdir(), 'evconf-bench-artillery-'));
    writeFileSync(join(dir, PROCESSOR_FILE), PROCESSOR_SOURCE);
    const script = join(dir, 'bench.yml');
    writeFileSync(script, renderArtilleryScript({
      profile: 'bench', baseUrl: server.url, paths: [path], connections: o.connections, durationS: o.durationS, timeoutS: 10,
      versionHeader: { name: 'Accept', value: HEADERS.Accept }, auth: false, headerNames: [], budget: {},
    }));
    const m = { ac: [] as number[], art: [] as number[], acP99: [] as number[], artP99: [] as number[], cpu: [] as number[], cpuUs: [] as number[] };
    const autocannon = async () => {
      const r = await runGenerator({ origin: new URL(server.url).origin, paths: [path], headers: HEADERS, connections: o.connections, durationS: o.durationS, pipelining: 1, timeoutS: 10, sample: { every: 97, max: 1 } });
      m.ac.push(r.responses / (r.durationMs / 1000));
      m.acP99.push(r.latency.p99);
    };
    const art = async (i: number) => {
      const report = join(dir, `bench-${i}.json`);
      const run = await runArtillery({ artillery, script, report, env: {}, timeoutMs: (o.durationS + 90) * 1000 });
      const [x] = readArtilleryReport(report);
      m.art.push(x.rps.mean);
      m.artP99.push(x.latencyMs.p99);
      m.cpu.push(run.cpuPct ?? Number.NaN);
      m.cpuUs.push(run.cpuPct !== undefined && x.rps.mean > 0 ? Math.round((run.cpuPct / 100) * 1e6 / x.rps.mean) : Number.NaN);
    };
    await runGenerator({ origin: new URL(server.url).origin, paths: [path], headers: HEADERS, connections: o.connections, durationS: 1, pipelining: 1, timeoutS: 10, sample: { every: 97, max: 1 } });
    for (let i = 0; i < o.repetitions; i++) {
      o.log(`bench: (d) ${name}: round ${i + 1}/${o.repetitions}`);
      // Alternate the order so that drift in the machine's load does not favour one engine.
      if (i % 2 === 0) { await autocannon(); await art(i); } else { await art(i); await autocannon(); }
    }
    return {
      query: path,
      figures: {
        server: name, listDelayMs,
        rps: { autocannon: spread(m.ac), artillery: spread(m.art) },
        p99Ms: { autocannon: spread(m.acP99), artillery: spread(m.artP99) },
        ratio: { ...ratioSpread(m.art, m.ac), goal: [0.5, 2] },
        artilleryCpuPct: spread(m.cpu),
        artilleryCpuUsPerRequest: spread(m.cpuUs),
      },
    };
  } finally {
    await client.close();
    await server.close();
  }
}
