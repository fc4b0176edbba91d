/**
 * `npm run bench:slow`: only the "fast against slow servers" part of `npm run bench` (bench/slow-servers.ts),
 * written to reports/bench-slow-servers.json and printed. BENCH_REPS (default 1), BENCH_SEED (default 21),
 * BENCH_SKIP=start leaves out `npm start`; BENCH_ONLY=o0,o300,o1000 runs only the servers named (e.g. the Opencast
 * mode with its index lag 0, 300 ms and 1 s, side by side).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../src/spec/paths.js';
import { benchSlowServers, SLOW_SERVERS, slowServerLines, type SlowServerKey } from './slow-servers.js';

const log = (l: string) => process.stderr.write(`${l}\n`);
const reps = Number(process.env.BENCH_REPS ?? 1);
const seed = Number(process.env.BENCH_SEED ?? 21);
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()));
const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((s) => s.trim()) : undefined;
const unknown = (only ?? []).filter((k) => !(k in SLOW_SERVERS));
if (unknown.length > 0) {
  process.stderr.write(`BENCH_ONLY: unknown server(s) ${unknown.join(', ')}; known: ${Object.keys(SLOW_SERVERS).join(', ')}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const machine = { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '?' };
  const figures = await benchSlowServers({ repetitions: reps, seed, npmStart: !skip.has('start') && only === undefined, log, ...(only ? { only: only as SlowServerKey[] } : {}) });
  const dir = join(PROJECT_ROOT, 'reports');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'bench-slow-servers.json');
  writeFileSync(file, `${JSON.stringify({ startedAt, machine, slowServers: figures }, null, 2)}\n`);
  process.stdout.write(`${[`evconf bench (${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, ${reps} repetition(s))`, ...slowServerLines(figures), `written to ${file}`].join('\n')}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  process.exitCode = 1;
});
