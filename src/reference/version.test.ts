import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from './index.js';
import { call } from './testkit.js';
import { negotiateVersion } from './version.js';

describe('negotiateVersion (ARCHITECTURE.md § The reference server)', () => {
  it('no Accept, application/json, */* → the server version (addendum § Versioning)', () => {
    expect(negotiateVersion(undefined)).toBe('1.11.0');
    expect(negotiateVersion('application/json')).toBe('1.11.0');
    expect(negotiateVersion('*/*')).toBe('1.11.0');
    expect(negotiateVersion('*/*', undefined, '1.9.0')).toBe('1.9.0');
  });
  it('several versioned types: the highest served one, compared numerically, whatever the order and q-values', () => {
    expect(negotiateVersion('application/v1.10.0+json, application/v1.9.0+json')).toBe('1.10.0');
    expect(negotiateVersion('application/v1.2.0+json;q=1, application/v1.11.0+json;q=0.1')).toBe('1.11.0');
    expect(negotiateVersion('application/v1.10.0+json, application/v1.9.0+json', undefined, '1.9.0')).toBe('1.9.0');
    expect(negotiateVersion('application/v1.11.0+json', undefined, '1.10.0')).toBeUndefined();
  });
  it('an exact served version wins, also inside a list', () => {
    expect(negotiateVersion('application/v1.0.0+json')).toBe('1.0.0');
    expect(negotiateVersion('text/html, application/v1.4.0+json;q=0.9')).toBe('1.4.0');
    expect(negotiateVersion('application/v2.0.0+json, application/v1.2.0+json')).toBe('1.2.0');
  });
  it('only unserved versions → undefined (406); with a wildcard → the server version', () => {
    expect(negotiateVersion('application/v2.0.0+json')).toBeUndefined();
    expect(negotiateVersion('application/v1.12.0+json')).toBeUndefined();
    expect(negotiateVersion('application/v1.2.0+json, */*')).toBe('1.11.0');
    expect(negotiateVersion('application/v1.2.0+json, application/json')).toBe('1.11.0');
  });
  it('a pinned version ignores Accept', () => {
    expect(negotiateVersion('application/v2.0.0+json', '1.1.0')).toBe('1.1.0');
  });
});

describe('version over HTTP', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => ({ url: base, close } = await startReferenceServer({})));
  afterAll(() => close());

  it('answers with the versioned content type', async () => {
    expect((await call(base, '/api/events')).headers.get('content-type')).toBe('application/v1.11.0+json');
    expect((await call(base, '/api/events', { version: '1.3.0' })).headers.get('content-type')).toBe('application/v1.3.0+json');
  });
  it('406 for an unserved version', async () => {
    const r = await call(base, '/api/events', { headers: { accept: 'application/v2.0.0+json' } });
    expect(r.status).toBe(406);
    expect(r.body.error).toMatch(/not acceptable/);
  });
  it('GET /api/version lists every version', async () => {
    const r = await call(base, '/api/version');
    expect(r.body).toEqual({
      versions: ['v1.0.0', 'v1.1.0', 'v1.2.0', 'v1.3.0', 'v1.4.0', 'v1.5.0', 'v1.6.0', 'v1.7.0', 'v1.8.0', 'v1.9.0', 'v1.10.0', 'v1.11.0'],
      default: 'v1.11.0',
    });
    expect((await call(base, '/api/version/default')).body).toEqual({ default: 'v1.11.0' });
  });
  it('a server of an older release (serverVersion 1.9.0) lists up to it and answers 406 above it', async () => {
    const old = await startReferenceServer({ serverVersion: '1.9.0' });
    try {
      expect((await call(old.url, '/api/version')).body.versions.at(-1)).toBe('v1.9.0');
      expect((await call(old.url, '/api/version/default')).body).toEqual({ default: 'v1.9.0' });
      expect((await call(old.url, '/api/events', { headers: { accept: 'application/v1.10.0+json' } })).status).toBe(406);
      expect((await call(old.url, '/api/events')).headers.get('content-type')).toBe('application/v1.9.0+json');
    } finally {
      await old.close();
    }
  });
  it('latitude unsupported-version=default has room only where the spec leaves it: a server below 1.7.0, a version neither spec knows', async () => {
    const accept = (v: string) => ({ headers: { accept: `application/v${v}+json` } });
    const choices = { choices: { 'unsupported-version': 'default' } };
    const newer = await startReferenceServer({ latitude: choices });
    const older = await startReferenceServer({ latitude: choices, serverVersion: '1.6.0' });
    try {
      // Addendum § Accept and Content-Type: "a version the server does not list | none | 406 before the endpoint runs".
      expect((await call(newer.url, '/api/events', accept('1.12.0'))).status).toBe(406);
      // § What a server must not do: "below 1.7.0 | ... accept application/v1.7.0+json (406)"; the other addendum versions too.
      expect((await call(older.url, '/api/events', accept('1.7.0'))).status).toBe(406);
      expect((await call(older.url, '/api/events', accept('1.11.0'))).status).toBe(406);
      // events-api.md: "How a client selects the version ...: not shown": the default version is one legal answer.
      const served = await call(older.url, '/api/events', accept('1.12.0'));
      expect([served.status, served.headers.get('content-type')]).toEqual([200, 'application/v1.6.0+json']);
    } finally {
      await newer.close();
      await older.close();
    }
  });
  it('unknown paths → 404 JSON; wrong method → 405 with Allow', async () => {
    const r = await call(base, '/api/nothing');
    expect(r.status).toBe(404);
    expect(r.body.error).toBeTypeOf('string');
    const m = await call(base, '/api/events', { method: 'PUT' });
    expect(m.status).toBe(405);
    expect(m.headers.get('allow')).toBe('GET, POST');
  });
  it('a pinned server serves its version whatever Accept says', async () => {
    const pinned = await startReferenceServer({ apiVersion: '1.0.0' });
    try {
      const r = await call(pinned.url, '/api/events', { headers: { accept: 'application/v1.6.0+json' } });
      expect(r.headers.get('content-type')).toBe('application/v1.0.0+json');
      // Its version endpoint names only the version it serves (a client that asks first then asks for that one).
      expect([(await call(pinned.url, '/api/version')).body, (await call(pinned.url, '/api/version/default')).body]).toEqual([{ versions: ['v1.0.0'], default: 'v1.0.0' }, { default: 'v1.0.0' }]);
    } finally {
      await pinned.close();
    }
  });
});
