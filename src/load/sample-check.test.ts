import { describe, expect, it } from 'vitest';
import type { ApiVersion } from '../model/index.js';
import { getValidator } from '../schema/index.js';
import { prepareQuery } from './list-expect.js';
import { checkListBody, filterMatches } from './sample-check.js';
import { makeSeedPlan, type SeededEvent } from './seed-plan.js';
import { isoUtc } from '../spec/datetime.js';

const plan = makeSeedPlan('evconf-load-20260101-000000-abcd', 100);
const V = getValidator('1.6.0');

/** A 1.6.0 event object (spec § Event) as a correct server lists a seeded event. */
function listed(e: SeededEvent, i: number): Record<string, unknown> {
  return {
    identifier: `id-${i}`, creator: 'admin', presenter: [e.presenter], created: '2026-01-01T00:00:00Z', subjects: [plan.tag],
    start: isoUtc(e.startMs), description: e.description, title: e.title, processing_state: 'SUCCEEDED', duration: 0,
    archive_version: 1, contributor: [], has_previews: false, location: e.location, publication_status: [], language: '',
    rightsholder: '', license: '', is_part_of: e.isPartOf, series: `Series ${e.isPartOf}`, source: '', status: 'EVENTS.EVENTS.STATUS.PROCESSED',
  };
}
const all = plan.events.map(listed);
const q = (t: Record<string, string>, v: ApiVersion = '1.6.0') => prepareQuery({ params: {}, ...t }, plan, v);

/** The problems other than the item count (bodies of a few items against a query with a larger limit). */
const judged = (body: unknown[], ex: ReturnType<typeof q>['expect']) => checkListBody(JSON.stringify(body), ex, V).filter((p) => !/seeded events match$/.test(p));

describe('sampled list bodies (rule load.correct)', () => {
  it('prepareQuery resolves placeholders into the request and knows how many seeded events match', () => {
    const p = q({ filter: 'title:${title.3}', limit: '20' });
    expect(p.path).toBe(`/api/events?filter=${encodeURIComponent(`title:${plan.tag} Load 3`)}&limit=20`);
    expect(p.expect).toMatchObject({ filters: [{ name: 'title', value: `${plan.tag} Load 3` }], limit: 20, minItems: 5 });
    expect(q({ limit: '20', offset: '${offset.90}' }).expect.minItems).toBe(10);
    expect(q({ filter: 'textFilter:${word.7}' }).expect).toMatchObject({ minItems: 10, filters: [{ name: 'textFilter', shown: true }] });
    expect(q({ filter: 'start:${start.25}/${start.50}' }).expect.minItems).toBe(26); // hours 24–49, inclusive
  });

  it('a correct answer passes', () => {
    const p = q({ filter: 'title:${title.3}', limit: '20' });
    const body = all.filter((e) => e.title === `${plan.tag} Load 3`);
    expect(checkListBody(JSON.stringify(body), p.expect, V)).toEqual([]);
  });

  it('catches an event outside the filter (a list that is fast because it is wrong)', () => {
    const p = q({ filter: 'title:${title.3}', limit: '20' });
    const body = all.filter((e) => e.title === `${plan.tag} Load 3`);
    body[2] = all[4];
    expect(checkListBody(JSON.stringify(body), p.expect, V)).toEqual([`item 2 (id-4) has title "${plan.tag} Load 4", outside the filter title:${plan.tag} Load 3`]);
    expect(checkListBody('[]', p.expect, V)).toEqual(['0 events, but at least 5 seeded events match']);
  });

  it('catches schema violations, non-JSON and more than limit', () => {
    const p = q({ limit: '3' });
    const broken = [{ ...all[0], title: 7 }];
    expect(checkListBody(JSON.stringify(broken), p.expect, V)[0]).toMatch(/^schema event-list: \/0\/title must be string/);
    expect(checkListBody('<html>', p.expect, V)[0]).toMatch(/^body is not JSON/);
    expect(checkListBody(JSON.stringify(all.slice(0, 4)), p.expect, V)).toEqual(['4 events, more than limit 3']);
  });

  it('checks the order of the first sort criterion, ascending and descending', () => {
    const byStart = [...all].sort((a, b) => String(b.start).localeCompare(String(a.start))).slice(0, 20);
    expect(checkListBody(JSON.stringify(byStart), q({ sort: 'start_date:DESC', limit: '20' }).expect, V)).toEqual([]);
    const swapped = [byStart[1], byStart[0], ...byStart.slice(2)];
    expect(checkListBody(JSON.stringify(swapped), q({ sort: 'start_date:DESC', limit: '20' }).expect, V)[0]).toMatch(/^item 1 \(id-\d+\) is out of order for sort start_date:DESC/);
    const byTitle = [...all].sort((a, b) => (String(a.title) < String(b.title) ? -1 : 1)).slice(0, 20);
    expect(checkListBody(JSON.stringify(byTitle), q({ sort: 'title:ASC', limit: '20' }).expect, V)).toEqual([]);
    expect(checkListBody(JSON.stringify([...byTitle].reverse()), q({ sort: 'title:ASC', limit: '20' }).expect, V)).toHaveLength(1);
  });

  it('textFilter and start ranges are checked on what the list shows', () => {
    const text = q({ filter: 'textFilter:${word.7}', limit: '20' });
    const hits = all.filter((e) => String(e.description).endsWith('k7k'));
    expect(checkListBody(JSON.stringify(hits), text.expect, V)).toEqual([]);
    expect(checkListBody(JSON.stringify([...hits.slice(0, 9), all[0]]), text.expect, V)[0]).toMatch(/^item 9 \(id-0\) does not contain the value/);
    const range = q({ filter: 'start:${start.25}/${start.50}' });
    const [from, to] = range.query.filter.slice('start:'.length).split('/').map(Date.parse);
    const inRange = all.filter((e) => Date.parse(String(e.start)) >= from && Date.parse(String(e.start)) <= to);
    expect(inRange).toHaveLength(26);
    expect(checkListBody(JSON.stringify(inRange), range.expect, V)).toEqual([]);
    const outside = all.find((e) => Date.parse(String(e.start)) > to)!;
    expect(checkListBody(JSON.stringify([...inRange, outside]), range.expect, V)[0]).toMatch(/has start .*outside the filter start:/);
  });

  it('does not judge what a version or a list cannot show (no false alarms)', () => {
    const item = all[0];
    expect(filterMatches(item, { name: 'title', value: 'other' }, '1.0.0')).toBeUndefined(); // no title filter in 1.0.0
    expect(filterMatches(item, { name: 'start', value: '2000-01-01T00:00:00Z/2000-01-02T00:00:00Z' }, '1.3.0')).toBeUndefined();
    expect(filterMatches(item, { name: 'textFilter', value: 'nowhere' }, '1.6.0')).toBeUndefined();
    expect(filterMatches(item, { name: 'subject', value: 'x' }, '1.6.0')).toBeUndefined();
    expect(filterMatches(item, { name: 'is_part_of', value: 'other' }, '1.6.0')).toBe(false);
  });
  it('judges only the run\'s own events: foreign events (any schema, any value, any place in the order) are not looked at', () => {
    const foreign = [
      { identifier: 'other-1', title: 'Zebra lecture' },
      { identifier: 'other-2', title: 'apple', location: 'ROOM', start: 'yesterday' },
      { identifier: 'other-3', title: 'Äpfel und Birnen', presenter: 'not a list' },
    ];
    const byTitle = [3, 4, 5, 6, 7].map((k) => all.find((e) => e.title === `${plan.tag} Load ${k}`)!);
    // A case-insensitive collation puts "apple" and "Äpfel" before the run's titles and "Zebra" after them.
    const body = [foreign[1], foreign[2], ...byTitle, foreign[0]];
    expect(judged(body, q({ sort: 'title:ASC', limit: '20' }).expect)).toEqual([]);
    const loc = q({ filter: 'location:${location.4}', limit: '20' });
    const own = all.filter((e) => e.location === loc.expect.filters[0].value);
    expect(judged([foreign[1], ...own.slice(0, 19)], loc.expect)).toEqual([]);
    // The run's own events are still judged: schema, filter, order.
    expect(judged([foreign[0], { ...all[0], title: 7 }], q({ limit: '20' }).expect)[0]).toMatch(/^schema event-list: .*title must be string/);
    expect(judged([foreign[1], own[0], all[5]], loc.expect)[0]).toMatch(/outside the filter location:/);
    expect(judged([foreign[0], byTitle[1], foreign[1], byTitle[0]], q({ sort: 'title:ASC', limit: '20' }).expect)[0]).toMatch(/out of order for sort title:ASC/);
  });

  it('recognises the run\'s events by their identifiers when the stage knows them', () => {
    const ids = new Set(['id-0', 'id-1']);
    const p = prepareQuery({ params: {}, limit: '20' }, { ...plan, ids }, '1.6.0');
    expect(judged([{ ...all[0], title: 7 }, { ...all[2], title: 7, identifier: 'someone-else' }], p.expect)).toHaveLength(1);
  });

  it('never judges an order that depends on collation (numeric, case-insensitive) or on ties', () => {
    const p = q({ sort: 'title:ASC', limit: '20' });
    const load = (k: number) => all.find((e) => e.title === `${plan.tag} Load ${k}`)!;
    // A natural (numeric) collation: "Load 2" before "Load 10"; code-point order says the reverse.
    expect(judged([load(1), load(2), load(10), load(11)], p.expect)).toEqual([]);
    // Equal titles in any order.
    const threes = all.filter((e) => e.title === load(3).title);
    expect(judged([threes[1], threes[0], threes[2]], p.expect)).toEqual([]);
    // What every collation agrees on is still judged.
    expect(judged([load(4), load(3)], p.expect)[0]).toMatch(/out of order/);
  });
});
