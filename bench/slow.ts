/**
 * `npm run bench:slow`: only the "fast against slow servers" part of `npm run bench` (bench/slow-servers.ts),
 * written to reports/bench-slow-servers.json and printed. BENCH_REPS (default 1), BENCH_SEED (default 21),
 * BENCH_SKIP=start leaves out `npm start`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../src/spec/paths.js';
import { benchSlowServers, slowServerLines } from './slow-servers.js';

const log = (l: string) => process.stderr.write(`${l}\n`);
const reps = Number(process.env.BENCH_REPS ?? 1);
const seed = Number(process.env.BENCH_SEED ?? 21);
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()));

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const machine = { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '?' };
  const figures = await benchSlowServers({ repetitions: reps, seed, npmStart: !skip.has('start'), log });
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
