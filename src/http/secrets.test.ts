import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from './client.js';
import { parseJsonBody } from './json-body.js';
import { redactText } from '../redact/secrets.js';
import { closedPort, startHttp, type TestServer } from './test-servers.js';

const USER = 'admin';
const PASS = 's3cr3t-Pw!"& x';
const B64 = Buffer.from(`${USER}:${PASS}`).toString('base64');
const HEADER_SECRETS = ['key-1234567', 'sid=abcdef123', 'tok-9999999'];
const FORBIDDEN = [PASS, `${USER}:${PASS}`, B64, B64.replace(/=+$/, ''), encodeURIComponent(PASS), 's3cr3t-Pw%21%22%26+x', 's3cr3t-Pw!\\"& x', ...HEADER_SECRETS];

let server: TestServer;
beforeAll(async () => {
  // Echoes the credentials it got in headers and body, as a careless server might.
  server = await startHttp((req, res) => {
    const ok = req.headers.authorization === `Basic ${B64}`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json', 'x-echo': String(req.headers.authorization), 'set-cookie': 'sid=abcdef123' });
    res.end(JSON.stringify({ headers: req.headers, url: req.url }));
  });
});
afterAll(() => server.close());

function assertNoSecret(value: unknown): void {
  const text = JSON.stringify(value);
  for (const secret of FORBIDDEN) expect(text).not.toContain(secret);
}

describe('secrets never appear in an Exchange', () => {
  const opts = () => ({
    baseUrl: server.url,
    timeoutMs: 2000,
    auth: { user: USER, password: PASS },
    headers: { 'X-Api-Key': HEADER_SECRETS[0], Cookie: HEADER_SECRETS[1] },
    secretHeaders: ['X-Token'],
  });

  it('redacts request headers, echoed response headers and bodies, and the curl line', async () => {
    const c = createHttpClient(opts());
    const ex = await c.send({ method: 'POST', path: `/e?note=${encodeURIComponent(PASS)}`, headers: { 'X-Token': HEADER_SECRETS[2] }, form: { p: PASS } });
    await c.close();
    expect(ex.response?.status).toBe(200); // the server did get the real credentials
    expect(ex.request.headers).toMatchObject({ authorization: 'Basic <redacted>', 'x-api-key': '<redacted>', cookie: '<redacted>', 'x-token': '<redacted>' });
    expect(ex.response?.headers['x-echo']).toBe('Basic <redacted>');
    expect(ex.response?.headers['set-cookie']).toBe('<redacted>');
    expect(ex.curl).toContain('-u "$EVCONF_USER:$EVCONF_PASS"');
    assertNoSecret(ex);
    // Checks judge what the server sent: the parsed body is the unredacted echo.
    const parsed = parseJsonBody(ex);
    expect(parsed.ok && (parsed.value as { headers: Record<string, string> }).headers.authorization).toBe(`Basic ${B64}`);
    expect(parseJsonBody(JSON.parse(JSON.stringify(ex)))).toMatchObject({ ok: true });
  });

  it('per-request auth null sends no credentials', async () => {
    const c = createHttpClient(opts());
    const ex = await c.send({ method: 'GET', path: '/', auth: null });
    await c.close();
    expect(ex.response?.status).toBe(401);
    expect(ex.request.headers.authorization).toBeUndefined();
  });

  it('moves user:pass out of the base URL into Basic auth', async () => {
    const c = createHttpClient({ baseUrl: server.url.replace('//', `//${USER}:${encodeURIComponent(PASS)}@`), timeoutMs: 2000 });
    const ex = await c.send({ method: 'GET', path: '/' });
    await c.close();
    expect(c.baseUrl).toBe(server.url);
    expect(ex.response?.status).toBe(200);
    assertNoSecret(ex);
  });

  it('sends the client credentials only to the base origin, also across redirects', async () => {
    const seen: (string | undefined)[] = [];
    const other = await startHttp((req, res) => {
      seen.push(req.headers.authorization ?? (req.headers['x-api-key'] as string | undefined));
      res.end('other');
    });
    const bouncer = await startHttp((_req, res) => res.writeHead(302, { location: `${other.url}/landed` }).end());
    const c = createHttpClient({ ...opts(), baseUrl: bouncer.url, maxRedirects: 2 });
    const direct = await c.send({ method: 'GET', path: `${other.url}/direct` });
    const bounced = await c.send({ method: 'GET', path: '/go' });
    await c.close();
    await Promise.all([other.close(), bouncer.close()]);
    expect(direct.request.headers.authorization).toBeUndefined();
    expect(bounced.response?.body).toBe('other');
    expect(seen).toEqual([undefined, undefined]);
  });

  it('keeps secrets out of transport failures too', async () => {
    const c = createHttpClient({ ...opts(), baseUrl: `http://127.0.0.1:${await closedPort()}` });
    const ex = await c.send({ method: 'PUT', path: '/x', json: { password: PASS } });
    await c.close();
    expect(ex.error?.code).toBe('connect-refused');
    assertNoSecret(ex);
  });
});

describe('redactText', () => {
  it('replaces secrets and their base64 forms, longest first', () => {
    const text = `Basic ${B64} pw=${PASS} b64pw=${Buffer.from(PASS).toString('base64')} pair=${USER}:${PASS}`;
    expect(redactText(text, [PASS, `${USER}:${PASS}`])).toBe('Basic <redacted> pw=<redacted> b64pw=<redacted> pair=<redacted>');
  });

  it('ignores empty secrets and leaves other text alone', () => {
    expect(redactText('nothing here', ['', 'zzz'])).toBe('nothing here');
  });
});
