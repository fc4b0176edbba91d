import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ClientReport } from '../reference/index.js';
import { QUOTE } from '../reference/strict/spec-quotes.js';
import { startChildServer } from '../load/child-server.js';

const BIN = fileURLToPath(new URL('../../bin/evconf.mjs', import.meta.url));

// `evconf serve --strict --client-report FILE` answers departures 400 and writes the record at SIGTERM.
describe('CLI: evconf serve --strict --client-report', () => {
  it('answers a departure 400, serves the record live, and writes JSON + HTML when stopped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evconf-client-'));
    const file = join(dir, 'client-report.json');
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--strict', '--client-report', file, '--users', 'admin:cli-secret:ROLE_ADMIN'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 20_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/\S+) \(strict\)/.exec(out);
          if (m) { clearTimeout(t); resolve(m[1]); }
        });
      });
      const auth = { authorization: `Basic ${Buffer.from('admin:cli-secret').toString('base64')}` };
      const bad = await fetch(`${url}/api/events?sort=startDate:ASC`, { headers: auth });
      expect(bad.status).toBe(400);
      const body = await bad.json() as { departures: { kind: string; spec: string }[] };
      expect(body.departures.map((d) => [d.kind, d.spec])).toEqual([['unknown-sort', QUOTE.sortNames]]);
      expect((await fetch(`${url}/api/events?sort=start_date:ASC`, { headers: auth })).status).toBe(200);
      // Outside /api/events: answered as without --strict, listed as outside the spec.
      expect((await fetch(`${url}/api/version/default`, { headers: auth })).status).toBe(200);
      const live = await (await fetch(`${url}/__evconf/client-report`)).json() as ClientReport;
      expect([live.requests, live.departures]).toEqual([3, 1]);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await closed).toBe(0);
    const report = JSON.parse(readFileSync(file, 'utf8')) as ClientReport;
    expect(report.strict).toBe(true);
    expect(report.kinds.map((k) => [k.kind, k.count, k.sentences[0].spec])).toEqual([['unknown-sort', 1, QUOTE.sortNames]]);
    expect(report.kinds[0].example.request.headers.authorization).toBe('Basic <redacted>');
    expect([report.headline, report.problems.map((p) => [p.kind, p.about, p.subject])]).toEqual(['1 distinct departure in 1 of 3 requests', [['unknown-sort', 'sort', 'startDate']]]);
    expect(report.problems[0].groups[0].example.curl).toContain('-u "$EVCONF_USER:$EVCONF_PASS"');
    expect(report.outsideSpec).toEqual([{ method: 'GET', path: '/api/version/default', count: 1, statuses: { 200: 1 } }]);
    const html = readFileSync(join(dir, 'client-report.html'), 'utf8');
    expect(html).toContain('unknown-sort');
    expect(html).toContain(QUOTE.sortNames);
    expect(html).toContain('1 distinct departure in 1 of 3 requests');
    expect(html).toContain('sort=<mark>startDate:ASC</mark>');
    expect(`${html}${readFileSync(file, 'utf8')}`).not.toContain('cli-secret');
    expect(out).toContain(`client conformance record written: ${file}`);
  }, 60_000);

  it('--no-client-record (the servers evconf starts for its own runs): no request is read as a client double', async () => {
    const refused = spawnSync(process.execPath, [BIN, 'serve', '--no-client-record', '--strict'], { encoding: 'utf8', timeout: 20_000 });
    expect([refused.status, refused.stderr.trim()]).toEqual([2, 'evconf: --no-client-record cannot go with --strict or --client-report, which need the record']);
    const server = await startChildServer();
    try {
      // Requests are answered; no record is kept, so none is served (with one, this path answers 200).
      expect((await fetch(`${server.url}/api/events?sort=title:ASC`)).status).toBe(200);
      expect((await fetch(`${server.url}/__evconf/client-report`)).status).toBe(404);
    } finally {
      await server.close();
    }
  }, 60_000);
});
