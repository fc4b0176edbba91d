import { describe, expect, it } from 'vitest';
import { judgeBy, registryCheck, type Judging } from './judge.js';
import { replyOf } from './testing.js';

const env = { version: '1.6.0', config: { baseUrl: 'http://x' } } as Judging;

describe('judge: a registry check on a generated case reply', () => {
  it('an unknown check name is evconf\'s bug, thrown when the judge is made', () => {
    expect(() => judgeBy('no-such-check')).toThrow(/no check named "no-such-check"/);
    expect(() => registryCheck('status')).not.toThrow();
  });

  it('maps pass to OK and fail to a broken verdict of the rule the call site names', () => {
    const status = judgeBy('status');
    expect(status(env, replyOf([], 200), 'r.x', { in: [200] })).toEqual({ ok: true });
    const v = status(env, replyOf({ a: 1 }, 404), 'r.x', { in: [200] }, 'GET /thing');
    expect(v).toMatchObject({ ok: false, rule: 'r.x', expected: [200], actual: 404 });
    expect(v.ok ? '' : v.message).toMatch(/^GET \/thing: expected status 200, got 404/);
  });

  it('gives the check the parsed body and the version\'s shapes', () => {
    const schema = judgeBy('schema');
    expect(schema(env, replyOf([{ allow: true, action: 'read', role: 'R' }]), 'acl.get.schema', { shape: 'acl' }).ok).toBe(true);
    expect(schema(env, replyOf([{ action: 'read', role: 'R' }]), 'acl.get.schema', { shape: 'acl' })).toMatchObject({ ok: false, rule: 'acl.get.schema' });
  });

  it('a transport failure fails the rule with the error as evidence', () => {
    const ex = { request: { method: 'GET', url: 'http://x/', headers: {} }, error: { code: 'ECONNRESET', message: 'reset' }, durationMs: 1, curl: 'curl' };
    const v = judgeBy('status')(env, { ex } as never, 'r.x', { in: [200] }, 'GET /');
    expect(v).toMatchObject({ ok: false, rule: 'r.x', actual: { transportError: 'ECONNRESET' } });
  });

  it('a check that skips is a bug of the call site (thrown)', () => {
    expect(() => judgeBy('acl-includes')(env, replyOf([]), 'r.x', { writeStatus: 400 })).toThrow(/skipped in a generated case/);
  });
});
