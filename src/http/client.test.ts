import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Response } from 'undici';
import { createHttpClient } from './client.js';
import { parseJsonBody } from './json-body.js';
import { readAll, startHttp, type TestServer } from './test-servers.js';

let server: TestServer;
const hits: Record<string, number> = {};

beforeAll(async () => {
  server = await startHttp(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits[url.pathname] = (hits[url.pathname] ?? 0) + 1;
    if (url.pathname === '/json') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-seen-accept': String(req.headers.accept) });
      return res.end(JSON.stringify({ url: req.url, auth: req.headers.authorization ?? null }));
    }
    if (url.pathname === '/missing') return res.writeHead(404, { 'content-type': 'text/plain' }).end('no such event');
    if (url.pathname === '/echo') {
      const body = await readAll(req);
      return res.writeHead(200, { 'x-content-type': String(req.headers['content-type']) }).end(body);
    }
    if (url.pathname === '/form') {
      const fd = await new Response(req, { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
      const out: Record<string, unknown> = {};
      for (const [name, value] of fd) {
        out[name] = typeof value === 'string' ? value
          : { filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()).toString('base64') };
      }
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
    }
    if (url.pathname === '/loop') return res.writeHead(302, { location: '/loop' }).end('moved');
    if (url.pathname === '/a') return res.writeHead(307, { location: '/b' }).end();
    if (url.pathname === '/b') return res.writeHead(200).end(`b via ${req.method}`);
    if (url.pathname === '/big') return res.writeHead(200).end('x'.repeat(100_000));
    if (url.pathname === '/big-json') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ identifier: `id-${i}` }))));
    if (url.pathname === '/utf8') return res.writeHead(200).end('é'.repeat(1000));
    res.writeHead(500).end();
  });
});
afterAll(() => server.close());

const client = () =>
  createHttpClient({
    baseUrl: `${server.url}/`,
    timeoutMs: 2000,
    versionHeader: { name: 'Accept', value: 'application/v1.3.0+json' },
  });

describe('send: normal responses', () => {
  it('records a JSON 200 with request, response, duration and curl', async () => {
    const c = client();
    const ex = await c.send({ method: 'get', path: '/json?sort=title:ASC', query: { limit: '2', id: ['a', 'b'], skip: undefined } });
    await c.close();
    expect(ex.error).toBeUndefined();
    expect(ex.request.method).toBe('GET');
    expect(ex.request.url).toBe(`${server.url}/json?sort=title:ASC&limit=2&id=a&id=b`);
    expect(ex.request.headers).toEqual({ accept: 'application/v1.3.0+json' });
    expect(ex.response?.status).toBe(200);
    expect(ex.response?.headers['x-seen-accept']).toBe('application/v1.3.0+json');
    expect(ex.response?.truncated).toBe(false);
    expect(parseJsonBody(ex)).toEqual({ ok: true, value: { url: '/json?sort=title:ASC&limit=2&id=a&id=b', auth: null } });
    expect(ex.durationMs).toBeGreaterThan(0);
    expect(ex.curl).toContain(`curl -sS -i '${server.url}/json?sort=title:ASC&limit=2&id=a&id=b'`);
  });

  it('treats a 404 as a response, not an error', async () => {
    const c = client();
    const ex = await c.send({ method: 'GET', path: '/missing' });
    await c.close();
    expect(ex.error).toBeUndefined();
    expect(ex.response).toMatchObject({ status: 404, body: 'no such event', bodyBytes: 13, truncated: false });
    expect(parseJsonBody(ex)).toMatchObject({ ok: false, reason: expect.stringContaining('not JSON (text/plain)') });
  });

  it('sends JSON and form bodies and records them as text', async () => {
    const c = client();
    const json = await c.send({ method: 'POST', path: '/echo', json: { title: 'T' } });
    const form = await c.send({ method: 'PUT', path: '/echo', form: { title: 'A & B', n: '1' } });
    await c.close();
    expect(json.response?.body).toBe('{"title":"T"}');
    expect(json.response?.headers['x-content-type']).toBe('application/json');
    expect(json.request.body).toBe('{"title":"T"}');
    expect(form.response?.body).toBe('title=A+%26+B&n=1');
    expect(form.response?.headers['x-content-type']).toBe('application/x-www-form-urlencoded; charset=UTF-8');
    expect(form.request.body).toBe('title=A+%26+B&n=1');
  });

  it('round-trips multipart text and binary parts (0x00-0xFF intact)', async () => {
    const bytes = Uint8Array.from({ length: 512 }, (_, i) => i % 256);
    const acl = '[{"action":"read","role":"ROLE_ANONYMOUS","allow":true}]';
    const c = client();
    const ex = await c.send({
      method: 'POST',
      path: '/form',
      multipart: [{ name: 'acl', value: acl }, { name: 'presenter', filename: 'presenter.mp4', contentType: 'video/mp4', data: bytes }],
    });
    await c.close();
    expect(parseJsonBody(ex)).toEqual({
      ok: true,
      value: { acl, presenter: { filename: 'presenter.mp4', type: 'video/mp4', bytes: Buffer.from(bytes).toString('base64') } },
    });
    expect(ex.request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(ex.request.body).toBe(`--part acl=${acl}\n--part presenter=<file presenter.mp4, video/mp4, 512 bytes>`);
    expect(ex.curl).toContain(`-F 'presenter=@presenter.mp4;type=video/mp4'`);
  });

  it('keeps an excerpt of a long body and cuts UTF-8 on a character boundary', async () => {
    const c = createHttpClient({ baseUrl: server.url, timeoutMs: 2000, excerptBytes: 1001 });
    const big = await c.send({ method: 'GET', path: '/big' });
    const utf8 = await c.send({ method: 'GET', path: '/utf8' });
    await c.close();
    expect(big.response).toMatchObject({ truncated: true, bodyBytes: 100_000 });
    expect(big.response?.body).toBe('x'.repeat(1001));
    expect(big.error).toBeUndefined();
    expect(parseJsonBody(big)).toMatchObject({ ok: false, reason: expect.stringContaining('not JSON') });
    // A copy of the Exchange (e.g. read back from results.json) has only the excerpt.
    expect(parseJsonBody(JSON.parse(JSON.stringify(big)))).toMatchObject({ ok: false, reason: expect.stringContaining('truncated') });
    expect(utf8.response?.body).toBe('é'.repeat(500));
  });

  it('parses a long JSON body whole although the Exchange keeps only an excerpt (no false alarm on big lists)', async () => {
    const c = createHttpClient({ baseUrl: server.url, timeoutMs: 2000, excerptBytes: 1000 });
    const ex = await c.send({ method: 'GET', path: '/big-json' });
    await c.close();
    expect(ex.response?.truncated).toBe(true);
    expect(ex.response?.body.length).toBe(1000);
    const parsed = parseJsonBody(ex);
    expect(parsed.ok && Array.isArray(parsed.value) && parsed.value.length).toBe(5000);
  });
});

describe('send: redirects', () => {
  it('returns a 302 as a plain response when maxRedirects is 0', async () => {
    const c = client();
    const ex = await c.send({ method: 'GET', path: '/loop' });
    await c.close();
    expect(ex.error).toBeUndefined();
    expect(ex.response).toMatchObject({ status: 302, body: 'moved' });
    expect(ex.response?.headers.location).toBe('/loop');
  });

  it('stops a redirect loop after maxRedirects with too-many-redirects', async () => {
    const before = hits['/loop'] ?? 0;
    const c = createHttpClient({ baseUrl: server.url, timeoutMs: 2000, maxRedirects: 3 });
    const ex = await c.send({ method: 'GET', path: '/loop' });
    await c.close();
    expect(ex.error?.code).toBe('too-many-redirects');
    expect(ex.error?.message).toContain('more than 3 redirects');
    expect(ex.response?.status).toBe(302);
    expect((hits['/loop'] ?? 0) - before).toBe(4);
  });

  it('follows a 307 keeping the method', async () => {
    const c = createHttpClient({ baseUrl: server.url, timeoutMs: 2000, maxRedirects: 3 });
    const ex = await c.send({ method: 'POST', path: '/a', json: {} });
    await c.close();
    expect(ex.error).toBeUndefined();
    expect(ex.response).toMatchObject({ status: 200, body: 'b via POST' });
  });
});
