import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from './index.js';
import { call, createId } from './testkit.js';

describe('GET /api/events: filters, sort, paging', () => {
  let base: string;
  let close: () => Promise<void>;
  const ids: Record<string, string> = {};
  const titles = (r: { body: { title: string }[] }) => r.body.map((e) => e.title);

  beforeAll(async () => {
    ({ url: base, close } = await startReferenceServer({ processingDelayMs: 10_000 }));
    const rows: [string, Record<string, unknown>][] = [
      ['b', { title: 'Beta', subjects: ['math', 'intro'], contributor: ['Carl'], creator: ['Zed'], location: 'Hall', isPartOf: 'S1', startDate: '2030-01-03', startTime: '10:00:00Z' }],
      ['a', { title: 'Alpha', subjects: ['math'], contributor: ['Dora'], creator: ['Amy'], location: 'Room', isPartOf: 'S2', startDate: '2030-01-01', startTime: '10:00' }],
      ['c', { title: 'Gamma', subjects: ['art'], contributor: ['Carl', 'Dora'], creator: ['Amy'], location: 'Hall', language: 'de', description: 'About SPACE', startDate: '2030-01-02', startTime: '10:00:00' }],
      ['d', { title: 'alpha', subjects: [], location: 'Hall', startDate: '2030-01-04', startTime: '09:00:00Z' }],
    ];
    for (const [key, fields] of rows) ids[key] = await createId(base, { fields });
  });
  afterAll(() => close());

  it('no filter → every event, in creation order', async () => {
    expect(titles(await call(base, '/api/events'))).toEqual(['Beta', 'Alpha', 'Gamma', 'alpha']);
  });

  it('field filters are exact and case-sensitive; multi-valued ones match any element', async () => {
    expect(titles(await call(base, '/api/events?filter=title:Alpha'))).toEqual(['Alpha']);
    expect(titles(await call(base, '/api/events?filter=title:alph'))).toEqual([]);
    expect(titles(await call(base, '/api/events?filter=subject:math'))).toEqual(['Beta', 'Alpha']);
    expect(titles(await call(base, '/api/events?filter=contributors:Dora'))).toEqual(['Alpha', 'Gamma']);
    expect(titles(await call(base, '/api/events?filter=location:Hall,language:de'))).toEqual(['Gamma']);
    expect(titles(await call(base, '/api/events?filter=series:S1'))).toEqual(['Beta']);
    expect(titles(await call(base, '/api/events?filter=is_part_of:S2'))).toEqual(['Alpha']);
    expect(titles(await call(base, `/api/events?filter=identifier:${ids.c}`))).toEqual(['Gamma']);
    expect(titles(await call(base, '/api/events?filter=series_name:Series%20S1'))).toEqual(['Beta']);
  });

  it('textFilter is a case-insensitive substring', async () => {
    expect(titles(await call(base, '/api/events?filter=textFilter:space'))).toEqual(['Gamma']);
    expect(titles(await call(base, '/api/events?filter=textFilter:ALPH'))).toEqual(['Alpha', 'alpha']);
  });

  it('start / technical_start ranges are inclusive; malformed → 400', async () => {
    const r = await call(base, '/api/events?filter=start:2030-01-02T10:00:00Z/2030-01-03T10:00:00Z');
    expect(titles(r)).toEqual(['Beta', 'Gamma']);
    expect((await call(base, '/api/events?filter=start:2030-01-02')).status).toBe(400);
  });

  it('repeated keyword: AND below 1.5.0, OR from 1.5.0; contributors always OR', async () => {
    const q = '/api/events?filter=location:Hall,location:Room';
    expect(titles(await call(base, q, { version: '1.4.0' }))).toEqual([]);
    expect(titles(await call(base, q, { version: '1.5.0' }))).toEqual(['Beta', 'Alpha', 'Gamma', 'alpha']);
    const c = '/api/events?filter=contributors:Carl,contributors:Dora';
    expect(titles(await call(base, c, { version: '1.1.0' }))).toEqual(['Beta', 'Alpha', 'Gamma']);
  });

  it('filter version ranges: unknown names 400 from 1.1.0; 1.0.0 ignores them and 1.1.0-only names', async () => {
    expect((await call(base, '/api/events?filter=bogus:1')).status).toBe(400);
    expect((await call(base, '/api/events?filter=title:Alpha', { version: '1.0.0' })).body).toHaveLength(4);
    expect((await call(base, '/api/events?filter=bogus:1', { version: '1.0.0' })).body).toHaveLength(4);
    expect(titles(await call(base, '/api/events?filter=series:S2', { version: '1.0.0' }))).toEqual(['Alpha']);
  });

  it('sort ASC/DESC by code point, several criteria in priority order, date alias', async () => {
    expect(titles(await call(base, '/api/events?sort=title:ASC'))).toEqual(['Alpha', 'Beta', 'Gamma', 'alpha']);
    expect(titles(await call(base, '/api/events?sort=title:desc'))).toEqual(['alpha', 'Gamma', 'Beta', 'Alpha']);
    expect(titles(await call(base, '/api/events?sort=start_date:ASC'))).toEqual(['Alpha', 'Gamma', 'Beta', 'alpha']);
    expect(titles(await call(base, '/api/events?sort=date:DESC'))).toEqual(['alpha', 'Beta', 'Gamma', 'Alpha']);
    expect(titles(await call(base, '/api/events?sort=location:ASC,title:DESC'))).toEqual(['alpha', 'Gamma', 'Beta', 'Alpha']);
    expect(titles(await call(base, '/api/events?sort=presenter:ASC,start_date:DESC&filter=location:Hall'))).toEqual(['alpha', 'Gamma', 'Beta']);
  });

  it('sort without suffix or with an unknown name → 400 naming it', async () => {
    const r = await call(base, '/api/events?sort=title');
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/title/);
    expect((await call(base, '/api/events?sort=color:ASC')).status).toBe(400);
  });

  it('limit: absent/0/negative = all; not an integer → 400', async () => {
    expect((await call(base, '/api/events?limit=2')).body).toHaveLength(2);
    expect((await call(base, '/api/events?limit=0')).body).toHaveLength(4);
    expect((await call(base, '/api/events?limit=-1')).body).toHaveLength(4);
    expect((await call(base, '/api/events?limit=x')).status).toBe(400);
  });

  it('offset: item index from 1.1.0, page index in 1.0.0; negative → 400', async () => {
    const q = '/api/events?sort=title:ASC&limit=2&offset=1';
    expect(titles(await call(base, q, { version: '1.1.0' }))).toEqual(['Beta', 'Gamma']);
    expect(titles(await call(base, q, { version: '1.0.0' }))).toEqual(['Gamma', 'alpha']);
    expect(titles(await call(base, '/api/events?sort=title:ASC&offset=3', { version: '1.0.0' }))).toHaveLength(4);
    expect(titles(await call(base, '/api/events?sort=title:ASC&offset=3'))).toEqual(['alpha']);
    expect((await call(base, '/api/events?offset=-1')).status).toBe(400);
  });

  it('with* flags on the list', async () => {
    const r = await call(base, '/api/events?withacl=true&withmetadata=true&limit=1');
    expect(r.body[0]).toHaveProperty('acl');
    expect(r.body[0].metadata[0].flavor).toBe('dublincore/episode');
  });
});
