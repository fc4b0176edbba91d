import fc from 'fast-check';
import { pageOffset, pagination, renderSort, sortableEvents, sortExpression, type SortableEvent, type SortKey } from '../../generators/index.js';
import type { CaseKit } from '../../stateful/kit/case.js';
import { arrayBody, isBroken } from '../../stateful/kit/expect.js';
import { broken, OK, type Broken, type Verdict } from '../../stateful/kit/verdict.js';
import { mustCreate } from '../../stateful/kit/reads.js';
import { defineProperty } from './types.js';

interface Case {
  events: SortableEvent[];
  sort: SortKey[];
  limit: number;
}

const idsOf = (list: unknown[]) => list.map((e) => (e as { identifier?: unknown })?.identifier).map((x) => (typeof x === 'string' ? x : '?'));

/** The whole sorted list of the case (textFilter on the case tag), once it holds exactly the case's events. */
async function whole(kit: CaseKit, ids: string[], sort: string): Promise<string[] | Broken> {
  let got: string[] = [];
  const v = await kit.settle('events.list.filter.textFilter', async () => {
    const list = arrayBody(await kit.api.list({ filter: `textFilter:${kit.tag}`, sort }), 'events.list.filter.textFilter', 'GET /api/events (the whole sorted list)');
    if (isBroken(list)) return list;
    got = idsOf(list);
    const same = got.length === ids.length && ids.every((id) => got.includes(id));
    return same ? OK : broken('events.list.filter.textFilter', `textFilter:<case tag> did not return exactly the case's ${ids.length} events`, { count: ids.length }, { count: got.length });
  });
  return v.ok ? got : v;
}

/** Walks the pages of `limit` (offset per the version's rule) and compares their concatenation with the whole. */
async function pagesConcatenate(kit: CaseKit, all: string[], sort: string, limit: number, pageIndex: boolean): Promise<Verdict> {
  const rule = 'events.list.pages';
  const pages: string[][] = [];
  for (let k = 0; k <= all.length + 1; k++) {
    const offset = pageOffset(k, limit, pageIndex);
    const list = arrayBody(await kit.api.list({ filter: `textFilter:${kit.tag}`, sort, limit: String(limit), offset: String(offset) }), rule, `GET /api/events page ${k}`);
    if (isBroken(list)) return list;
    if (list.length > limit) return broken('events.list.limit', `a page asked with limit=${limit} holds ${list.length} events`, { atMost: limit }, { count: list.length, offset });
    pages.push(idsOf(list));
    if (list.length < limit) break;
  }
  const name = (id: string) => (all.includes(id) ? `#${all.indexOf(id)}` : id);
  const flat = pages.flat();
  if (flat.length === all.length && flat.every((id, i) => id === all[i])) return OK;
  return broken(rule, `pages of limit=${limit} do not concatenate to the sorted whole (${flat.length} items in pages, ${all.length} in the whole)`, { whole: all.map(name) }, { pages: pages.map((p) => p.map(name)) });
}

/**
 * Sorted pages with any limit concatenate to the sorted whole, with no gap and no duplicate (spec § Limits:
 * "Pagination uses the limit and offset query parameters on the event list"; offset is an item index, or a page
 * index in the oldest description). Sort keys are distinct per event, so the order is total. Rule events.list.pages.
 */
export const listPages = defineProperty<Case>({
  id: 'prop-pages',
  title: 'Sorted pages of any size concatenate to the sorted whole',
  rules: ['events.list.pages'],
  cases: () => sortableEvents({ minEvents: 2, maxEvents: 6 }).chain((events) =>
    fc.record({ sort: sortExpression({ criteria: ['title', 'presenter', 'location', 'start_date', 'end_date'] }), page: pagination({ total: events.length }) })
      .map(({ sort, page }) => ({ events, sort, limit: page.limit }))),
  async check(kit, c) {
    const ids: string[] = [];
    for (const e of c.events) {
      const id = await mustCreate(kit, { fields: { title: kit.title(e.titleWord), creator: [e.presenter], location: e.location, startDate: e.startDate } });
      if (typeof id !== 'string') return id;
      ids.push(id);
    }
    const sort = renderSort(c.sort);
    const all = await whole(kit, ids, sort);
    if (isBroken(all)) return all;
    const pageIndex = ((r) => r !== undefined && kit.env.book.appliesTo(r, kit.env.version))(kit.env.book.get('events.list.offset-page'));
    return kit.settle('events.list.pages', () => pagesConcatenate(kit, all, sort, c.limit, pageIndex));
  },
});
