import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../types.js';
import { containsIdsAfterCheck, listMemberWithinSingleCheck, memberNotElsewhereCheck, noneListedUnlessRefusedCheck, type ListWithSingles } from './list-views.js';

function ctx(body: unknown, status = 200, value: unknown = body): CheckContext {
  const text = JSON.stringify(body);
  const exchange = {
    request: { method: 'GET', url: 'http://x/api/events', headers: {} },
    response: { status, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.6.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: { ok: true, value: body },
    value, vars: {}, shapes: { validate: () => [], hasShape: () => true },
  };
}

const outcome = (v: { pass: boolean; skip?: string }) => (v.skip ? 'skip' : v.pass ? 'pass' : 'fail');

describe('none-listed-unless-refused (offsets past 32 bits)', () => {
  const p = { ids: ['a', 'b'], refused: [400, 404, 422] };
  it('an empty page passes, a refusal skips, a page listing the events (offset read modulo 2^32) fails', () => {
    expect(outcome(noneListedUnlessRefusedCheck.run(ctx([]), p))).toBe('pass');
    expect(outcome(noneListedUnlessRefusedCheck.run(ctx([{ identifier: 'foreign' }]), p))).toBe('pass');
    expect(outcome(noneListedUnlessRefusedCheck.run(ctx({ error: 'too big' }, 404), p))).toBe('skip');
    expect(outcome(noneListedUnlessRefusedCheck.run(ctx([{ identifier: 'a' }, { identifier: 'b' }]), p))).toBe('fail');
    expect(outcome(noneListedUnlessRefusedCheck.run(ctx({ error: 'x' }, 500), p))).toBe('fail');
  });
});

describe('contains-ids-after (a view read after a write)', () => {
  it('skips when the write was refused; otherwise judges ids and absent', () => {
    expect(outcome(containsIdsAfterCheck.run(ctx([]), { writeStatus: 400, ids: ['a'] }))).toBe('skip');
    expect(outcome(containsIdsAfterCheck.run(ctx([{ identifier: 'a' }]), { writeStatus: 204, ids: ['a'], absent: ['b'] }))).toBe('pass');
    expect(outcome(containsIdsAfterCheck.run(ctx([{ identifier: 'a' }, { identifier: 'b' }]), { writeStatus: '204', ids: ['a'], absent: ['b'] }))).toBe('fail');
    expect(outcome(containsIdsAfterCheck.run(ctx([]), { writeStatus: 204, ids: ['a'] }))).toBe('fail');
  });
});

describe('member-not-elsewhere (a list mixing scheduled and unscheduled events)', () => {
  const p = { kind: 'scheduling', ids: ['u'], agent: 'ag', start: '2090-01-01T10:00:00Z' };
  const sched = { agent_id: 'ag', start: '2090-01-01T10:00:00.000Z', end: '2090-01-01T11:00:00Z' };
  it('passes when the other event has no or its own scheduling, fails when it holds the scheduled one\'s (any member name)', () => {
    expect(outcome(memberNotElsewhereCheck.run(ctx([{ identifier: 's', scheduling: sched }, { identifier: 'u', scheduling: null }]), p))).toBe('pass');
    expect(outcome(memberNotElsewhereCheck.run(ctx([{ identifier: 's', scheduling: sched }, { identifier: 'u' }]), p))).toBe('pass');
    expect(outcome(memberNotElsewhereCheck.run(ctx([{ identifier: 's', scheduling: sched }, { identifier: 'u', withscheduling: sched }]), p))).toBe('fail');
    expect(outcome(memberNotElsewhereCheck.run(ctx([{ identifier: 's', scheduling: sched }]), p))).toBe('skip');
  });
});

describe('list-member-within-single (publication_status in a list of published and unpublished events)', () => {
  const value = (listed: unknown, own: unknown): ListWithSingles => ({
    status: 200,
    list: [{ identifier: 'p', publication_status: ['engage'] }, { identifier: 'u', publication_status: listed }],
    singles: { u: { status: 200, body: { identifier: 'u', publication_status: own } } },
  });
  const run = (v: ListWithSingles) => outcome(listMemberWithinSingleCheck.run(ctx(v.list, 200, v), { member: 'publication_status', ids: ['u'] }));
  it('the list names what the event alone names (or less): pass; more, or not an array: fail', () => {
    expect(run(value([], []))).toBe('pass');
    expect(run(value([], ['engage']))).toBe('pass');
    expect(run(value(['engage'], ['engage']))).toBe('pass');
    expect(run(value(['engage'], []))).toBe('fail');
    expect(run(value('engage', ['engage']))).toBe('fail');
  });
  it('skips when the event alone shows no array to compare with', () => {
    expect(run(value([], null))).toBe('skip');
  });
  it('fails when the listed event read alone got no answer at all (a transport error is no "not indexed yet")', () => {
    const v = value([], []);
    v.singles.u = { status: null, body: undefined };
    expect(run(v)).toBe('fail');
  });
});
