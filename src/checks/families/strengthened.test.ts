import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../types.js';
import { sortedByCheck } from './sort.js';
import { endOrderedCheck } from './sort-reported.js';
import { catalogEmptiedCheck, metadataValuesCheck, otherCatalogCheck } from './metadata.js';
import { publicationStatusListedCheck } from './publications.js';
import { locationCheck } from '../location.js';

/** Strengthened checks: each one tells the right answer from a plausible wrong one. */

function ctx(body: unknown, o: { status?: number; url?: string; vars?: Record<string, unknown>; headers?: Record<string, string> } = {}): CheckContext {
  const text = JSON.stringify(body);
  const exchange = {
    request: { method: 'GET', url: o.url ?? 'http://x/api/events?sort=location:ASC,title:DESC', headers: {} },
    response: { status: o.status ?? 200, headers: o.headers ?? {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.0.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: { ok: true, value: body },
    value: body, vars: o.vars ?? {}, shapes: { validate: () => [], hasShape: () => true },
  };
}

describe('sorted-by anyPriority (events.list.sort.multiple)', () => {
  // (location, title): a/a tie on location, b/c tie on title.
  const given = [
    { identifier: 'a', title: 'pear', fields: { location: 'hall' } },
    { identifier: 'b', title: 'kiwi', fields: { location: 'attic' } },
    { identifier: 'c', title: 'kiwi', fields: { location: 'lab' } },
    { identifier: 'd', title: 'apple', fields: { location: 'hall' } },
  ];
  const p = { order: ['ASC', 'DESC'], key: ['fields.location', 'title'], anyPriority: true };
  const list = (...ids: string[]) => ids.map((identifier) => ({ identifier }));
  it('accepts the order with the first criterion deciding first, and the one with the last deciding first', () => {
    expect(sortedByCheck.run(ctx(list('b', 'a', 'd', 'c'), { vars: { given } }), p).pass).toBe(true);
    // title DESC first, then location ASC: pear(a), kiwi(b attic, c lab), apple(d)
    expect(sortedByCheck.run(ctx(list('a', 'b', 'c', 'd'), { vars: { given } }), p).pass).toBe(true);
  });
  it('fails the first criterion only and the last criterion only (their ties broken the other way)', () => {
    expect(sortedByCheck.run(ctx(list('b', 'd', 'a', 'c'), { vars: { given } }), p).pass).toBe(false);
    expect(sortedByCheck.run(ctx(list('a', 'c', 'b', 'd'), { vars: { given } }), p).pass).toBe(false);
  });
  it('without anyPriority only the first-decides-first order passes', () => {
    const { anyPriority: _a, ...strict } = p;
    expect(sortedByCheck.run(ctx(list('a', 'b', 'c', 'd'), { vars: { given } }), strict).pass).toBe(false);
  });
});

describe('end-ordered (events.list.sort.end_date where the end cannot be set)', () => {
  const given = [{ identifier: 'x' }, { identifier: 'y' }, { identifier: 'z' }];
  const e = (identifier: string, start_time: string, duration: unknown) => ({ identifier, start_time, duration });
  it('passes the order of start + duration and fails a list in another order', () => {
    const asc = [e('y', '2031-05-03T10:00:00Z', 0), e('x', '2031-05-12T10:00:00Z', 0), e('z', '2031-05-20T10:00:00Z', 0)];
    expect(endOrderedCheck.run(ctx(asc, { vars: { given } }), { order: 'ASC', start: 'start_time', duration: 'duration' }).pass).toBe(true);
    expect(endOrderedCheck.run(ctx(asc, { vars: { given } }), { order: 'DESC', start: 'start_time', duration: 'duration' }).pass).toBe(false);
  });
  it('uses the reported duration (milliseconds or seconds): a later start may end first', () => {
    const byEnd = [e('x', '2031-05-12T10:00:00Z', 1000), e('y', '2031-05-03T10:00:00Z', 30 * 86_400_000)];
    expect(endOrderedCheck.run(ctx(byEnd, { vars: { given: given.slice(0, 2) } }), { order: 'ASC', start: 'start_time', duration: 'duration' }).pass).toBe(true);
    const bySeconds = [e('x', '2031-05-12T10:00:00Z', 1), e('y', '2031-05-03T10:00:00Z', 30 * 86_400)];
    expect(endOrderedCheck.run(ctx(bySeconds, { vars: { given: given.slice(0, 2) } }), { order: 'ASC', start: 'start_time', duration: 'duration' }).pass).toBe(true);
  });
  it('skips when a run event reports no duration (its end may be unknown to the server)', () => {
    const none = [e('x', '2031-05-12T10:00:00Z', null), e('y', '2031-05-03T10:00:00Z', 0)];
    expect(endOrderedCheck.run(ctx(none, { vars: { given: given.slice(0, 2) } }), { order: 'ASC', start: 'start_time', duration: 'duration' }).skip).toMatch(/reports no duration/);
  });
  it('skips when the ends do not differ (the order cannot be seen)', () => {
    const same = [e('x', '2031-05-12T10:00:00Z', 0), e('y', '2031-05-12T10:00:00Z', 0)];
    expect(endOrderedCheck.run(ctx(same, { vars: { given: given.slice(0, 2) } }), { order: 'ASC', start: 'start_time', duration: 'duration' }).skip).toMatch(/equal ends/);
  });
});

describe('metadata: a second catalog (metadata.get-type.values, metadata.delete.removes)', () => {
  const episode = [{ id: 'title', value: 'tag t' }, { id: 'license', value: '' }];
  it('not-episode-fields fails when the other flavor is answered with the episode fields, passes otherwise', () => {
    expect(otherCatalogCheck.run(ctx([...episode].reverse()), { episode }).pass).toBe(false);
    expect(otherCatalogCheck.run(ctx([{ id: 'license', value: 'evconf-license tag' }]), { episode }).pass).toBe(true);
    expect(otherCatalogCheck.run(ctx({ error: 'no catalog' }, { status: 404 }), { episode }).pass).toBe(true);
    expect(otherCatalogCheck.run(ctx([]), { episode: null }).skip).toMatch(/precondition/);
  });
  it('metadata-values skips with the action\'s reason and judges otherwise', () => {
    expect(metadataValuesCheck.run(ctx([]), { values: { license: 'x' }, skip: 'precondition: not configured' }).skip).toBe('precondition: not configured');
    expect(metadataValuesCheck.run(ctx([{ id: 'license', value: '' }]), { values: { license: 'x' }, skip: '' }).pass).toBe(false);
  });
  it('catalog-emptied with flavor reads the catalog list: absent or without values passes, values left fail', () => {
    const p = { flavor: 'license/episode' };
    expect(catalogEmptiedCheck.run(ctx([{ flavor: 'dublincore/episode', fields: [] }]), p).pass).toBe(true);
    expect(catalogEmptiedCheck.run(ctx([{ flavor: 'license/episode', fields: [{ id: 'license', value: '' }] }]), p).pass).toBe(true);
    expect(catalogEmptiedCheck.run(ctx([{ flavor: 'license/episode', fields: [{ id: 'license', value: 'x' }] }]), p).pass).toBe(false);
    expect(catalogEmptiedCheck.run(ctx({}, { status: 404 }), p).pass).toBe(false);
  });
});

describe('publication-status-listed (events.get.publication-status)', () => {
  const published = { published: true, publication: 'p1', listed: true };
  it('fails an empty publication_status once the list names a publication; passes a non-empty one', () => {
    expect(publicationStatusListedCheck.run(ctx({ publication_status: [] }), { published }).pass).toBe(false);
    expect(publicationStatusListedCheck.run(ctx({ publication_status: ['engage-player'] }), { published }).pass).toBe(true);
  });
  it('judges nothing while nothing is listed', () => {
    expect(publicationStatusListedCheck.run(ctx({ publication_status: [] }), { published: { published: false } }).skip).toMatch(/precondition/);
  });
  it('judges also when the wait saw the publication in publication_status first (processing ended between its reads)', () => {
    expect(publicationStatusListedCheck.run(ctx({ publication_status: ['engage-player'] }), { published: { published: true, listed: false } }).pass).toBe(true);
  });
});

describe('location without an identifier in the body (events.create.location)', () => {
  const at = (loc: string) => ctx({}, { status: 201, headers: { location: loc } });
  it('checks only the form: /api/events/<id> passes, another path fails, a missing header fails', () => {
    expect(locationCheck.run(at('http://x/api/events/abc'), { id: '' }).pass).toBe(true);
    expect(locationCheck.run(at('http://x/api/event/abc'), { id: '' }).pass).toBe(false);
    expect(locationCheck.run(at('http://x/api/events/abc/acl'), { id: '' }).pass).toBe(false);
    expect(locationCheck.run(ctx({}, { status: 201 }), { id: '' }).pass).toBe(false);
  });
  it('with an identifier compares it with the header', () => {
    expect(locationCheck.run(at('http://x/api/events/abc'), { id: 'abc' }).pass).toBe(true);
    expect(locationCheck.run(at('http://x/api/events/abd'), { id: 'abc' }).pass).toBe(false);
  });
});
