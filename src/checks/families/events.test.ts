import { describe, expect, it } from 'vitest';
import type { ApiVersion, Exchange } from '../../model/index.js';
import type { CheckContext } from '../types.js';
import { aclDifferences, eventAclCheck, eventCreateRejectedCheck, eventFieldsCheck, eventStartCheck, fieldDifferences, processingStatesSeenCheck } from './events.js';

function exchange(method: string, status: number, body: unknown): Exchange {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    request: { method, url: 'http://127.0.0.1/api/events', headers: {} },
    response: { status, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1,
    curl: 'curl',
  };
}

function ctx(body: unknown, o: { version?: ApiVersion; value?: unknown; exchanges?: Exchange[] } = {}): CheckContext {
  const exchanges = o.exchanges ?? [exchange('GET', 200, body)];
  return {
    version: o.version ?? '1.6.0', baseUrl: 'http://127.0.0.1', exchange: exchanges[exchanges.length - 1], exchanges,
    body: { ok: true, value: body }, value: o.value ?? body, vars: {},
    shapes: { validate: () => [], hasShape: () => true },
  };
}

const sent = { title: 'T', description: 'D', creator: ['P1', 'P2'], contributor: ['C'], language: 'en', startDate: '2089-12-31' };

describe('event-fields (events.create.metadata, events.update.metadata)', () => {
  it('passes when every sent field shows in its member, lists in any order', () => {
    const ev = { title: 'T', description: 'D', presenter: ['P2', 'P1'], contributor: ['C'], language: 'en' };
    expect(eventFieldsCheck.run(ctx(ev), { fields: sent })).toMatchObject({ pass: true });
  });

  it('uses the oldest names in 1.0.0 and ignores the members that version lacks', () => {
    const ev = { title: 'T', description: 'D', presenters: ['P1', 'P2'], contributors: ['C'] };
    expect(eventFieldsCheck.run(ctx(ev, { version: '1.0.0' }), { fields: sent })).toMatchObject({ pass: true });
    expect(fieldDifferences({ ...ev, presenters: undefined, presenter: ['P1', 'P2'] }, sent, '1.0.0').wrong).toHaveProperty('creator');
  });

  it('fails when a field was not stored, naming it', () => {
    const ev = { title: 'T', description: '', presenter: ['P1', 'P2'], contributor: ['C'], language: 'en' };
    const v = eventFieldsCheck.run(ctx(ev), { fields: sent });
    expect(v.pass).toBe(false);
    expect(v.message).toMatch(/description → description/);
  });

  it('the title parameter overrides the sent title (the tagged one)', () => {
    expect(eventFieldsCheck.run(ctx({ title: 'tag T' }), { fields: { title: 'T' }, title: 'tag T' }).pass).toBe(true);
    expect(eventFieldsCheck.run(ctx({ title: 'T' }), { fields: { title: 'T' }, title: 'tag T' }).pass).toBe(false);
  });

  it('skips when the fields to compare are not an object', () => {
    expect(eventFieldsCheck.run(ctx({}), { fields: 'x' }).skip).toBeTruthy();
  });
});

describe('event-acl (events.create.acl, events.update.acl, events.update.partial)', () => {
  const acl = [{ action: 'read', role: 'R', allow: true }, { action: 'write', role: 'R' }];

  it('contains: an entry sent without allow matches any allow value; extra entries are fine', () => {
    const got = [{ allow: true, action: 'read', role: 'R' }, { allow: false, action: 'write', role: 'R' }, { allow: true, action: 'read', role: 'X' }];
    expect(eventAclCheck.run(ctx(got), { acl })).toMatchObject({ pass: true });
  });

  it('fails when an entry is missing or its sent allow differs', () => {
    expect(eventAclCheck.run(ctx([{ allow: true, action: 'write', role: 'R' }]), { acl }).pass).toBe(false);
    expect(aclDifferences(acl, [{ allow: false, action: 'read', role: 'R' }, { allow: true, action: 'write', role: 'R' }], 'contains').missing)
      .toEqual([{ action: 'read', role: 'R', allow: true }]);
  });

  it('names an entry read back with another allow as its own difference (not also as missing or not sent)', () => {
    const sent = [{ action: 'read', role: 'R', allow: true }, { action: 'write', role: 'D', allow: false }, { action: 'read', role: 'GONE', allow: true }];
    const got = [{ allow: true, action: 'read', role: 'R' }, { allow: true, action: 'write', role: 'D' }];
    expect(eventAclCheck.run(ctx(got), { acl: sent, mode: 'equals' }).message)
      .toBe('the ACL differs from what was sent: missing read/GONE; write/D sent allow false, read allow true');
  });

  it('equals: entries that were not sent fail', () => {
    const got = [{ allow: true, action: 'read', role: 'R' }, { allow: true, action: 'write', role: 'R' }, { allow: true, action: 'read', role: 'OLD' }];
    const v = eventAclCheck.run(ctx(got), { acl, mode: 'equals' });
    expect(v.pass).toBe(false);
    expect(v.message).toMatch(/not sent: read\/OLD/);
    expect(eventAclCheck.run(ctx(got.slice(0, 2)), { acl, mode: 'equals' }).pass).toBe(true);
  });

  it('equals: judges allow as acl-equals does (a pair sent with allow read back as deny too fails)', () => {
    const got = [{ allow: true, action: 'read', role: 'R' }, { allow: false, action: 'read', role: 'R' }, { allow: true, action: 'write', role: 'R' }];
    expect(eventAclCheck.run(ctx(got), { acl, mode: 'equals' }).pass).toBe(false);
    expect(eventAclCheck.run(ctx(got), { acl }).pass).toBe(true);
  });

  it('fails on a body that is not an array; skips when the expected ACL is not one', () => {
    expect(eventAclCheck.run(ctx({ acl: [] }), { acl }).pass).toBe(false);
    expect(eventAclCheck.run(ctx([]), { acl: 'nothing' }).skip).toBeTruthy();
  });
});

describe('event-start (events.get.start-technical, events.get.start-bibliographic)', () => {
  it('compares instants, not strings', () => {
    expect(eventStartCheck.run(ctx({ start: '2090-01-01T00:00:00.000Z' }), { at: '2090-01-01T00:00:00Z' }).pass).toBe(true);
    expect(eventStartCheck.run(ctx({ start: '2090-01-01T01:00:00+01:00' }), { at: '2090-01-01T00:00:00Z' }).pass).toBe(true);
  });

  it('fails on another instant, a missing start or a non-date', () => {
    expect(eventStartCheck.run(ctx({ start: '2089-12-31T10:00:00Z' }), { at: '2090-01-01T00:00:00Z' }).pass).toBe(false);
    expect(eventStartCheck.run(ctx({}), { at: '2090-01-01T00:00:00Z' }).pass).toBe(false);
    expect(eventStartCheck.run(ctx({ start: 'soon' }), { at: '2090-01-01T00:00:00Z' }).pass).toBe(false);
  });

  it('with id, judges the list item with that identifier (the list shows the same start as the single GET)', () => {
    const list = [{ identifier: 'x', start: '2089-12-31T10:00:00Z' }, { identifier: 'e', start: '2090-01-01T00:00:00Z' }];
    expect(eventStartCheck.run(ctx(list), { at: '2090-01-01T00:00:00Z', id: 'e' }).pass).toBe(true);
    expect(eventStartCheck.run(ctx(list), { at: '2090-01-01T00:00:00Z', id: 'x' }).pass).toBe(false);
    expect(eventStartCheck.run(ctx(list), { at: '2090-01-01T00:00:00Z', id: 'gone' }).message).toContain('does not show event gone');
    expect(eventStartCheck.run(ctx({ start: '2090-01-01T00:00:00Z' }), { at: '2090-01-01T00:00:00Z', id: 'e' }).pass).toBe(false);
  });

  it('an empty id (an event that was never made) is evconf\'s error, never "the list does not show event " judged on the server', () => {
    const list = [{ identifier: 'e', start: '2090-01-01T00:00:00Z' }];
    for (const id of ['', ' ']) {
      expect(() => eventStartCheck.run(ctx(list), { at: '2090-01-01T00:00:00Z', id })).toThrow(/check parameter "id" is empty/);
      expect(() => eventStartCheck.run(ctx(list), { notAt: '2090-01-01T00:00:00Z', id })).toThrow(/check parameter "id" is empty/);
    }
  });

  it('member + before: compares another member (created after an update) with the event read before, as instants', () => {
    const p = { member: 'created', before: { created: '2090-01-01T00:00:00Z' } };
    expect(eventStartCheck.run(ctx({ created: '2090-01-01T00:00:00.000Z', start: 'x' }), p).pass).toBe(true);
    expect(eventStartCheck.run(ctx({ created: '2090-01-01T00:00:02Z' }), p).pass).toBe(false);
    expect(eventStartCheck.run(ctx({ created: '2090-01-01T00:00:00Z' }), { member: 'created', before: { error: 'x' } }).skip).toMatch(/^precondition/);
    expect(() => eventStartCheck.run(ctx({ start: '2090-01-01T00:00:00Z' }), { at: 'soon' })).toThrow(/not a date-time/);
  });
});

describe('event-create-rejected (events.create.400)', () => {
  const run = (status: number, value: Record<string, unknown>) => eventCreateRejectedCheck.run(
    ctx(undefined, { value, exchanges: [exchange('GET', 200, []), exchange('POST', status, undefined), exchange('GET', 200, [])] }),
    { in: [400] },
  );

  it('passes on 400 with nothing created', () => {
    expect(run(400, { created: [], before: [], after: [] })).toMatchObject({ pass: true });
  });

  it('fails on 201, and when a tagged event appeared although the status was 400', () => {
    expect(run(201, { created: ['e1'], before: [], after: [] }).message).toMatch(/status 201.*created e1/);
    expect(run(400, { created: [], before: [{ identifier: 'old' }], after: [{ identifier: 'old' }, { identifier: 'new' }] }).message)
      .toMatch(/created new/);
  });
});

describe('processing-states-seen (events.get.processing-state)', () => {
  const TABLE = ['INSTANTIATED', 'RUNNING', 'PAUSED', 'STOPPED', 'FAILING', 'FAILED', 'SUCCEEDED'];
  const withTable = (value: unknown): CheckContext => ({
    ...ctx(null, { value }),
    shapes: { validate: (_s: string, v: unknown) => (typeof v === 'string' && TABLE.includes(v) ? [] : [{ path: '', message: 'not in enum' }]), hasShape: () => true },
  });

  it('passes when every state seen is a value of the States table', () => {
    const value = { created: 2, skip: '', states: [{ id: 'a', state: 'RUNNING' }, { id: 'b', state: 'PAUSED' }, { id: 'b', state: 'SUCCEEDED' }] };
    expect(processingStatesSeenCheck.run(withTable(value), {})).toMatchObject({ pass: true });
  });

  it('fails naming a state outside the table (an event queued behind another)', () => {
    const value = { created: 2, skip: '', states: [{ id: 'a', state: 'RUNNING' }, { id: 'b', state: 'QUEUED' }] };
    const v = processingStatesSeenCheck.run(withTable(value), {});
    expect(v).toMatchObject({ pass: false });
    expect(v.message).toContain('QUEUED');
  });

  it('skips with the action\'s reason when no event could be created', () => {
    const value = { created: 0, skip: 'precondition: no event with media could be created', states: [] };
    expect(processingStatesSeenCheck.run(withTable(value), {})).toMatchObject({ pass: false, skip: 'precondition: no event with media could be created' });
  });
});

describe('event-start notAt (members that could stand in for each other)', () => {
  it('passes a created that is not the start set years ahead, fails one filled from it', () => {
    const p = { member: 'created', notAt: '2031-05-12T10:00:00Z' };
    expect(eventStartCheck.run(ctx({ created: '2026-11-27T09:00:00Z' }), p).pass).toBe(true);
    expect(eventStartCheck.run(ctx({ created: '2031-05-12T10:00:00.000Z' }), p).pass).toBe(false);
    expect(eventStartCheck.run(ctx({ created: 'soon' }), p).pass).toBe(false);
  });

  it('judges the list item with `id`', () => {
    const p = { member: 'created', notAt: '2031-05-12T10:00:00Z', id: 'b' };
    expect(eventStartCheck.run(ctx([{ identifier: 'a', created: '2031-05-12T10:00:00Z' }, { identifier: 'b', created: '2026-01-01T00:00:00Z' }]), p).pass).toBe(true);
  });
});
