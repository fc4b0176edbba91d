import { describe, expect, it } from 'vitest';
import { joinUrl, normalizeBaseUrl, prepareRequest, type PrepareContext } from './prepare.js';
import type { RequestSpec } from './types.js';

/** What the WHATWG URL parser makes of base + path (+ query): the URL a request is sent to. */
function parsed(base: string, path: string, query?: RequestSpec['query']): { href: string; origin: string; target: string } {
  const u = new URL(joinUrl(base, path, query));
  u.username = '';
  u.password = '';
  if (u.href.includes('#')) u.hash = '';
  return { href: u.href, origin: u.origin, target: `${u.pathname}${u.search}` };
}

function ctxOf(baseUrl: string): PrepareContext {
  return { base: normalizeBaseUrl(baseUrl).base, opts: { baseUrl, timeoutMs: 1000 }, excerptBytes: 100 };
}

/** A small deterministic generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('prepareRequest URLs (a plain path is joined as text, any other through the URL parser)', () => {
  const bases = ['http://127.0.0.1:8793', 'http://h:80/base/', 'https://example.com/a/b', 'http://[::1]:9000/x%20y', 'HTTP://H/x/../y'];
  const paths = ['/', '/api/events', '/api/events/abc', '/.', '/..', '/a/./b', '/a/../b', '/%2e', '/%2E%2e/x', '/.%2e/', '/a%2eb', '/a..b',
    '/...', '//x', '/a//b/', '/%zz', '/%', "/a:b@c/'!$&()*+,;=", '/~x', '/a b', '/é', '/a?b=1', '/a#frag', '/a\\b', '/{x}', '/a|b', 'rel/path',
    'http://other:81/x', 'http://u:p@127.0.0.1:8793/y'];
  it('are the URLs the URL parser makes, for fixed paths', async () => {
    for (const base of bases) {
      const ctx = ctxOf(base);
      for (const path of paths) {
        for (const query of [undefined, { x: '1', 'a b': ['c d', "'é"] }]) {
          const req = await prepareRequest({ method: 'GET', path, ...(query ? { query } : {}) }, ctx);
          expect(req.url, `${base} ${path}`).toEqual(parsed(ctx.base, path, query));
          expect(req.record.url).toBe(req.url.href);
        }
      }
    }
  });

  it('are the URLs the URL parser makes, for random paths', async () => {
    const chars = "abcAZ09-._~!$&'()*+,;=:@/%2eE?#[]| \"<>`{}\\^é\u0001";
    const next = rng(21);
    for (const base of bases) {
      const ctx = ctxOf(base);
      for (let i = 0; i < 3000; i++) {
        let path = next() < 0.3 ? '/api/events/' : '/';
        const len = Math.floor(next() * 10);
        for (let j = 0; j < len; j++) path += chars[Math.floor(next() * chars.length)];
        const query = next() < 0.3 ? { q: path } : undefined;
        let want: unknown;
        try {
          want = parsed(ctx.base, path, query);
        } catch {
          want = 'invalid';
        }
        const got = await prepareRequest({ method: 'GET', path, ...(query ? { query } : {}) }, ctx).then((r) => r.url, () => 'invalid');
        expect(got, `${base} ${JSON.stringify(path)}`).toEqual(want);
      }
    }
  });
});
