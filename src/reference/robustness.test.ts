import { connect } from 'node:net';
import { request } from 'undici';
import { FormData } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from './index.js';
import { call, createId, form } from './testkit.js';

describe('robustness: bad input never crashes the server', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => ({ url: base, close } = await startReferenceServer({})));
  afterAll(() => close());

  it('keeps idle connections 30 s, so a lagging client does not reuse one the server is closing', async () => {
    const r = await request(`${base}/api/events`);
    await r.body.dump();
    expect(r.headers['keep-alive']).toBe('timeout=30');
  });

  it('bad JSON in any part → 400 naming it', async () => {
    for (const part of ['acl', 'metadata', 'processing', 'scheduling']) {
      const fd = new FormData();
      fd.append('metadata', '[{"flavor":"dublincore/episode","fields":[]}]');
      fd.set(part, '{oops');
      const r = await call(base, '/api/events', { method: 'POST', body: fd });
      expect(r.status, part).toBe(400);
      expect(r.body.error).toContain(part);
    }
  });

  it('odd paths, types and bodies get 4xx, and the server keeps answering', async () => {
    const id = await createId(base);
    const cases: [string, string, Record<string, string>?, string?][] = [
      ['GET', '/api/events/%E0%A4%A'],
      ['GET', '/api/events?limit=1.5'],
      ['POST', '/api/events', { 'content-type': 'application/json' }, '{}'],
      ['PUT', `/api/events/${id}/acl`, { 'content-type': 'text/plain' }, 'acl=[]'],
      ['PUT', `/api/events/${id}/metadata?type=dublincore/episode`, { 'content-type': 'application/x-www-form-urlencoded' }, 'metadata=%5B%7B%22id%22%3A1%7D%5D'],
    ];
    for (const [method, path, headers, body] of cases) {
      const r = await request(base + path, { method: method as 'GET', headers, body });
      await r.body.text();
      expect(r.statusCode, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, `${method} ${path}`).toBeLessThan(500);
    }
    expect((await call(base, `/api/events/${id}/acl`, { method: 'PUT', body: form({ acl: '[]' }) })).status).toBe(204);
  });

  it('a declared body over 64 MB → 413 before it is read', async () => {
    const { port } = new URL(base);
    const head = await new Promise<string>((resolve, reject) => {
      const sock = connect(Number(port), '127.0.0.1', () => {
        sock.write(`POST /api/events HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${65 * 1024 * 1024}\r\n\r\nx`);
      });
      let got = '';
      sock.on('data', (d) => { got += d.toString(); if (got.includes('\r\n\r\n')) { sock.destroy(); resolve(got); } });
      sock.on('error', reject);
    });
    expect(head).toMatch(/^HTTP\/1\.1 413/);
  });
});
