/**
 * One version's conformance run (1.6.0, fixed seed) against the
 * reference server as it is (a), with media required on create and 300 ms processing (b), with a 300 ms index lag
 * on creates and changes (c), and a 2 s one (d), with one planted bug (f1, f2: a failing run); and `npm start` (every version plus a short load stage, embedded
 * server). Runs are interleaved (a b c d, a b c d …) so that the ratios compare runs made side by side. Every
 * server processes media in 300 ms; only the named choice differs. Each run's results.json `timing` says where its
 * time went (the figures keep it).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunResult, StageTiming } from '../src/model/index.js';
import { EVCONF_BIN } from '../src/load/child-server.js';
import { parseUsers, startReferenceServer, type ReferenceOptions } from '../src/reference/index.js';
import { PROJECT_ROOT } from '../src/spec/paths.js';
import { ratioSpread, spread, type Spread } from './stats.js';

const USERS = 'admin:bench-admin-pw:ROLE_ADMIN,alice:bench-alice-pw:ROLE_USER_ALICE|ROLE_BENCH_STAFF';
/** The Opencast profile's run, with the bench's bounds instead of a real Opencast's (30 s settle, 15 min processing). */
const OPENCAST_ARGS = ['--profile', 'opencast', '--settle-ms', '10000', '--processing-timeout', '20000'];
const CREDENTIALS = ['--auth', 'admin:bench-admin-pw', '--user-auth', 'alice:bench-alice-pw', '--user-roles', 'ROLE_USER_ALICE,ROLE_BENCH_STAFF'];

/** The servers: what differs from the plain reference server (`args`: what the run adds, e.g. the Opencast profile). */
export type SlowServerKey = 'a' | 'b' | 'c' | 'd' | 'f1' | 'f2' | 'o0' | 'o300' | 'o1000';
export const SLOW_SERVERS: Record<'a' | 'b' | 'c' | 'd' | 'f1' | 'f2' | 'o0' | 'o300' | 'o1000', { label: string; options: ReferenceOptions; args?: string[] }> = {
  a: { label: 'plain', options: {} },
  b: { label: 'media required, 300 ms processing', options: { latitude: { choices: { 'create-media': 'required' } } } },
  c: { label: 'index lag 300 ms (creates and changes)', options: { latitude: { choices: { 'index-lag': 'lag-300ms-changes' } } } },
  d: { label: 'index lag 2 s (creates and changes)', options: { latitude: { choices: { 'index-lag': 'lag-300ms-changes' } }, indexLagMs: 2_000 } },
  // A failing run costs about what a passing one does (≤ 1.2×): one planted bug that the generated cases
  // catch (they go on past it, and shrink it) and one that a scenario's read-after-write check catches.
  f1: { label: 'plain, one planted bug the properties catch (title-truncated-255)', options: { mutant: 'title-truncated-255' } },
  f2: { label: 'plain, one planted bug a scenario catches (acl-third-add-lost)', options: { mutant: 'acl-third-add-lost' } },
  // The Opencast mode (serve --profile opencast, run --profile opencast) with its index lagging 0, 300 ms and 1 s: every
  // read goes through the index, as Opencast's do (docs/opencast-behaviour.md). Goals: o300/o0 ≤ 1.5, o1000/o0 ≤ 2.5.
  o0: { label: 'Opencast mode, index lag 0', options: { profile: 'opencast', indexLagMs: 0 }, args: OPENCAST_ARGS },
  o300: { label: 'Opencast mode, index lag 300 ms', options: { profile: 'opencast', indexLagMs: 300 }, args: OPENCAST_ARGS },
  o1000: { label: 'Opencast mode, index lag 1 s', options: { profile: 'opencast', indexLagMs: 1_000 }, args: OPENCAST_ARGS },
};
type Key = keyof typeof SLOW_SERVERS;

export interface RunFigures {
  wallSeconds: number;
  exitCode: number;
  summary: RunResult['summary'];
  timing?: StageTiming;
}

export interface SlowServerFigures {
  seed: number;
  command: string;
  runs: Record<Key, RunFigures[]>;
  wallSeconds: Record<Key, Spread>;
  ratios: { bOverA: Spread; cOverA: Spread; dOverA: Spread; f1OverA: Spread; f2OverA: Spread; o300OverO0?: Spread; o1000OverO0?: Spread };
  npmStart?: { command: string; wallSeconds: Spread; exitCodes: number[] };
}

/** Runs `node bin/evconf.mjs …args --json FILE` once; wall time and the results it wrote. */
function evconf(args: string[], dir: string, timeoutMs: number): Promise<{ wallS: number; code: number; run?: RunResult; tail: string }> {
  const json = join(dir, `run-${Math.random().toString(36).slice(2)}.json`);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [EVCONF_BIN, ...args, '--json', json, '--report-dir', join(dir, 'reports')], { cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => { err = (err + d.toString()).slice(-2000); });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const run = existsSync(json) ? (JSON.parse(readFileSync(json, 'utf8')) as RunResult) : undefined;
      resolve({ wallS: (performance.now() - t0) / 1000, code: code ?? -1, ...(run ? { run } : {}), tail: err.trim().split('\n').slice(-3).join(' | ') });
    });
  });
}

async function oneVersion(key: Key, seed: number, dir: string, log: (l: string) => void): Promise<RunFigures> {
  const server = await startReferenceServer({ port: 0, host: '127.0.0.1', processingDelayMs: 300, retractDelayMs: 300, users: parseUsers(USERS), ...SLOW_SERVERS[key].options });
  try {
    const r = await evconf(['run', '--base-url', server.url, ...CREDENTIALS, '--api-version', '1.6.0', '--seed', String(seed), ...(SLOW_SERVERS[key].args ?? [])], dir, 1_800_000);
    if (!r.run) throw new Error(`(${key}) evconf run wrote no results (status ${r.code}): ${r.tail}`);
    log(`bench: (${key}) ${SLOW_SERVERS[key].label}: ${r.wallS.toFixed(1)} s, exit ${r.code}, ${r.run.summary.failed} failed`);
    // A failing run that did not fail measures nothing: its planted bug must have been caught.
    if (SLOW_SERVERS[key].options.mutant && r.run.summary.failed === 0) throw new Error(`(${key}) the planted bug ${SLOW_SERVERS[key].options.mutant} was not caught`);
    const timing = r.run.timing?.find((t) => t.stage === 'conformance');
    return { wallSeconds: Math.round(r.wallS * 100) / 100, exitCode: r.code, summary: r.run.summary, ...(timing ? { timing } : {}) };
  } finally {
    await server.close();
  }
}

export async function benchSlowServers(o: { repetitions: number; seed: number; npmStart: boolean; log: (l: string) => void; only?: readonly Key[] }): Promise<SlowServerFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'evconf-bench-slow-'));
  const runs: Record<Key, RunFigures[]> = { a: [], b: [], c: [], d: [], f1: [], f2: [], o0: [], o300: [], o1000: [] };
  const keys = (Object.keys(SLOW_SERVERS) as Key[]).filter((k) => !o.only || o.only.includes(k));
  // One short run first, so that every measured run starts as users' runs do: with the scenario files already
  // parsed (src/scenarios/cache.ts; the first run after a change of evconf parses them, about 1.5 s).
  o.log('bench: warm-up (scenario cache)');
  await evconf(['run', '--api-version', '1.6.0', '--only', 'events.get.status', '--phases', 'scenarios'], dir, 120_000);
  for (let i = 0; i < o.repetitions; i++) {
    for (const key of keys) {
      o.log(`bench: slow servers, repetition ${i + 1}/${o.repetitions}: (${key}) ${SLOW_SERVERS[key].label}`);
      runs[key].push(await oneVersion(key, o.seed, dir, o.log));
    }
  }
  const wall = (k: Key) => runs[k].map((r) => r.wallSeconds);
  const figures: SlowServerFigures = {
    seed: o.seed,
    command: `node bin/evconf.mjs run --base-url <reference server> --api-version 1.6.0 --seed ${o.seed} (admin and user credentials)`,
    runs,
    wallSeconds: Object.fromEntries((Object.keys(SLOW_SERVERS) as Key[]).map((k) => [k, spread(wall(k))])) as Record<Key, Spread>,
    ratios: {
      bOverA: ratioSpread(wall('b'), wall('a')), cOverA: ratioSpread(wall('c'), wall('a')), dOverA: ratioSpread(wall('d'), wall('a')),
      f1OverA: ratioSpread(wall('f1'), wall('a')), f2OverA: ratioSpread(wall('f2'), wall('a')),
      ...(runs.o0.length > 0 ? { o300OverO0: ratioSpread(wall('o300'), wall('o0')), o1000OverO0: ratioSpread(wall('o1000'), wall('o0')) } : {}),
    },
  };
  if (o.npmStart) {
    const starts = [];
    const args = npmStartArgs();
    for (let i = 0; i < o.repetitions; i++) {
      o.log(`bench: npm start ${i + 1}/${o.repetitions} (${args.join(' ')})`);
      const r = await evconf(args, dir, 1_800_000);
      o.log(`bench: npm start: ${r.wallS.toFixed(1)} s, exit ${r.code}`);
      starts.push(r);
    }
    figures.npmStart = { command: `npm start (node bin/evconf.mjs ${args.join(' ')})`, wallSeconds: spread(starts.map((r) => r.wallS)), exitCodes: starts.map((r) => r.code) };
  }
  return figures;
}

/** The arguments `npm start` gives evconf, read from package.json (the bench measures what users run). */
function npmStartArgs(): string[] {
  const start = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const m = /^node bin\/evconf\.mjs\s+(.*)$/.exec(start.trim());
  if (!m) throw new Error(`package.json "start" is not "node bin/evconf.mjs …": ${start}`);
  return m[1].split(/\s+/);
}

const s1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Where one run's time went, from its results.json timing (one line). */
function whereTimeWent(t?: StageTiming): string {
  if (!t?.waits) return '';
  const phases = (t.phases ?? []).map((p) => `${p.phase} ${s1(p.durationMs)}`).join(', ');
  const w = t.waits;
  return `${phases}; ${w.requests.count} requests; readable lag p50 ${w.readable.p50Ms} / max ${w.readable.maxMs} ms; processing p50 ${w.processed.p50Ms} / max ${w.processed.maxMs} ms; ${w.settle.count} settles, ${s1(w.settle.totalMs)} in all (window ${w.settle.windowMaxMs} ms)`;
}

/** The printed lines of the figures (only the servers that ran; a ratio only where both of its runs did). */
export function slowServerLines(f: SlowServerFigures): string[] {
  const show = (s: Spread, unit = '') => `median ${s.median}${unit} (min ${s.min}, max ${s.max})`;
  const ran = (k: Key) => f.runs[k].length > 0;
  const goal = (label: string, s: Spread | undefined, max: number) => (s ? [`  ${label} ${show(s)}; goal ≤ ${max}: ${s.median <= max ? 'met' : 'NOT met'}`] : []);
  return [
    `  fast against slow servers: one version, 1.6.0, seed ${f.seed}`,
    ...(Object.keys(SLOW_SERVERS) as Key[]).filter(ran).flatMap((k) => [
      `  (${k}) ${SLOW_SERVERS[k].label}: ${show(f.wallSeconds[k], ' s')}`,
      ...f.runs[k].slice(-1).map((r) => `        ${whereTimeWent(r.timing)}`),
    ]),
    ...(ran('a') && ran('b') ? goal('(b)/(a)', f.ratios.bOverA, 1.5) : []),
    ...(ran('a') && ran('c') ? goal('(c)/(a)', f.ratios.cOverA, 2) : []),
    ...(ran('a') && ran('d') ? [`  (d)/(a) ${show(f.ratios.dOverA)}`] : []),
    ...(ran('a') && ran('f1') && ran('f2') ? [`  (f1)/(a) ${show(f.ratios.f1OverA)}, (f2)/(a) ${show(f.ratios.f2OverA)}; failing run goal ≤ 1.2: ${Math.max(f.ratios.f1OverA.median, f.ratios.f2OverA.median) <= 1.2 ? 'met' : 'NOT met'}`] : []),
    ...(ran('a') ? [`  (a) goal ≤ 15 s: ${f.wallSeconds.a.median <= 15 ? 'met' : 'NOT met'}`] : []),
    ...(ran('o0') && ran('o300') ? goal('Opencast mode (o300)/(o0)', f.ratios.o300OverO0, 1.5) : []),
    ...(ran('o0') && ran('o1000') ? goal('Opencast mode (o1000)/(o0)', f.ratios.o1000OverO0, 2.5) : []),
    ...(f.npmStart ? [`  npm start: ${show(f.npmStart.wallSeconds, ' s')}, exit ${f.npmStart.exitCodes.join(', ')}; goal ≤ 60 s: ${f.npmStart.wallSeconds.median <= 60 ? 'met' : 'NOT met'}`] : []),
  ];
}
