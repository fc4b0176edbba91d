import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../spec/paths.js';

/**
 * The embedded reference server as a CHILD process (`evconf serve --port 0`), so that the load generator never
 * shares its event loop (ecosystem §4: same-process load halves the throughput). Killed at the end and on any exit.
 */

export const EVCONF_BIN = join(PROJECT_ROOT, 'bin', 'evconf.mjs');

export interface ChildServer {
  url: string;
  pid: number;
  /** False once the process has exited (its in-memory events are gone with it). */
  alive(): boolean;
  close(): Promise<void>;
}

export interface ChildServerOptions {
  mutant?: string;
  /** Extra arguments for `evconf serve` (e.g. --processing-delay 50). */
  args?: string[];
  startTimeoutMs?: number;
  /** Extra environment of the child (e.g. EVCONF_SERVE_USERS: credentials stay off the command line). */
  env?: Record<string, string>;
  /** Aborting it before the child listens kills the child (a run that fails on its inputs while the server boots). */
  signal?: AbortSignal;
}

const LISTENING = /listening on (http:\/\/\S+)/;

function killOnExit(child: ChildProcess): () => void {
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  return () => process.off('exit', kill);
}

/** Stops a child: SIGTERM, then SIGKILL after `graceMs`. */
export function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const hard = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(hard);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Spawns a node child that prints a "… listening on http://…" line; resolves with that URL. */
export function spawnListening(args: string[], startTimeoutMs = 30_000, env: Record<string, string> = {}, signal?: AbortSignal): Promise<{ child: ChildProcess; url: string; forget: () => void }> {
  const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', ...env } });
  const forget = killOnExit(child);
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    const onAbort = () => fail('aborted before the server listened');
    const fail = (why: string) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      forget();
      child.kill('SIGKILL');
      reject(new Error(why));
    };
    const timer = setTimeout(() => fail(`the server did not start within ${startTimeoutMs} ms${err ? `: ${err.trim().split('\n')[0]}` : ''}`), startTimeoutMs);
    if (signal?.aborted) return fail('aborted before the server listened');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stderr!.on('data', (d: Buffer) => { err = (err + d.toString()).slice(-4000); });
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = LISTENING.exec(out);
      if (!m) return;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      child.removeAllListeners('exit');
      resolve({ child, url: m[1], forget });
    });
    child.once('exit', (code, signal) => fail(`the server exited (${signal ?? `status ${code}`}) before listening: ${err.trim().split('\n')[0] || out.trim() || 'no output'}`));
    child.once('error', (e) => fail(`cannot start the server: ${e.message}`));
  });
}

/** Starts `evconf serve --port 0 --host 127.0.0.1 [--mutant X]` as a child process. */
export async function startChildServer(opts: ChildServerOptions = {}): Promise<ChildServer> {
  // A target of evconf's own runs, never a client double: no request is read for departures (a tenth of its CPU).
  const args = [EVCONF_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--no-client-record', ...(opts.mutant ? ['--mutant', opts.mutant] : []), ...(opts.args ?? [])];
  const { child, url, forget } = await spawnListening(args, opts.startTimeoutMs, opts.env, opts.signal);
  return {
    url,
    pid: child.pid!,
    alive: () => child.exitCode === null && child.signalCode === null,
    close: async () => {
      await stopChild(child);
      forget();
    },
  };
}
