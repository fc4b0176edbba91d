import { describe, expect, it } from 'vitest';
import { redactedExchange, redactExchange, redactText, withLazyCurl } from './secrets.js';

const request = { method: 'GET', url: 'http://h/api/events?pw=s3cret', headers: { accept: 'x', 'x-echo': 'user:s3cret' } };

describe('redacted Exchanges and their lazy curl line', () => {
  it('write the curl line when first read, once, as an own enumerable string member', () => {
    let made = 0;
    const ex = redactedExchange({ request, durationMs: 1 }, () => {
      made++;
      return 'curl http://h/?s3cret';
    }, ['s3cret']);
    expect(made).toBe(0);
    expect(Object.keys(ex)).toEqual(['request', 'durationMs', 'curl']);
    expect(ex.curl).toBe('curl http://h/?<redacted>');
    expect(ex.curl).toBe('curl http://h/?<redacted>');
    expect(made).toBe(1);
    expect(JSON.parse(JSON.stringify(ex))).toEqual({ request: { ...request, url: 'http://h/api/events?pw=<redacted>', headers: { accept: 'x', 'x-echo': 'user:<redacted>' } }, durationMs: 1, curl: 'curl http://h/?<redacted>' });
    const copy = { ...ex };
    expect(Object.getOwnPropertyDescriptor(copy, 'curl')?.value).toBe('curl http://h/?<redacted>');
    expect(Object.getOwnPropertySymbols(copy)).toEqual([]);
    ex.curl = 'set';
    expect(ex.curl).toBe('set');
  });

  it('read the same on a frozen Exchange, and keep the member order of redactExchange', () => {
    const ex = Object.freeze(withLazyCurl({ request, response: { status: 200, headers: { 'set-cookie': 'a', b: 's3cret' }, body: '{"p":"s3cret"}', truncated: false, bodyBytes: 14 }, error: { code: 'other', message: 'x s3cret' }, durationMs: 2 }, () => 'curl s3cret'));
    const r = redactExchange(ex, ['s3cret']);
    expect(Object.keys(r)).toEqual(['request', 'response', 'error', 'durationMs', 'curl']);
    expect(r.response).toEqual({ status: 200, headers: { 'set-cookie': '<redacted>', b: '<redacted>' }, body: '{"p":"<redacted>"}', truncated: false, bodyBytes: 14 });
    expect(r.error).toEqual({ code: 'other', message: 'x <redacted>' });
    const frozen = Object.freeze(r);
    expect(frozen.curl).toBe('curl <redacted>');
    expect(frozen.curl).toBe('curl <redacted>');
  });

  it('replace every variant, also those that hold another (longest first)', () => {
    const b64 = Buffer.from('u:pw').toString('base64');
    expect(redactText(`Basic ${b64} u:pw pw u%3Apw cHc`, ['pw', 'u:pw'])).toBe('Basic <redacted> <redacted> <redacted> <redacted> <redacted>');
    expect(redactText('nothing', ['pw', 'u:pw'])).toBe('nothing');
  });
});
