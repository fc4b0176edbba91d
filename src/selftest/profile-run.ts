/**
 * `evconf run` in-process (the CLI's own runCommand, flags parsed as on the command line) against a reference server
 * of the test's own, optionally in a profile's mode with a planted mutant.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { buildRunConfig } from '../config/build.js';
import { parseRunFlags } from '../cli/main.js';
import { runCommand } from '../cli/run.js';
import type { RunResult } from '../model/index.js';
import { parseUsers, startReferenceServer } from '../reference/index.js';
import { SELFTEST_USERS } from './harness.js';

export interface ProfileRun {
  code: number;
  stdout: string;
  run: RunResult;
}

/** The self-test users' credentials as flags. */
const CREDENTIAL_FLAGS = ['--auth', 'admin:selftest-admin-pw', '--user-auth', 'alice:selftest-alice-pw', '--user-roles', 'ROLE_USER_ALICE,ROLE_SELFTEST_STAFF'];

/** `after`: called with the server's URL once the run is over, before the server closes (to look at what is left). */
export async function runProfile(args: string[], server: {
  profile?: 'opencast'; mutant?: string; processingDelayMs?: number; indexLagMs?: number; after?: (url: string) => Promise<void>;
  /** A server in front of the reference server (e.g. a proxy that answers some requests its own way): the run targets it. */
  front?: (upstream: string) => Promise<{ url: string; close(): Promise<void> }>;
} = {}): Promise<ProfileRun> {
  const { after, front, ...opts } = server;
  const ref = await startReferenceServer({ port: 0, processingDelayMs: 50, retractDelayMs: 50, users: parseUsers(SELFTEST_USERS), ...opts });
  const fronted = front ? await front(ref.url) : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'evconf-profile-'));
  const json = join(dir, 'results.json');
  const argv = ['run', '--base-url', fronted?.url ?? ref.url, ...CREDENTIAL_FLAGS, '--seed', '42', '--format', 'json', '--json', json, '--report-dir', dir, '--quiet', '--no-color', ...args];
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  out.on('data', (d: Buffer) => { stdout += d.toString(); });
  err.resume();
  try {
    const config = buildRunConfig(parseRunFlags(argv.slice(1)), {}, argv);
    const code = await runCommand(config, { out: out as unknown as NodeJS.WriteStream, err: err as unknown as NodeJS.WriteStream });
    await after?.(ref.url);
    return { code, stdout, run: JSON.parse(readFileSync(json, 'utf8')) as RunResult };
  } finally {
    await fronted?.close();
    await ref.close();
  }
}
