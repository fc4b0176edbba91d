import { describe, expect, it } from 'vitest';
import type { CheckContext } from './types.js';
import { containsIdsCheck, memberEqualsCheck } from './members.js';
import { differencesOf } from '../expectations/differences.js';

function ctx(ids: string[]): CheckContext {
  const body = JSON.stringify(ids.map((identifier) => ({ identifier })));
  const exchange = {
    request: { method: 'GET', url: 'http://x/api/events', headers: {} },
    response: { status: 200, headers: {}, body, truncated: false, bodyBytes: body.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.6.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: { ok: true, value: JSON.parse(body) },
    value: JSON.parse(body), vars: {}, shapes: { validate: () => [], hasShape: () => true },
  };
}

describe('contains-ids', () => {
  it('passes when every id is listed and no absent one is (absent items alone or with a reason)', () => {
    expect(containsIdsCheck.run(ctx(['a', 'b']), { ids: ['a'], absent: ['c', { id: 'd', why: 'denied' }] })).toMatchObject({ pass: true, message: 'expected events listed' });
  });

  it('names missing ids and listed bare ids as before', () => {
    const v = containsIdsCheck.run(ctx(['b', 'c']), { ids: ['a'], absent: ['b', 'c'] });
    expect(v.pass).toBe(false);
    expect(v.message).toBe('missing a; should not list b, c');
  });

  it('names each listed absent id that carries a reason as its own difference, with its reason', () => {
    const v = containsIdsCheck.run(ctx(['a', 'h', 'd']), { ids: ['a'], absent: [{ id: 'h', why: 'its ACL grants read only to another role' }, { id: 'd', why: 'its ACL denies read (allow false)' }, { id: 'x', why: 'never listed' }] });
    expect(v.pass).toBe(false);
    expect(v.message).toBe('should not list h (its ACL grants read only to another role); should not list d (its ACL denies read (allow false))');
    expect(differencesOf(v.message).parts).toEqual(['should not list h (its ACL grants read only to another role)', 'should not list d (its ACL denies read (allow false))']);
    expect(v.expected).toEqual({ ids: ['a'], absent: ['h', 'd', 'x'] });
  });
});

describe('member-equals', () => {
  it('a failure names the value found (or that the member is missing)', () => {
    const c = ctx([]);
    const one = { ...c, value: { processing_state: '' }, body: { ok: true as const, value: { processing_state: '' } } };
    expect(memberEqualsCheck.run(one, { path: 'processing_state', value: 'INSTANTIATED' }).message).toBe('processing_state should be "INSTANTIATED", is ""');
    expect(memberEqualsCheck.run({ ...one, value: {}, body: { ok: true as const, value: {} } }, { path: 'processing_state', value: 'INSTANTIATED' }).message).toBe('processing_state should be "INSTANTIATED", is missing');
    expect(memberEqualsCheck.run(one, { path: 'processing_state', value: '' })).toMatchObject({ pass: true, message: 'processing_state = ""' });
  });
});
