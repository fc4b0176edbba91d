import { describe, expect, it } from 'vitest';
import type { CheckContext } from './types.js';
import { statusCheck } from './status.js';

function ctx(status: number): CheckContext {
  const exchange = {
    request: { method: 'PUT', url: 'http://x/api/events/e/metadata', headers: {} },
    response: { status, headers: {}, body: 'b', truncated: false, bodyBytes: 1 },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.6.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: { ok: false, reason: 'text' },
    value: undefined, vars: {}, shapes: { validate: () => [], hasShape: () => true },
  };
}

describe('status', () => {
  it('passes a status of `in`, fails another and names it', () => {
    expect(statusCheck.run(ctx(400), { in: [400] })).toMatchObject({ pass: true, message: 'status 400' });
    expect(statusCheck.run(ctx(204), { in: [400] })).toMatchObject({ pass: false, message: 'expected status 400, got 204: b' });
  });

  it('names `because` in a failure, before the body', () => {
    expect(statusCheck.run(ctx(204), { in: [400], because: 'the parameter is not JSON' }).message).toBe('expected status 400, got 204 (the parameter is not JSON): b');
    expect(statusCheck.run(ctx(400), { in: [400], because: 'x' }).message).toBe('status 400');
  });
});
