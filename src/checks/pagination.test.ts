import { describe, expect, it } from 'vitest';
import type { CheckContext } from './types.js';
import { allListedUnlessRefusedCheck, sliceOfCheck } from './pagination.js';

/** A check context for a list answered `status` with `body`. */
function ctx(status: number, body: unknown): CheckContext {
  const text = JSON.stringify(body);
  const exchange = {
    request: { method: 'GET', url: 'http://x/api/events?limit=4294967297', headers: {} },
    response: { status, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.6.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: { ok: true, value: body },
    value: body, vars: {}, shapes: { validate: () => [], hasShape: () => true },
  };
}

const P = { ids: ['a', 'b', 'c'], refused: [400] };

describe('all-listed-unless-refused (events.list.limit with a huge limit)', () => {
  it('passes when every matching event is listed (foreign events ignored)', () => {
    expect(allListedUnlessRefusedCheck.run(ctx(200, [{ identifier: 'x' }, { identifier: 'a' }, { identifier: 'b' }, { identifier: 'c' }]), P).pass).toBe(true);
  });

  it('fails a 200 that cuts the list (a limit read modulo 2^32)', () => {
    const v = allListedUnlessRefusedCheck.run(ctx(200, [{ identifier: 'a' }]), P);
    expect(v.pass).toBe(false);
    expect(v.skip).toBeUndefined();
    expect(v.message).toContain('missing 2 of the 3');
  });

  it('skips a refusal named in `refused`, fails any other status', () => {
    const refused = allListedUnlessRefusedCheck.run(ctx(400, { error: 'limit too large' }), P);
    expect(refused.skip).toMatch(/refused the value with 400/);
    const broken = allListedUnlessRefusedCheck.run(ctx(500, { error: 'boom' }), P);
    expect(broken.pass).toBe(false);
    expect(broken.skip).toBeUndefined();
  });
});

describe('slice-of with `refused` (an offset past 32 bits)', () => {
  const whole = [{ identifier: 'a' }, { identifier: 'b' }];
  const P2 = { list: whole, start: 2, count: 0, refused: [400, 404, 422] };

  it('passes an empty page, fails a page of events (an offset read modulo 2^32)', () => {
    expect(sliceOfCheck.run(ctx(200, []), P2).pass).toBe(true);
    const wrapped = sliceOfCheck.run(ctx(200, [{ identifier: 'b' }]), P2);
    expect(wrapped.pass).toBe(false);
    expect(wrapped.message).toMatch(/expected an empty page/);
  });

  it('skips a refusal named in `refused`; without `refused` a refusal fails', () => {
    expect(sliceOfCheck.run(ctx(404, { error: 'offset' }), P2).skip).toMatch(/refused the value with 404/);
    expect(sliceOfCheck.run(ctx(400, { error: 'offset' }), { list: whole, start: 2, count: 0 }).pass).toBe(false);
  });
});

describe('slice-of (a page of the full list)', () => {
  const whole = ['a', 'b', 'c', 'd', 'e', 'f'].map((identifier) => ({ identifier }));
  const at = (url: string, body: unknown): CheckContext => {
    const c = ctx(200, body);
    return { ...c, exchange: { ...c.exchange!, request: { ...c.exchange!.request, url } } };
  };
  const page = (...ids: string[]) => ids.map((identifier) => ({ identifier }));

  it('a failure names the limit and offset asked for and where the page\'s events stand in the full list', () => {
    const u = 'http://x/api/events?filter=textFilter%3At&limit=2&offset=1';
    expect(sliceOfCheck.run(at(u, page('c', 'd')), { list: whole, start: 2, count: 2 })).toMatchObject({ pass: true, message: 'items 2..3 of the full list' });
    expect(sliceOfCheck.run(at(u, page('b', 'c')), { list: whole, start: 2, count: 2 }).message).toBe('expected items 2..3 of the full list (limit 2, offset 1), got items 1..2');
    expect(sliceOfCheck.run(at(u, page('a', 'zz')), { list: whole, start: 2, count: 2 }).message).toBe('expected items 2..3 of the full list (limit 2, offset 1), got items 0, ?');
    expect(sliceOfCheck.run(at('http://x/api/events', []), { list: whole, start: 2, count: 2 }).message).toBe('expected items 2..3 of the full list, got no events');
  });
});
