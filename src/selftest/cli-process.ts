import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/evconf.mjs', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  killed: boolean;
}

/**
 * The CLI's children do not inherit the GitHub Actions job they may run in: their annotations would land in the
 * real job and their summaries in its $GITHUB_STEP_SUMMARY. A test that wants them sets these itself.
 */
const NOT_IN_CI = { GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: '' };

/** Runs the real CLI in a child process with a hard kill deadline (a hang fails the test, it cannot block it). */
export function runCli(args: string[], opts: { killAfterMs: number; env?: NodeJS.ProcessEnv; cwd?: string; signalAfterMs?: { signal: NodeJS.Signals; ms: number }; secondSignalAfterMs?: number; secondSignal?: NodeJS.Signals; signalAfterStderr?: string }): Promise<CliRun> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1', ...NOT_IN_CI, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'], ...(opts.cwd ? { cwd: opts.cwd } : {}) });
    let stdout = '';
    let stderr = '';
    let killed = false;
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const kill = setTimeout(() => { killed = true; child.kill('SIGKILL'); }, opts.killAfterMs);
    // Signals are timed from the moment stderr shows `signalAfterStderr` (the run has started and installed its
    // handlers), not from the spawn: on a loaded machine start-up alone can take seconds.
    let sig: NodeJS.Timeout | undefined;
    let sig2: NodeJS.Timeout | undefined;
    const arm = () => {
      if (!opts.signalAfterMs || sig) return;
      sig = setTimeout(() => child.kill(opts.signalAfterMs!.signal), opts.signalAfterMs.ms);
      if (opts.secondSignalAfterMs !== undefined) sig2 = setTimeout(() => child.kill(opts.secondSignal ?? opts.signalAfterMs!.signal), opts.secondSignalAfterMs);
    };
    if (!opts.signalAfterStderr) arm();
    child.stderr.on('data', () => { if (opts.signalAfterStderr && stderr.includes(opts.signalAfterStderr)) arm(); });
    child.on('close', (code) => {
      clearTimeout(kill);
      if (sig) clearTimeout(sig);
      if (sig2) clearTimeout(sig2);
      resolve({ code, stdout, stderr, ms: Date.now() - started, killed });
    });
  });
}
