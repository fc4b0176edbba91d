import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseUsers } from '../reference/index.js';
import { referenceServerForTests } from './test-server.js';
import { runCli } from './cli-process.js';

const ADMIN_PW = 'Adm1n-S3cret-pw';
const USER_PW = 'Al1ce-S3cret-pw';
const TOKEN = 'tok-9f8e7d6c5b4a';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

/** Every form in which a secret could leak: as is, base64 of user:pass, base64 of the password, URL-encoded. */
function forms(): string[] {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  return [ADMIN_PW, USER_PW, TOKEN, b64(`admin:${ADMIN_PW}`), b64(`alice:${USER_PW}`), b64(ADMIN_PW), b64(USER_PW),
    b64(`admin:${ADMIN_PW}`).replace(/=+$/, ''), encodeURIComponent(ADMIN_PW)];
}

// Credentials from flags and environment are redacted everywhere (console, JSON, JUnit, HTML, curl lines).
describe('self-test: secrets never leave evconf', () => {
  // A planted bug, so that failing results carry full exchanges and curl lines.
  const srv = referenceServerForTests({ mutant: 'list-limit-off-by-one', processingDelayMs: 50, retractDelayMs: 50, users: parseUsers(`admin:${ADMIN_PW}:ROLE_ADMIN,alice:${USER_PW}`) });

  it.each([
    ['flags', (u: string, d: string) => ({ args: ['--auth', `admin:${ADMIN_PW}`, '--user-auth', `alice:${USER_PW}`, '--json', join(d, 'x.json'), '--junit', join(d, 'x.xml'), '--html', join(d, 'x.html')], env: {} as NodeJS.ProcessEnv, url: u })],
    ['environment', (u: string, d: string) => ({ args: ['--json', join(d, 'x.json')], env: { EVCONF_AUTH: `admin:${ADMIN_PW}`, EVCONF_USER_AUTH: `alice:${USER_PW}` } as NodeJS.ProcessEnv, url: u })],
  ])('credentials from %s appear in no output and no file written', async (_, make) => {
    const dir = mkdtempSync(join(tmpdir(), 'evconf-secrets-'));
    const m = make(srv.url, dir);
    const run = await runCli(['run', '--base-url', m.url, '--api-version', '1.0.0,1.6.0', '--header', `X-Api-Key: ${TOKEN}`,
      '--settle-ms', '500', '--report-dir', dir, ...m.args], { killAfterMs: 120_000, env: m.env });
    expect(run.killed).toBe(false);
    expect(run.code).toBe(1);
    const written = files(dir);
    expect(written.length).toBeGreaterThanOrEqual(4);
    const texts = [['stdout', run.stdout], ['stderr', run.stderr], ...written.map((f) => [f, readFileSync(f, 'utf8')])];
    for (const [where, text] of texts) {
      for (const secret of forms()) expect(text.includes(secret), `${secret} found in ${where}`).toBe(false);
    }
    const results = readFileSync(join(dir, 'latest', 'results.json'), 'utf8');
    expect(results).toContain('<redacted>');
    expect(results).toMatch(/"curl": "curl [^\n]*\$EVCONF_USER:\$EVCONF_PASS/);
  }, 150_000); // a bound on two whole versions (the run itself is killed at 120 s), not a speed target
});
