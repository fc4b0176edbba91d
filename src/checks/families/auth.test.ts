import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../types.js';
import { statusClassCheck } from './auth.js';

function ctx(status: number | undefined): CheckContext {
  const exchange = {
    request: { method: 'GET', url: 'http://x/api/events/e', headers: {} },
    ...(status === undefined
      ? { error: { code: 'connect-refused' as const, message: 'refused' } }
      : { response: { status, headers: {}, body: 'no', truncated: false, bodyBytes: 2 } }),
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.6.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: { ok: false, reason: 'text' },
    value: undefined, vars: {}, shapes: { validate: () => [], hasShape: () => true },
  };
}

describe('status-class', () => {
  it('accepts any status of the class (403 and 404 are both refusals)', () => {
    for (const s of [400, 401, 403, 404]) expect(statusClassCheck.run(ctx(s), { class: 4 }).pass).toBe(true);
    for (const s of [200, 204]) expect(statusClassCheck.run(ctx(s), { class: 2 }).pass).toBe(true);
  });

  it('fails outside the class and on a transport error', () => {
    const v = statusClassCheck.run(ctx(200), { class: 4 });
    expect(v.pass).toBe(false);
    expect(v.message).toContain('expected a refusal (4xx), got 200');
    expect(statusClassCheck.run(ctx(500), { class: 4 }).pass).toBe(false);
    expect(statusClassCheck.run(ctx(403), { class: 2 }).pass).toBe(false);
    expect(statusClassCheck.run(ctx(undefined), { class: 2 }).message).toContain('connect-refused');
  });

  it('names `because` in a failure, before the body (a pass is unchanged)', () => {
    const v = statusClassCheck.run(ctx(200), { class: 4, because: 'its ACL denies read to the user role' });
    expect(v.pass).toBe(false);
    expect(v.message).toBe('expected a refusal (4xx), got 200 (its ACL denies read to the user role): no');
    expect(statusClassCheck.run(ctx(404), { class: 4, because: 'x' })).toMatchObject({ pass: true, message: 'status 404' });
  });
});
