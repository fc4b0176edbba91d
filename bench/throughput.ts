import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpClient } from '../src/http/index.js';
import { runGenerator } from '../src/load/generator.js';
import { spawnListening, startChildServer, stopChild, type ChildServer } from '../src/load/child-server.js';
import { prepareQuery } from '../src/load/list-expect.js';
import { seedEvents } from '../src/load/seed.js';
import { makeSeedPlan } from '../src/load/seed-plan.js';
import { PROJECT_ROOT } from '../src/spec/paths.js';
import { ratioSpread, spread, type Spread } from './stats.js';
import { runWrk } from './wrk.js';

/**
 * (a) the load stage's generator vs wrk on one endpoint, (b) the reference server's list+filter+limit 20 over
 * 10 000 events vs a bare node:http server sending the same bytes. Servers are child processes; runs alternate.
 */

export interface ThroughputOptions {
  events: number;
  durationS: number;
  repetitions: number;
  connections: number;
  wrk: boolean;
  log: (l: string) => void;
}

type Pair = { reference: Spread; bare: Spread };

export interface ThroughputFigures {
  events: number;
  seedSeconds: number;
  query: string;
  bodyBytes: number;
  connections: number;
  durationS: number;
  generatorRps: Pair;
  /** wrk with 1 thread (like the generator) and with 2 (ecosystem §4's baseline). */
  wrkRps?: { t1: Pair; t2: Pair };
  /** (a) generator ÷ wrk, per server (goal ≥ 0.95). */
  generatorVsWrk?: { t1: Pair; t2: Pair; goal: number };
  /** (b) reference ÷ bare server, same generator (goal ≥ 0.5). */
  referenceVsBare: Spread & { goal: number };
  generatorCpuPct: Pair;
  /** Server CPU time per request (utime+stime from /proc): the cost ratio, less sensitive to a noisy machine. */
  serverCpuUsPerRequest: Pair;
}

const HEADERS = { Accept: 'application/v1.6.0+json' };
type Which = 'ref' | 'bare';
type Series = Record<Which, number[]>;
const series = (): Series => ({ ref: [], bare: [] });
const pair = (s: Series): Pair => ({ reference: spread(s.ref), bare: spread(s.bare) });

/** CPU time (user + system) of a process in ms, from /proc (Linux; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return Number.NaN; // no /proc (not Linux): this figure is not available
  }
}

interface Setup {
  ref: ChildServer;
  bare: Awaited<ReturnType<typeof spawnListening>>;
  path: string;
  bodyBytes: number;
  seedSeconds: number;
}

/** The reference server with `events` seeded through the API, and a bare server with the same answer bytes. */
async function setUp(o: ThroughputOptions, ref: ChildServer): Promise<Omit<Setup, 'ref' | 'bare'> & { body: string; contentType: string }> {
  const client = createHttpClient({ baseUrl: ref.url, timeoutMs: 30_000, connections: 16, excerptBytes: 1 << 20, versionHeader: { name: 'Accept', value: HEADERS.Accept } });
  try {
    const plan = makeSeedPlan('evconf-bench', o.events);
    o.log(`bench: seeding ${o.events} events into the reference server (child process ${ref.pid})`);
    const t0 = performance.now();
    const seeded = await seedEvents({ client, plan, workflow: 'schedule-and-upload', onCreated: () => undefined });
    if (seeded.failures > 0) throw new Error(`seeding failed for ${seeded.failures} events`);
    const seedSeconds = Math.round(performance.now() - t0) / 1000;
    const q = prepareQuery({ filter: 'title:${title.3}', limit: '20', params: {} }, plan, '1.6.0');
    const probe = await client.send({ method: 'GET', path: q.path });
    if (probe.response?.status !== 200) throw new Error(`GET ${q.path} → ${probe.response?.status ?? probe.error?.code}`);
    return { path: q.path, bodyBytes: probe.response.bodyBytes, seedSeconds, body: probe.response.body, contentType: probe.response.headers['content-type'] ?? 'application/json' };
  } finally {
    await client.close();
  }
}

async function measure(o: ThroughputOptions, s: Setup) {
  const origin = (w: Which) => new URL(w === 'ref' ? s.ref.url : s.bare.url).origin;
  const pid = (w: Which) => (w === 'ref' ? s.ref.pid : s.bare.child.pid!);
  const generate = (w: Which, durationS = o.durationS) =>
    runGenerator({ origin: origin(w), paths: [s.path], headers: HEADERS, connections: o.connections, durationS, pipelining: 1, timeoutS: 10, sample: { every: 97, max: 40 } });
  const m = { gen: series(), cpu: series(), us: series(), t1: series(), t2: series() };
  const gen = async (w: Which) => {
    const c0 = cpuMs(pid(w));
    const r = await generate(w);
    m.us[w].push(((cpuMs(pid(w)) - c0) * 1000) / r.responses);
    m.gen[w].push(r.responses / (r.durationMs / 1000));
    m.cpu[w].push(r.cpuPct);
  };
  const wrk = (w: Which) => {
    if (!o.wrk) return;
    for (const t of [1, 2] as const) m[`t${t}`][w].push(runWrk({ url: `${origin(w)}${s.path}`, headers: HEADERS, connections: o.connections, threads: t, durationS: o.durationS }));
  };
  await generate('ref', 1);
  await generate('bare', 1);
  for (let i = 0; i < o.repetitions; i++) {
    o.log(`bench: throughput round ${i + 1}/${o.repetitions}`);
    // Alternate the order so that drift in the machine's load does not favour one side.
    const order: Which[] = i % 2 === 0 ? ['ref', 'bare'] : ['bare', 'ref'];
    for (const w of order) {
      if (i % 2 === 0) { await gen(w); wrk(w); } else { wrk(w); await gen(w); }
    }
  }
  return m;
}

export async function benchThroughput(o: ThroughputOptions): Promise<ThroughputFigures> {
  const ref = await startChildServer({ args: ['--processing-delay', '0'] });
  let bare: Setup['bare'] | undefined;
  try {
    const s = await setUp(o, ref);
    const file = join(mkdtempSync(join(tmpdir(), 'evconf-bench-')), 'body.json');
    writeFileSync(file, s.body);
    bare = await spawnListening([join(PROJECT_ROOT, 'bench', 'bare-server.mjs'), file, s.contentType]);
    const m = await measure(o, { ...s, ref, bare });
    return {
      events: o.events, seedSeconds: s.seedSeconds, query: s.path, bodyBytes: s.bodyBytes, connections: o.connections, durationS: o.durationS,
      generatorRps: pair(m.gen),
      ...(o.wrk ? {
        wrkRps: { t1: pair(m.t1), t2: pair(m.t2) },
        generatorVsWrk: {
          t1: { reference: ratioSpread(m.gen.ref, m.t1.ref), bare: ratioSpread(m.gen.bare, m.t1.bare) },
          t2: { reference: ratioSpread(m.gen.ref, m.t2.ref), bare: ratioSpread(m.gen.bare, m.t2.bare) },
          goal: 0.95,
        },
      } : {}),
      referenceVsBare: { ...ratioSpread(m.gen.ref, m.gen.bare), goal: 0.5 },
      generatorCpuPct: pair(m.cpu),
      serverCpuUsPerRequest: pair(m.us),
    };
  } finally {
    if (bare) {
      await stopChild(bare.child);
      bare.forget();
    }
    await ref.close();
  }
}
