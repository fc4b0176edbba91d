import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readBody } from './form.js';
import { parseFilters, parseSort } from './list-params.js';
import { compareCodePoints } from './list-run.js';
import { runSpeedQuery } from './perf.js';
import { seedMany, seedRecord } from './seed.js';
import { EventStore } from './store.js';
import { parseDateTime, parseTimeOfDay } from './time.js';

describe('compareCodePoints', () => {
  it('orders by code point, not UTF-16 unit (U+FF5E < U+1F600)', () => {
    expect(compareCodePoints('\uff5e', '\u{1f600}')).toBeLessThan(0);
    expect('\uff5e' < '\u{1f600}').toBe(false);
    expect(compareCodePoints('B', 'a')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
    expect(compareCodePoints('x', 'x')).toBe(0);
  });
});

describe('time parsing', () => {
  it('datetimes with Z or offsets; invalid dates rejected', () => {
    expect(parseDateTime('2026-01-05T09:00:00Z')).toBe(Date.UTC(2026, 0, 5, 9));
    expect(parseDateTime('2026-01-05T10:00:00+01:00')).toBe(Date.UTC(2026, 0, 5, 9));
    expect(parseDateTime('2026-02-30T10:00:00Z')).toBeUndefined();
    expect(parseDateTime('2026-01-05T10:00:00')).toBeUndefined();
    expect(parseTimeOfDay('13:30')).toBe(48_600_000);
    expect(parseTimeOfDay('13:30:00Z')).toBe(48_600_000);
    expect(parseTimeOfDay('25:00')).toBeUndefined();
  });
});

describe('list parameters', () => {
  it('value = everything after the first colon; series is is_part_of', () => {
    expect(parseFilters(['title:a:b,series:S'], '1.6.0')).toEqual([
      { name: 'title', values: ['a:b'], any: true },
      { name: 'is_part_of', values: ['S'], any: true },
    ]);
    expect(parseFilters(['title:a,title:b'], '1.4.0')[0].any).toBe(false);
    expect(parseSort('title:asc, start_date:Descending')).toEqual([{ name: 'title', desc: false }, { name: 'start_date', desc: true }]);
  });
});

describe('EventStore indexes', () => {
  it('re-indexes on commit and drops removed events', () => {
    const store = new EventStore();
    const rec = seedRecord(store, { fields: [{ id: 'title', value: 'One' }] });
    expect([...store.lookup('title', 'One')]).toEqual([rec.id]);
    rec.episode = { ...rec.episode, title: 'Two' };
    store.commit(rec);
    expect(store.lookup('title', 'One').size).toBe(0);
    expect([...store.lookup('title', 'Two')]).toEqual([rec.id]);
    store.remove(rec.id);
    expect(store.lookup('title', 'Two').size).toBe(0);
    expect(store.count()).toBe(0);
  });

  it('the speed query returns the 20 newest matching events', () => {
    const store = new EventStore();
    seedMany(store, 2000);
    const items = JSON.parse(runSpeedQuery(store)) as { title: string; start: string }[];
    expect(items).toHaveLength(20);
    expect(items.every((e) => e.title === 'Event 7')).toBe(true);
    const starts = items.map((e) => e.start);
    expect([...starts].sort().reverse()).toEqual(starts);
    expect(starts[0]).toBe(new Date(Date.UTC(2026, 0, 1) + 1957 * 3_600_000).toISOString().replace('.000', ''));
  });
});

describe('readBody', () => {
  const req = (chunks: Buffer[], headers: Record<string, string> = {}) =>
    Object.assign(Readable.from(chunks), { headers }) as unknown as IncomingMessage;
  it('reads the whole body and answers 413 above the limit', async () => {
    expect((await readBody(req([Buffer.from('ab'), Buffer.from('c')]), 10)).toString()).toBe('abc');
    await expect(readBody(req([Buffer.alloc(6), Buffer.alloc(6)]), 10)).rejects.toMatchObject({ status: 413 });
    await expect(readBody(req([], { 'content-length': '11' }), 10)).rejects.toMatchObject({ status: 413 });
  });
});
