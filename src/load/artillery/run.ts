import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join, resolve } from 'node:path';
import { UsageError } from '../../config/errors.js';

/**
 * Running a local Artillery (an optional peer dependency) on one script: found as EVCONF_ARTILLERY (its
 * executable), as the `artillery` package installed beside evconf, or on PATH. Never installed by evconf.
 */

/** The newest Artillery that runs on Node 20 (2.0.22 and later need Node 22.13). */
export const ARTILLERY_VERSION = '2.0.21';
export const INSTALL_HINT = `npm install --no-save --ignore-scripts artillery@${ARTILLERY_VERSION} (--ignore-scripts: its browser engine would download Chromium; on Node 22+ npm install -g artillery), or set EVCONF_ARTILLERY to its executable`;

export interface ArtilleryCommand {
  command: string;
  args: string[];
  /** Where it was found, for messages. */
  where: string;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The package's own bin script, if the `artillery` package resolves from evconf's folder. */
function fromPackage(): string | undefined {
  try {
    const pkgFile = createRequire(import.meta.url).resolve('artillery/package.json');
    const bin = (JSON.parse(readFileSync(pkgFile, 'utf8')) as { bin?: Record<string, string> | string }).bin;
    const rel = typeof bin === 'string' ? bin : bin?.artillery;
    return rel ? join(dirname(pkgFile), rel) : undefined;
  } catch {
    return undefined;
  }
}

/** Finds Artillery, or throws a one-line UsageError that says how to install it. */
export function findArtillery(env: NodeJS.ProcessEnv = process.env): ArtilleryCommand {
  const given = env.EVCONF_ARTILLERY;
  if (given) {
    const file = resolve(given);
    if (!existsSync(file)) throw new UsageError(`EVCONF_ARTILLERY=${given}: no such file; point it at Artillery's executable, or unset it and ${INSTALL_HINT}`);
    return /\.(c|m)?js$/.test(file) || !executable(file) ? { command: process.execPath, args: [file], where: file } : { command: file, args: [], where: file };
  }
  const bin = fromPackage();
  if (bin) return { command: process.execPath, args: [bin], where: bin };
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const file = join(dir, 'artillery');
    if (executable(file)) return { command: file, args: [], where: file };
  }
  throw new UsageError(`--engine artillery needs Artillery, which is not installed here: ${INSTALL_HINT}`);
}

export interface ArtilleryRunOptions {
  artillery: ArtilleryCommand;
  script: string;
  report: string;
  /** Extra environment: credentials and --header values the script reads. */
  env: Record<string, string>;
  /** Bound on the whole run (start-up, load, report). */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface ArtilleryRunOutcome {
  /** Artillery's exit status (null when evconf stopped it after the report was written). */
  exitCode: number | null;
  /** The last lines it printed. */
  tail: string[];
  /** Artillery's CPU time while its virtual users ran, in percent of one core (Linux only: /proc). */
  cpuPct?: number;
}

/** User + system CPU of a process in ms (all its threads; Artillery's workers are threads), from /proc. */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 (utime, stime) in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * After its report, Artillery 2.0.x sends a usage event even with telemetry disabled and waits for it (about 12 s of
 * retries where the network does not reach it); by then the report is written and the `ensure` checks are printed.
 */
const AFTER_REPORT_MS = 2000;

/** Runs `artillery run --output REPORT SCRIPT`; resolves when it exits (or is stopped after writing the report). */
export function runArtillery(o: ArtilleryRunOptions): Promise<ArtilleryRunOutcome> {
  const child = spawn(o.artillery.command, [...o.artillery.args, 'run', '--output', o.report, o.script], {
    cwd: dirname(o.script), stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ARTILLERY_DISABLE_TELEMETRY: 'true', NO_COLOR: '1', FORCE_COLOR: '0', ...o.env },
  });
  const tail: string[] = [];
  const timers: NodeJS.Timeout[] = [];
  // Artillery's CPU from its first phase to "All VUs finished": its start-up and report are left out.
  let cpu0: { ms: number; at: number } | undefined;
  let cpuPct: number | undefined;
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const onLine = (line: string) => {
    if (line.trim() === '') return;
    tail.push(line);
    if (tail.length > 40) tail.shift();
    if (line.startsWith('Log file:')) timers.push(setTimeout(kill, AFTER_REPORT_MS));
    const ms = /^Phase started|^All VUs finished/.test(line) ? cpuMs(child.pid) : undefined;
    if (ms !== undefined && line.startsWith('Phase started')) cpu0 ??= { ms, at: Date.now() };
    else if (ms !== undefined && cpu0 && Date.now() > cpu0.at) cpuPct = Math.round(((ms - cpu0.ms) / (Date.now() - cpu0.at)) * 1000) / 10;
  };
  for (const stream of [child.stdout, child.stderr]) {
    let buf = '';
    stream.setEncoding('utf8');
    stream.on('data', (d: string) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      lines.forEach(onLine);
    });
  }
  timers.push(setTimeout(kill, o.timeoutMs));
  o.signal?.addEventListener('abort', kill, { once: true });
  process.once('exit', kill);
  return new Promise((resolveRun, reject) => {
    child.once('error', (e) => reject(new UsageError(`cannot start Artillery (${o.artillery.where}): ${e.message}; ${INSTALL_HINT}`)));
    child.once('close', (code) => {
      timers.forEach(clearTimeout);
      o.signal?.removeEventListener('abort', kill);
      process.off('exit', kill);
      resolveRun({ exitCode: code, tail, ...(cpuPct !== undefined ? { cpuPct } : {}) });
    });
  });
}
