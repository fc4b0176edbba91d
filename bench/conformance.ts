import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunResult } from '../src/model/index.js';
import { EVCONF_BIN } from '../src/load/child-server.js';
import { PROJECT_ROOT } from '../src/spec/paths.js';
import { spread, type Spread } from './stats.js';

/**
 * (c) One version's full conformance run (`evconf run --api-version 1.6.0 --json FILE`) as a child process: wall
 * time, the run's own durationMs, and requests per second, counted by a preload on undici's diagnostics channel.
 */

export interface ConformanceFigures {
  command: string;
  wallSeconds: Spread;
  runDurationSeconds: Spread;
  requests: Spread;
  requestsPerSecond: Spread;
  checks: number;
  summary: RunResult['summary'];
  exitCodes: number[];
}

function once(dir: string, i: number, timeoutMs: number): Promise<{ wallS: number; code: number; run: RunResult; requests: number }> {
  const json = join(dir, `run-${i}.json`);
  const countFile = join(dir, `count-${i}.txt`);
  const preload = join(PROJECT_ROOT, 'bench', 'count-requests.mjs');
  const args = ['--import', preload, EVCONF_BIN, 'run', '--api-version', '1.6.0', '--json', json, '--report-dir', join(dir, 'reports')];
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1', EVCONF_BENCH_COUNT_FILE: countFile } });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => { err = (err + d.toString()).slice(-2000); });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const wallS = (performance.now() - t0) / 1000;
      if (!existsSync(json)) return reject(new Error(`evconf run wrote no results (status ${code}): ${err.trim().split('\n').slice(-3).join(' | ')}`));
      const run = JSON.parse(readFileSync(json, 'utf8')) as RunResult;
      const requests = existsSync(countFile) ? Number(readFileSync(countFile, 'utf8')) : NaN;
      resolve({ wallS, code: code ?? -1, run, requests });
    });
  });
}

export async function benchConformance(o: { repetitions: number; log: (l: string) => void }): Promise<ConformanceFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'evconf-bench-run-'));
  const runs = [];
  for (let i = 0; i < o.repetitions; i++) {
    o.log(`bench: conformance run ${i + 1}/${o.repetitions} (evconf run --api-version 1.6.0)`);
    runs.push(await once(dir, i, 600_000));
  }
  const last = runs[runs.length - 1].run;
  return {
    command: 'node bin/evconf.mjs run --api-version 1.6.0 --json FILE',
    wallSeconds: spread(runs.map((r) => r.wallS)),
    runDurationSeconds: spread(runs.map((r) => r.run.durationMs / 1000)),
    requests: spread(runs.map((r) => r.requests)),
    requestsPerSecond: spread(runs.map((r) => r.requests / (r.run.durationMs / 1000))),
    checks: last.results.length,
    summary: last.summary,
    exitCodes: runs.map((r) => r.code),
  };
}
