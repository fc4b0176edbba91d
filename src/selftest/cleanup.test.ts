import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUsers } from '../reference/index.js';
import { referenceServerForTests } from './test-server.js';
import { runCli } from './cli-process.js';

// Everything a run creates is deleted at the end, also after Ctrl-C, and nothing it did
// not create is touched. The server here already holds events that are not evconf's.
describe('self-test: cleanup guarantee', () => {
  let slow = false;
  // Slow (25 ms per request) for the interrupt tests, so that an interrupt lands in the middle of a phase.
  const srv = referenceServerForTests({ processingDelayMs: 50, retractDelayMs: 50, users: parseUsers('admin:pw-admin:ROLE_ADMIN,alice:pw-alice') },
    (h) => (req, res) => (slow ? void setTimeout(() => h(req, res), 25) : h(req, res)));
  const ref = srv.ref;
  // Reports go to a temporary folder, removed afterwards: `npm test` leaves nothing behind in reports/.
  const reportDir = mkdtempSync(join(tmpdir(), 'evconf-selftest-cleanup-'));
  afterAll(() => rmSync(reportDir, { recursive: true, force: true }));
  const args = () => ['run', '--base-url', srv.url, '--api-version', 'all', '--auth', 'admin:pw-admin', '--user-auth', 'alice:pw-alice', '--settle-ms', '800', '--runs', '3', '--report-dir', reportDir];

  beforeAll(async () => {
    // Someone else's events: must survive every run untouched.
    for (const title of ['not evconf 1', 'not evconf 2']) {
      const fd = new FormData();
      fd.append('metadata', JSON.stringify([{ flavor: 'dublincore/episode', fields: [{ id: 'title', value: title }] }]));
      const res = await fetch(`${srv.url}/api/events`, { method: 'POST', body: fd, headers: { authorization: `Basic ${Buffer.from('admin:pw-admin').toString('base64')}` } });
      expect(res.status).toBe(201);
    }
  });

  it('a full run leaves the event count as it found it', async () => {
    const before = ref.store.count();
    const run = await runCli(args(), { killAfterMs: 240_000 });
    expect(run.killed).toBe(false);
    // 3 (incomplete) would say a MUST rule went untested: the verdict lines and the untested rules say which.
    expect([0, 1], run.stdout.split('\n').filter((l) => /incomplete|untested|○/i.test(l)).join('\n')).toContain(run.code);
    expect(ref.store.count()).toBe(before);
  }, 240_000);

  it('a run interrupted by SIGINT mid-phase still deletes what it created', async () => {
    slow = true;
    const before = ref.store.count();
    const run = await runCli(args(), { killAfterMs: 120_000, signalAfterMs: { signal: 'SIGINT', ms: 800 }, signalAfterStderr: ': run ' });
    expect(run.killed).toBe(false);
    expect(run.stderr).toContain('interrupted');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('run stopped early');
    expect(ref.store.count()).toBe(before);
  });

  it('a second SIGINT stops at once and names what may be left', async () => {
    const run = await runCli(args(), { killAfterMs: 60_000, signalAfterMs: { signal: 'SIGINT', ms: 800 }, secondSignalAfterMs: 820, signalAfterStderr: ': run ' });
    expect(run.killed).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/stopped at once; \d+ event\(s\) created by this run may remain/);
    // What is left is exactly what the message names: delete it so the other tests see a clean server.
    const named = /may remain on \S+: (.+)$/m.exec(run.stderr)?.[1]?.split(', ') ?? [];
    for (const id of named) {
      await fetch(`${srv.url}/api/events/${id}`, { method: 'DELETE', headers: { authorization: `Basic ${Buffer.from('admin:pw-admin').toString('base64')}` } });
    }
  });
});
