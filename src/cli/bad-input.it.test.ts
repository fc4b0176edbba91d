import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../selftest/cli-process.js';

const dir = mkdtempSync(join(tmpdir(), 'evconf-bad-'));
const badSuites = join(dir, 'suites');
mkdirSync(badSuites);
writeFileSync(join(badSuites, 'broken.yaml'), 'family: events\nendpoint: GET /api/events\nscenarios:\n  - id: x\n    title: [\n');
const badConfig = join(dir, 'bad.config.yaml');
writeFileSync(badConfig, 'baseUrl: http://127.0.0.1:1\nretries: 3\n');

/** A TCP port that answers garbage instead of HTTP, for as long as the test runs. */
async function garbagePort(): Promise<{ port: number; close: () => void }> {
  const srv = createServer((s) => { s.on('data', () => s.end('HELLO garbage\r\n\r\n')); s.on('error', () => undefined); });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  return { port: (srv.address() as { port: number }).port, close: () => srv.close() };
}

// Every bad input to evconf gives exit 2 and one line saying what and how to fix, within the timeout.
describe('CLI: bad input gives exit 2 and one line', () => {
  it.each([
    ['an unknown flag', ['run', '--bogus'], /unknown option '--bogus'/],
    ['an unknown command', ['frobnicate'], /unknown command 'frobnicate'/],
    // 1.7.0-1.11.0 are known since the addendum; 1.12.0 is not a version of either spec.
    ['an unknown API version', ['run', '--api-version', '1.12.0'], /unknown API version "1\.12\.0"/],
    ['a bad base URL', ['run', '--base-url', 'ftp://example.org'], /must be http/],
    ['credentials in the base URL', ['run', '--base-url', 'http://u:p@127.0.0.1:1'], /must not contain credentials/],
    ['a malformed --auth', ['run', '--auth', 'nocolon'], /--auth must be USER:PASS/],
    ['a malformed --header', ['run', '--header', 'no colon here'], /--header must be "Name: value"/],
    ['a non-numeric timeout', ['run', '--timeout', 'soon'], /--timeout must be a whole number/],
    ['an unreachable server', ['run', '--base-url', 'http://127.0.0.1:1', '--timeout', '2000'], /cannot reach http:\/\/127\.0\.0\.1:1 \(connect-refused/],
    ['a missing config file', ['run', '--config', join(dir, 'nope.yaml')], /cannot read --config/],
    ['an unknown key in the config file', ['run', '--config', badConfig], /unknown key "retries"/],
    ['a broken scenario file', ['run', '--suites', badSuites], /scenario file .*broken\.yaml:6:1: YAML syntax/],
    ['an unknown mutant', ['run', '--mutant', 'nope'], /Unknown mutant "nope"/],
    ['--mutant with --base-url', ['run', '--mutant', 'list-status-201', '--base-url', 'http://127.0.0.1:1'], /--mutant applies to the embedded reference server only/],
    ['an unknown mutant of evconf load', ['load', '--mutant', 'nope'], /Unknown mutant "nope"/],
    ['--mutant with --base-url of evconf load', ['load', '--mutant', 'slow-filter', '--base-url', 'http://127.0.0.1:1'], /--mutant applies to the embedded reference server only/],
    ['a missing results file', ['report', join(dir, 'none.json')], /cannot read results/],
    ['an unknown --budget', ['run', '--load', '--budget', 'latency=3'], /--budget: unknown budget "latency"/],
    ['a bad --budget of evconf load', ['load', '--budget', 'errors=2'], /--budget: errors must be a rate from 0 to 1/],
  ])('%s', async (_, args, message) => {
    const run = await runCli(args, { killAfterMs: 20_000 });
    expect(run.killed).toBe(false);
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^evconf: /);
    expect(lines[0]).toMatch(message);
  });

  it('a TCP port that answers garbage', async () => {
    const g = await garbagePort();
    try {
      const run = await runCli(['run', '--base-url', `http://127.0.0.1:${g.port}`, '--timeout', '2000'], { killAfterMs: 20_000 });
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/bad-response.*does not speak HTTP/);
    } finally {
      g.close();
    }
  });

  it('--help lists the bounds and exits 0', async () => {
    const run = await runCli(['run', '--help'], { killAfterMs: 20_000 });
    expect(run.code).toBe(0);
    for (const flag of ['--timeout', '--settle-ms', '--max-duration', '--concurrency', '--processing-timeout']) expect(run.stdout).toContain(flag);
  });
});
