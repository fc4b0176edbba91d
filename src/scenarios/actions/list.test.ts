import { describe, expect, it } from 'vitest';
import { actionNamed } from './index.js';
import { isoAtOffset } from './list.js';
import { actionTestKit } from './testing.js';

const { envFor, fake } = actionTestKit();

// list-filter `range` with `offset`: the same instants as the UTC bounds, written in the offset's local time (the
// filter list-filter-scheduled sends to see that a server which accepts such bounds honours the offset).
describe('isoAtOffset', () => {
  it('writes the instant in the local time of the offset', () => {
    expect(isoAtOffset('2090-01-01T00:00:00Z', 60, '+02:00')).toBe('2090-01-01T03:00:00+02:00');
    expect(isoAtOffset('2090-01-01T00:00:00Z', 60, '-05:30')).toBe('2089-12-31T19:30:00-05:30');
    expect(Date.parse(isoAtOffset('2090-01-01T00:00:00Z', 240, '+02:00'))).toBe(Date.parse('2090-01-01T04:00:00Z'));
  });

  it('refuses an offset of another form (a scenario bug)', () => {
    expect(() => isoAtOffset('2090-01-01T00:00:00Z', 0, '+2')).toThrow(/offset/);
  });
});

/** A fake server holding events by exact identifier; GET /api/events answers [] and records the filter sent. */
async function holding(ids: string[], filters: string[]) {
  return fake((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/api/events') {
      filters.push(url.searchParams.get('filter') ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      return;
    }
    const id = decodeURIComponent(url.pathname.replace('/api/events/', ''));
    if (ids.includes(id)) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ identifier: id }));
    else res.writeHead(404).end();
  });
}

const saved = (id: string) => ({ saved: { run: { events: [{ identifier: id, sent: { fields: {} }, server: { identifier: id } }] } } });

// spec § Event "identifier | Unique identifier of the event": pick `prefix` filters by a part of an identifier that
// names no event (so that no event may be listed), or skips with the reason.
describe('list-filter pick with prefix', () => {
  it('filters by the first half of the picked identifier', async () => {
    const filters: string[] = [];
    const server = await holding(['abcdef12'], filters);
    const out = await actionNamed('list-filter')(envFor(server.url), { pick: [{ name: 'identifier', index: 0, member: 'identifier', prefix: true }] }, saved('abcdef12'));
    expect(filters).toEqual(['identifier:abcd']);
    expect(out.value).toEqual([]);
  });

  it('skips, without a request of its own, when every prefix is another event\'s identifier', async () => {
    const filters: string[] = [];
    const server = await holding(['42', '4'], filters);
    const out = await actionNamed('list-filter')(envFor(server.url), { pick: [{ name: 'identifier', index: 0, member: 'identifier', prefix: true }] }, saved('42'));
    expect(filters).toEqual([]);
    expect(out.exchanges).toEqual([]);
    expect((out.value as { skip: string }).skip).toMatch(/every prefix tried of 42/);
  });
});
