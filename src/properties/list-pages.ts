import fc from 'fast-check';
import { pageOffset, pagination, renderSort, sortableEvents, sortExpression, TOTAL_SORTS, type SortableEvent, type SortKey } from '../generators/index.js';
import type { CaseKit } from '../cases/case.js';
import { broken, OK, type Broken, type Verdict } from '../cases/verdict.js';
import { isBroken, listIds, mustCreateAll, readList } from '../cases/reads.js';
import { defineProperty } from './types.js';

interface Case {
  events: SortableEvent[];
  sort: SortKey[];
  limit: number;
}

/** The whole sorted list of the case (textFilter on the case tag), once it holds exactly the case's events. */
async function whole(kit: CaseKit, ids: string[], sort: string, sortRule: string): Promise<string[] | Broken> {
  let got: string[] = [];
  const v = await kit.settle('events.list.filter.textFilter', async () => {
    const list = await readList(kit, { filter: `textFilter:${kit.tag}`, sort }, { refusalRule: sortRule });
    if (isBroken(list)) return list;
    got = listIds(list);
    const same = got.length === ids.length && ids.every((id) => got.includes(id));
    return same ? OK : broken('events.list.filter.textFilter', `textFilter:<case tag> did not return exactly the case's ${ids.length} events`, { count: ids.length }, { count: got.length });
  });
  return v.ok ? got : v;
}

interface Walk {
  all: string[];
  sort: string;
  limit: number;
  /** The version's offset rule: a page index (oldest description) or an item index. */
  pageIndex: boolean;
  /** The rule a refusal of the (valid) sort breaks. */
  sortRule: string;
}

/** Walks the pages of `limit` (offset per the version's rule); a page larger than limit breaks events.list.limit. */
async function walk(kit: CaseKit, w: Walk): Promise<string[][] | Broken> {
  const pages: string[][] = [];
  for (let k = 0; k <= w.all.length + 1; k++) {
    const offset = pageOffset(k, w.limit, w.pageIndex);
    const list = await readList(kit, { filter: `textFilter:${kit.tag}`, sort: w.sort, limit: String(w.limit), offset: String(offset) }, { emptyExpected: true, refusalRule: w.sortRule });
    if (isBroken(list)) return list;
    if (list.length > w.limit) return broken('events.list.limit', `a page asked with limit=${w.limit} holds ${list.length} events`, { atMost: w.limit }, { count: list.length, offset });
    pages.push(listIds(list));
    if (list.length < w.limit) break;
  }
  return pages;
}

/**
 * The pages concatenate to the whole. When they are exactly what the other offset reading gives (an item index
 * read as a page index or the reverse), the version's offset rule is broken instead (events.list.offset-*).
 */
function judge(w: Walk, pages: string[][]): Verdict {
  const flat = pages.flat();
  if (flat.length === w.all.length && flat.every((id, i) => id === w.all[i])) return OK;
  const name = (id: string) => (w.all.includes(id) ? `#${w.all.indexOf(id)}` : id);
  const other = pages.every((p, k) => {
    const start = w.pageIndex ? k : k * w.limit * w.limit;
    return p.join() === w.all.slice(start, start + w.limit).join();
  });
  if (other) {
    const rule = w.pageIndex ? 'events.list.offset-page' : 'events.list.offset-index';
    return broken(rule, `offset is read as ${w.pageIndex ? 'an item index' : 'a page index'} (pages of limit=${w.limit})`, { whole: w.all.map(name) }, { pages: pages.map((p) => p.map(name)) });
  }
  return broken('events.list.pages', `pages of limit=${w.limit} do not concatenate to the sorted whole (${flat.length} items in pages, ${w.all.length} in the whole)`, { whole: w.all.map(name) }, { pages: pages.map((p) => p.map(name)) });
}

/**
 * Sorted pages with any limit concatenate to the sorted whole, with no gap and no duplicate (spec § Limits:
 * "Pagination uses the limit and offset query parameters on the event list"; offset is an item index, or a page
 * index in the oldest description). Sort keys are distinct per event and every sort holds one of them (start_date and
 * end_date of an unscheduled event are not settled: a title tie-breaker follows them), so the order never depends
 * on ties; the keys are lower-case letters and digits, so collations agree. Rule events.list.pages.
 */
export const listPages = defineProperty<Case>({
  id: 'prop-pages',
  title: 'Sorted pages of any size concatenate to the sorted whole',
  runsFactor: 2.5,
  // Every list read is narrowed to the case's own tag (textFilter:<case tag>); the events are unscheduled.
  casesOverlap: true,
  rules: ['events.list.pages'],
  cases: () => sortableEvents({ minEvents: 2, maxEvents: 6 }).chain((events) =>
    fc.record({ sort: sortExpression({ criteria: [...TOTAL_SORTS, 'start_date', 'end_date'], totalBy: TOTAL_SORTS }), page: pagination({ total: events.length }) })
      .map(({ sort, page }) => ({ events, sort, limit: page.limit }))),
  async check(kit, c) {
    const ids = await mustCreateAll(kit, c.events.map((e) => ({ fields: { title: kit.title(e.titleWord), creator: [e.presenter], location: e.location, startDate: e.startDate } })));
    if (isBroken(ids)) return ids;
    const sort = renderSort(c.sort);
    const sortRule = c.sort.length > 1 ? 'events.list.sort.multiple' : `events.list.sort.${c.sort[0].name}`;
    const all = await whole(kit, ids, sort, sortRule);
    if (isBroken(all)) return all;
    const pageIndex = ((r) => r !== undefined && kit.env.book.appliesTo(r, kit.env.version))(kit.env.book.get('events.list.offset-page'));
    const w: Walk = { all, sort, limit: c.limit, pageIndex, sortRule };
    return kit.settle('events.list.pages', async () => {
      const pages = await walk(kit, w);
      return isBroken(pages) ? pages : judge(w, pages);
    });
  },
});
