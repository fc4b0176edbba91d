import { describe, expect, it } from 'vitest';
import type { ApiVersion } from '../../model/index.js';
import type { CheckContext } from '../types.js';
import {
  catalogStart, catalogStartIsCheck, eventMembersEmptyCheck, noForeignValuesCheck, occurrencesAmongCheck, publicationListSummaryCheck,
} from './metadata-values.js';

/** A check context whose step answered `status` with `body`; `value` overrides the action value. */
function ctx(body: unknown, o: { status?: number; value?: unknown; version?: ApiVersion } = {}): CheckContext {
  const text = body === undefined ? '' : JSON.stringify(body);
  const parsed: CheckContext['body'] = text === '' ? { ok: false, reason: 'empty body' } : { ok: true, value: JSON.parse(text) };
  const exchange = {
    request: { method: 'GET', url: 'http://x/api/events/e', headers: {} },
    response: { status: o.status ?? 200, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: o.version ?? '1.6.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: parsed,
    value: o.value ?? (parsed.ok ? parsed.value : undefined), vars: {},
    shapes: { validate: () => [], hasShape: () => true },
  };
}

const published = { published: true, publication: 'p1', listed: true };
const pub = { id: 'p1', channel: 'engage-player', mediatype: 'application/json', url: 'http://x/p1' };

describe('publication-list-summary', () => {
  it('passes a list of summaries (other extra members too) and fails one carrying media, attachments or metadata', () => {
    expect(publicationListSummaryCheck.run(ctx([{ ...pub, extra: 1 }]), { published }).pass).toBe(true);
    for (const m of ['media', 'attachments', 'metadata']) {
      const v = publicationListSummaryCheck.run(ctx([pub, { ...pub, id: 'p2', [m]: [] }]), { published });
      expect(v.pass).toBe(false);
      expect(v.message).toContain(m);
    }
  });
  it('skips when nothing was published', () => {
    expect(publicationListSummaryCheck.run(ctx([]), { published: { published: false, reason: 'none' } }).skip).toBe('precondition: none');
  });
});

describe('event-members-empty', () => {
  const ev = { identifier: 'e1', title: 't', description: '', presenter: ['P'], contributor: [] };
  it('maps field ids to the version\'s members and accepts "", [], null or absent', () => {
    expect(eventMembersEmptyCheck.run(ctx(ev), { fields: ['description', 'contributor'] }).pass).toBe(true);
    expect(eventMembersEmptyCheck.run(ctx({ identifier: 'e1', description: null }), { fields: ['description', 'contributor'] }).pass).toBe(true);
    expect(eventMembersEmptyCheck.run(ctx(ev), { fields: ['creator'] }).pass).toBe(false);
    const old = { identifier: 'e1', description: 't', contributors: [] };
    expect(eventMembersEmptyCheck.run(ctx(old, { version: '1.0.0' }), { fields: ['contributor'] }).pass).toBe(true);
    expect(eventMembersEmptyCheck.run(ctx(old, { version: '1.0.0' }), { fields: ['description'] }).pass).toBe(false);
  });
  it('judges the list item named by id', () => {
    const list = [{ identifier: 'e0', description: 'x' }, { ...ev, description: 't' }];
    expect(eventMembersEmptyCheck.run(ctx(list), { id: 'e1', fields: ['description'] }).pass).toBe(false);
    expect(eventMembersEmptyCheck.run(ctx(list), { id: 'e1', fields: ['contributor'] }).pass).toBe(true);
    expect(eventMembersEmptyCheck.run(ctx(list), { id: 'e9', fields: ['contributor'] }).pass).toBe(false);
  });
  it('an empty id (an event that was never made) is evconf\'s error, not a server failure', () => {
    expect(() => eventMembersEmptyCheck.run(ctx([ev]), { id: '', fields: ['contributor'] })).toThrow(/check parameter "id" is empty/);
  });
});

describe('catalog-start-is', () => {
  const fields = (date: string, time: string) => [{ id: 'title', value: 't' }, { id: 'startDate', value: date }, { id: 'startTime', value: time }];
  it('reads startDate + startTime in the formats servers show', () => {
    for (const t of ['14:30Z', '14:30:00Z', '14:30:00.000Z', '14:30:00+00:00']) expect(catalogStart(fields('2031-05-12', t))).toEqual({ ms: Date.parse('2031-05-12T14:30:00Z') });
    expect('why' in catalogStart([{ id: 'title', value: 't' }])).toBe(true);
  });
  it('passes the expected instant, fails another, skips a refused write or a catalog without start fields', () => {
    expect(catalogStartIsCheck.run(ctx(fields('2031-05-12', '14:30:00Z')), { at: '2031-05-12T14:30:00Z' }).pass).toBe(true);
    expect(catalogStartIsCheck.run(ctx([{ flavor: 'dublincore/episode', fields: fields('2031-05-12', '14:30Z') }]), { at: '2031-05-12T14:30:00Z' }).pass).toBe(true);
    expect(catalogStartIsCheck.run(ctx(fields('2026-11-27', '14:30:00Z')), { at: '2031-05-12T14:30:00Z' }).pass).toBe(false);
    expect(catalogStartIsCheck.run(ctx(fields('2031-06-03', '00:00:00Z')), { at: '2031-06-03T10:00:00Z', writeStatus: 204 }).pass).toBe(false);
    expect(catalogStartIsCheck.run(ctx(fields('2031-06-03', '00:00:00Z')), { at: '2031-06-03T10:00:00Z', writeStatus: 400 }).skip).toMatch(/precondition/);
    expect(catalogStartIsCheck.run(ctx([{ id: 'title', value: 't' }]), { at: '2031-06-03T10:00:00Z' }).skip).toMatch(/precondition/);
  });
});

describe('no-foreign-values', () => {
  it('passes a 4xx or fields without the values, fails fields holding one, and a 5xx', () => {
    expect(noForeignValuesCheck.run(ctx({ error: 'x' }, { status: 404 }), { values: ['v1'] }).pass).toBe(true);
    expect(noForeignValuesCheck.run(ctx([]), { values: ['v1'] }).pass).toBe(true);
    expect(noForeignValuesCheck.run(ctx([{ id: 'license', value: '' }]), { values: ['v1'] }).pass).toBe(true);
    expect(noForeignValuesCheck.run(ctx([{ id: 'license', value: 'v1' }]), { values: ['v1'] }).pass).toBe(false);
    expect(noForeignValuesCheck.run(ctx([{ id: 'license', value: ['a', 'v1'] }]), { values: ['v1'] }).pass).toBe(false);
    expect(noForeignValuesCheck.run(ctx('boom', { status: 500 }), { values: ['v1'] }).pass).toBe(false);
  });
});

describe('occurrences-among', () => {
  const expected = [
    { start: '2090-01-01T10:00:00Z', end: '2090-01-01T11:00:00Z' },
    { start: '2090-01-02T10:00:00Z', end: '2090-01-02T11:00:00Z' },
    { start: '2090-01-03T10:00:00Z', end: '2090-01-03T11:00:00Z' },
  ];
  const read = (i: number, status = 200, agent = 'ag') => ({ identifier: `e${i}`, status, scheduling: status === 200 ? { agent_id: agent, start: expected[i].start, end: expected[i].end } : null });
  it('passes siblings at distinct occurrences, fails a sibling gone, moved, doubled or on another agent', () => {
    expect(occurrencesAmongCheck.run(ctx(undefined, { value: [read(0), read(2)] }), { expected, agent: 'ag' }).pass).toBe(true);
    expect(occurrencesAmongCheck.run(ctx(undefined, { value: [read(0), read(2, 404)] }), { expected, agent: 'ag' }).pass).toBe(false);
    expect(occurrencesAmongCheck.run(ctx(undefined, { value: [read(0), read(0)] }), { expected, agent: 'ag' }).pass).toBe(false);
    expect(occurrencesAmongCheck.run(ctx(undefined, { value: [read(0), read(1, 200, 'other')] }), { expected, agent: 'ag' }).pass).toBe(false);
    const moved = { identifier: 'e1', status: 200, scheduling: { agent_id: 'ag', start: '2090-01-05T10:00:00Z', end: '2090-01-05T11:00:00Z' } };
    expect(occurrencesAmongCheck.run(ctx(undefined, { value: [read(0), moved] }), { expected, agent: 'ag' }).pass).toBe(false);
  });
});
