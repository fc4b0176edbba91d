import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange } from '../model/exchange.js';
import { createHttpClient } from './client.js';
import { closedPort, startHttp, startTcp, type TestServer } from './test-servers.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function track(s: Promise<TestServer>): Promise<TestServer> {
  const server = await s;
  servers.push(server);
  return server;
}

/**
 * One request against `url` with a short deadline; asserts it came back bounded: within the deadline plus a margin a
 * busy shared machine cannot exceed (no timing-dependent unit tests; a hang would exceed it by far).
 */
async function sendOnce(url: string, opts: { timeoutMs?: number; maxBodyBytes?: number } = {}): Promise<Exchange> {
  const timeoutMs = opts.timeoutMs ?? 400;
  const c = createHttpClient({ baseUrl: url, timeoutMs, ...(opts.maxBodyBytes ? { maxBodyBytes: opts.maxBodyBytes } : {}) });
  const t0 = performance.now();
  const ex = await c.send({ method: 'GET', path: '/' });
  expect(performance.now() - t0).toBeLessThan(timeoutMs + 3_000);
  await c.close();
  return ex;
}

describe('send: transport failures become Exchanges', () => {
  it('connection refused on a closed port', async () => {
    const ex = await sendOnce(`http://127.0.0.1:${await closedPort()}`);
    expect(ex.error?.code).toBe('connect-refused');
    expect(ex.response).toBeUndefined();
    expect(ex.curl).toMatch(/^curl /);
  });

  it('a server that never answers times out at the deadline', async () => {
    const s = await track(startTcp(() => undefined));
    const ex = await sendOnce(s.url, { timeoutMs: 300 });
    expect(ex.error?.code).toBe('headers-timeout');
    expect(ex.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('headers then a hang: body-timeout with the partial body', async () => {
    const s = await track(startHttp((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
    }));
    const ex = await sendOnce(s.url, { timeoutMs: 300 });
    expect(ex.error?.code).toBe('body-timeout');
    expect(ex.response).toMatchObject({ status: 200, body: 'partial', bodyBytes: 7 });
  });

  it('a body shorter than its Content-Length, then close: socket-closed', async () => {
    const s = await track(startTcp((sock) => {
      sock.once('data', () => sock.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly ten..'));
    }));
    const ex = await sendOnce(s.url);
    expect(ex.error?.code).toBe('socket-closed');
    expect(ex.error?.message).toContain('10 of 100 bytes');
    expect(ex.response).toMatchObject({ status: 200, body: 'only ten..' });
  });

  it('a socket destroyed mid-body (chunked): socket-closed', async () => {
    const s = await track(startHttp((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[{"id":1}');
      setTimeout(() => res.socket?.destroy(), 20);
    }));
    const ex = await sendOnce(s.url);
    expect(ex.error?.code).toBe('socket-closed');
    expect(ex.response?.body).toBe('[{"id":1}');
  });

  it('an endless fast chunked stream stops at maxBodyBytes', async () => {
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const s = await track(startHttp((_req, res) => {
      res.writeHead(200);
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    }));
    const ex = await sendOnce(s.url, { maxBodyBytes: 256 * 1024 });
    expect(ex.error?.code).toBe('body-too-large');
    expect(ex.response).toMatchObject({ status: 200, bodyBytes: 256 * 1024, truncated: true });
  });

  it('an endless slow chunked stream stops at the hard deadline', async () => {
    const s = await track(startHttp((_req, res) => {
      res.writeHead(200);
      const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write('tick\n')), 20);
      res.on('close', () => clearInterval(t));
    }));
    const ex = await sendOnce(s.url, { timeoutMs: 300 });
    expect(ex.error?.code).toBe('body-timeout');
    expect(ex.response?.body).toMatch(/^(tick\n)+$/);
  });

  it('a 50 MB body stops at the default 8 MiB cap, fast', async () => {
    const body = Buffer.alloc(50 * 1024 * 1024, 'z');
    const s = await track(startHttp((_req, res) => {
      res.on('error', () => res.destroy());
      res.writeHead(200, { 'content-length': String(body.length) }).end(body);
    }));
    const ex = await sendOnce(s.url, { timeoutMs: 3000 });
    expect(ex.error?.code).toBe('body-too-large');
    expect(ex.response).toMatchObject({ bodyBytes: 8 * 1024 * 1024, truncated: true });
    expect(ex.response?.body.length).toBe(64 * 1024);
    expect(ex.durationMs).toBeLessThan(6_000); // bounded: the 3 s deadline plus a busy machine's margin
  });

  it('garbage that is not HTTP: bad-response, and the next request still works', async () => {
    const bad = await track(startTcp((sock) => sock.write('HELLO\r\n')));
    const good = await track(startHttp((_req, res) => res.end('fine')));
    const ex = await sendOnce(bad.url);
    expect(ex.error?.code).toBe('bad-response');
    expect(ex.response).toBeUndefined();
    const c = createHttpClient({ baseUrl: bad.url, timeoutMs: 1000 });
    expect((await c.send({ method: 'GET', path: '/' })).error?.code).toBe('bad-response');
    expect((await c.send({ method: 'GET', path: `${good.url}/` })).response?.body).toBe('fine');
    await c.close();
  });

  it('a spec with two bodies is an Exchange with an error, not a throw', async () => {
    const c = createHttpClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    const ex = await c.send({ method: 'POST', path: '/x', json: {}, form: { a: 'b' } });
    await c.close();
    expect(ex.error).toEqual({ code: 'other', message: 'request has more than one of json, form, multipart' });
    expect(ex.request.url).toBe('http://127.0.0.1:9/x');
  });
});
