import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../types.js';
import { sortAcceptedCheck, sortedByCheck } from './sort.js';
import { groupedByCheck, type SortedPair } from './sort-groups.js';
import { compareCodePoints, expectedOrder, groupsOf, runOrder } from './sort-order.js';

/** A context whose step (GET ...?sort=`sort`) answered `status` with `body`; `vars` hold the run's events. */
function ctx(body: unknown, o: { status?: number; sort?: string; vars?: Record<string, unknown>; value?: unknown } = {}): CheckContext {
  const text = JSON.stringify(body);
  const url = `http://x/api/events?sort=${encodeURIComponent(o.sort ?? 'title:ASC')}`;
  const exchange = {
    request: { method: 'GET', url, headers: {} },
    response: { status: o.status ?? 200, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.6.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: { ok: true, value: body },
    value: o.value ?? body, vars: o.vars ?? {}, shapes: { validate: () => [], hasShape: () => true },
  };
}

const given = (...titles: string[]) => ({ given: titles.map((t, i) => ({ identifier: `id-${t}`, title: `tag ${t}`, fields: { location: `loc${i % 2}` } })) });
const ev = (t: string, extra: Record<string, unknown> = {}) => ({ identifier: `id-${t}`, title: `tag ${t}`, ...extra });
const FOREIGN = { identifier: 'other', title: 'not ours' };

describe('sort-order helpers', () => {
  it('compares by code point: U+1F600 (surrogate pair) sorts after U+FFFD, unlike UTF-16 units', () => {
    expect(compareCodePoints('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
    expect('\u{1F600}' < '\uFFFD').toBe(true);
    expect(compareCodePoints('Z', 'a')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'abc')).toBeLessThan(0);
  });
  it('orders by several criteria, each in its direction, and refuses ties', () => {
    const e = [{ id: '1', key: ['a', 'x'] }, { id: '2', key: ['a', 'y'] }, { id: '3', key: ['b', 'z'] }];
    expect(expectedOrder(e, ['ASC', 'DESC']).map((k) => k.id)).toEqual(['2', '1', '3']);
    expect(expectedOrder(e, ['DESC', 'ASC']).map((k) => k.id)).toEqual(['3', '1', '2']);
    expect(() => expectedOrder([{ id: '1', key: ['a'] }, { id: '2', key: ['a'] }], ['ASC'])).toThrow(/equal sort keys/);
  });
  it('finds the run events in a list, ignoring others, and reports missing and doubled ones', () => {
    expect(runOrder([FOREIGN, ev('b'), ev('a'), ev('b')], ['id-a', 'id-b', 'id-c'])).toEqual({ order: ['id-b', 'id-a'], missing: ['id-c'], doubled: ['id-b'] });
    expect(groupsOf(['x', 'x', 'y', 'x'])).toEqual(['x', 'y', 'x']);
  });
});

describe('sorted-by', () => {
  const vars = given('kiwi', 'apple', 'pear');
  it('passes when the run events are in order, whatever else the list holds', () => {
    const v = sortedByCheck.run(ctx([ev('apple'), FOREIGN, ev('kiwi'), ev('pear')], { vars }), { order: 'ASC', key: 'title' });
    expect(v).toMatchObject({ pass: true });
  });
  it('fails when DESC is answered in ascending order (the DESC-ignored bug)', () => {
    const v = sortedByCheck.run(ctx([ev('apple'), ev('kiwi'), ev('pear')], { vars, sort: 'title:DESC' }), { order: 'DESC', key: 'title' });
    expect(v.pass).toBe(false);
    expect(v.message).toContain('sort=title:DESC');
    expect(v.expected).toEqual(['tag pear', 'tag kiwi', 'tag apple']);
  });
  it('checks several criteria and only the picked events', () => {
    // loc0: kiwi, pear; loc1: apple. location ASC, title DESC → pear, kiwi, apple.
    const body = [ev('pear'), ev('kiwi'), ev('apple')];
    expect(sortedByCheck.run(ctx(body, { vars }), { order: ['ASC', 'DESC'], key: ['fields.location', 'title'] }).pass).toBe(true);
    expect(sortedByCheck.run(ctx([ev('kiwi'), ev('apple'), ev('pear')], { vars }), { order: ['ASC', 'DESC'], key: ['fields.location', 'title'] }).pass).toBe(false);
    expect(sortedByCheck.run(ctx([ev('pear'), ev('apple'), ev('kiwi')], { vars }), { order: ['ASC', 'DESC'], key: ['fields.location', 'title'], pick: [0, 2] }).pass).toBe(true);
  });
  it('fails on a rejected sort, on a missing run event; skips when an event was not created', () => {
    expect(sortedByCheck.run(ctx({ error: 'x' }, { vars, status: 400 }), { order: 'ASC', key: 'title' }).message).toContain('answered 400');
    expect(sortedByCheck.run(ctx([ev('apple'), ev('kiwi')], { vars }), { order: 'ASC', key: 'title' }).message).toContain('lacks run events id-pear');
    const broken = { given: [{ identifier: '', title: 'x' }, { identifier: 'y', title: 'y' }] };
    expect(sortedByCheck.run(ctx([], { vars: broken }), { order: 'ASC', key: 'title' }).skip).toMatch(/precondition/);
  });
});

describe('sort-accepted', () => {
  const vars = given('a', 'b');
  it('passes when every run event is listed once, fails when one is doubled or the sort is rejected', () => {
    expect(sortAcceptedCheck.run(ctx([ev('b'), FOREIGN, ev('a')], { vars }), {}).pass).toBe(true);
    expect(sortAcceptedCheck.run(ctx([ev('b'), ev('a'), ev('a')], { vars }), {}).pass).toBe(false);
    expect(sortAcceptedCheck.run(ctx([], { vars, status: 400 }), {}).pass).toBe(false);
  });
});

describe('grouped-by (workflow_state, series_name)', () => {
  const vars = given('a', 'b', 'c');
  const st = (t: string, s: string) => ev(t, { processing_state: s });
  const pair = (asc: unknown[], desc: unknown[]): SortedPair => ({ sort: 'workflow_state', asc: { status: 200, body: asc }, desc: { status: 200, body: desc } });
  const run = (p: SortedPair, params: Record<string, unknown> = { member: 'processing_state' }) => groupedByCheck.run(ctx(null, { vars, value: p }), params);

  it('passes when equal states are together and DESC reverses the groups (whatever the order of states)', () => {
    expect(run(pair([st('b', 'Z'), st('a', 'Y'), st('c', 'Y')], [st('c', 'Y'), st('a', 'Y'), st('b', 'Z')])).pass).toBe(true);
  });
  it('fails when DESC keeps the ASC group order, or when a group is split', () => {
    const asc = [st('a', 'Y'), st('c', 'Y'), st('b', 'Z')];
    expect(run(pair(asc, asc)).message).toContain('not the reverse');
    expect(run(pair([st('a', 'Y'), st('b', 'Z'), st('c', 'Y')], asc)).message).toContain('separates');
  });
  it('skips when only one non-empty state is seen, or when states changed between the two requests', () => {
    expect(run(pair([st('a', 'Y'), st('b', ''), st('c', 'Y')], [st('a', 'Y'), st('b', ''), st('c', 'Y')])).skip).toMatch(/1 distinct/);
    expect(run(pair([st('a', 'Y'), st('b', 'Z'), st('c', 'Y')], [st('b', 'Z'), st('a', 'Z'), st('c', 'Y')])).skip).toMatch(/changed/);
  });
  it('with compare: text, ASC must ascend by name (code points or case-insensitively)', () => {
    const s = (t: string, n: string) => ev(t, { series: n });
    const ok = pair([s('a', 'Alpha'), s('b', 'beta'), s('c', 'Gamma')], [s('c', 'Gamma'), s('b', 'beta'), s('a', 'Alpha')]);
    expect(run(ok, { member: 'series', compare: 'text' }).pass).toBe(true);
    const bad = pair([s('a', 'gamma'), s('b', 'beta'), s('c', 'alpha')], [s('c', 'alpha'), s('b', 'beta'), s('a', 'gamma')]);
    expect(run(bad, { member: 'series', compare: 'text' }).message).toContain('not ascending');
  });
});
