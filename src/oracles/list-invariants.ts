import fc from 'fast-check';
import type { CaseKit } from '../cases/case.js';
import { isBroken, listIds, mustCreateAll, readList } from '../cases/reads.js';
import { broken, OK, type Broken, type Verdict } from '../cases/verdict.js';
import { pageOffset } from '../generators/index.js';
import { defineProperty } from '../properties/types.js';
import { untilSettledStates } from './processed.js';

/**
 * Oracle "list invariants" (metamorphic): whatever order, matching and tie-breaking a server chose, its lists of one
 * set of events relate to each other.
 * - a sorted list is a permutation of the unsorted list: every event once, none added (spec § GET /api/events:
 *   "sort | Comma-separated list of sort criteria" orders the list, it selects nothing);
 * - pages partition the sorted list, whatever the ties in the sort keys: concatenated they hold every event exactly
 *   once (spec § Limits: "Pagination uses the limit and offset query parameters on the event list");
 * - a filter returns a subset of the unfiltered list holding every event whose value is exactly the filter value
 *   (a match under every reading of "matches"), each once;
 * - from 1.5.0 a keyword repeated with two values returns the union of the two single-value lists, each event once
 *   ("from version 1.5.0, a comma-separated use of the same filter keyword is a logical OR").
 * The events tie on purpose: titles, locations, presenters and start dates drawn from two or three values, so that a
 * server whose order or paging goes wrong only among equal keys shows it. Only the case's own events are judged
 * (every list is narrowed by textFilter:<case tag>).
 */

const SORTABLE = ['title', 'presenter', 'start_date', 'end_date', 'workflow_state', 'series_name', 'location'] as const;
type Sortable = (typeof SORTABLE)[number];

interface TiedEvent {
  title: number;
  location: number;
  presenters: number[];
  contributors: number[];
  day: number;
}

interface Case {
  events: TiedEvent[];
  sort: { name: Sortable; desc: boolean }[];
  /** Direction of the single-criterion sorts. */
  desc: boolean;
  limit: number;
}

const PRESENTERS = ['Pa', 'Pb', 'Pc'];

const tiedEvent = fc.record({
  title: fc.integer({ min: 0, max: 2 }),
  location: fc.integer({ min: 0, max: 1 }),
  presenters: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 2 }),
  contributors: fc.uniqueArray(fc.integer({ min: 0, max: 1 }), { maxLength: 2 }),
  day: fc.integer({ min: 0, max: 1 }),
});

/** The first event always has two presenters and both contributors (a row a join could repeat). */
const FIRST: Pick<TiedEvent, 'presenters' | 'contributors'> = { presenters: [0, 1], contributors: [0, 1] };

const CONTRIBUTORS = ['Cona', 'Conb'];

/** Sort criteria for the rules selected: those whose own rule is judged, else any (one key, or two for sort.multiple). */
function sorts(rules: readonly string[]): fc.Arbitrary<Case['sort']> {
  const named = SORTABLE.filter((s) => rules.includes(`events.list.sort.${s}`));
  const multiple = rules.includes('events.list.sort.multiple');
  const pool = named.length > 0 ? named : SORTABLE;
  const minLength = named.length === 0 && multiple ? 2 : 1;
  const maxLength = multiple || named.length === 0 ? 2 : 1;
  return fc.uniqueArray(fc.record({ name: fc.constantFrom(...pool), desc: fc.boolean() }), { minLength, maxLength: Math.min(maxLength, pool.length), selector: (k) => k.name });
}

const renderSort = (s: Case['sort']) => s.map((k) => `${k.name}:${k.desc ? 'DESC' : 'ASC'}`).join(',');

/** Identifiers seen more than once. */
function repeated(ids: string[]): string[] {
  return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
}

/** Whether `got` holds exactly the set `want`, each once. */
function sameSet(got: string[], want: readonly string[]): boolean {
  return got.length === want.length && repeated(got).length === 0 && want.every((id) => got.includes(id));
}

interface Ctx {
  kit: CaseKit;
  ids: string[];
  rules: readonly string[];
  c: Case;
  locations: string[];
}

const judged = (x: Ctx, rule: string) => x.rules.includes(rule);

async function ids(x: Ctx, query: Record<string, string>, refusalRule: string): Promise<string[] | Broken> {
  const filter = [`textFilter:${x.kit.tag}`, ...(query.filter ? [query.filter] : [])].join(',');
  const list = await readList(x.kit, { ...query, filter }, { emptyExpected: true, refusalRule });
  return isBroken(list) ? list : listIds(list);
}

/** The list sorted by `spec` is a permutation of the unsorted list `whole` (undefined), or what broke. */
async function permutes(x: Ctx, spec: Case['sort'], whole: string[]): Promise<Broken | undefined> {
  const sort = renderSort(spec);
  const sortRule = spec.length > 1 ? 'events.list.sort.multiple' : `events.list.sort.${spec[0].name}`;
  const sorted = await ids(x, { sort }, sortRule);
  if (isBroken(sorted)) return sorted;
  if (judged(x, sortRule) && !sameSet(sorted, whole)) {
    const twice = repeated(sorted);
    return broken(sortRule, `sort=${sort} is not a permutation of the unsorted list: ${twice.length ? `${twice.length} event(s) listed more than once` : `${sorted.length} rows for ${whole.length} events`}`, { identifiers: [...whole].sort() }, { identifiers: sorted });
  }
  return undefined;
}

async function attempt(x: Ctx): Promise<Verdict> {
  const { kit, c } = x;
  const whole = await ids(x, {}, 'events.list.filter.textFilter');
  if (isBroken(whole)) return whole;
  if (!sameSet(whole, x.ids)) {
    return broken('events.list.filter.textFilter', `textFilter:<case tag> did not return exactly the case's ${x.ids.length} events, each once`, { identifiers: x.ids }, { identifiers: whole });
  }
  // Every criterion alone (in the case's direction), then the case's sort (one or two criteria), which is also paged.
  const single = SORTABLE.filter((n) => judged(x, `events.list.sort.${n}`) && !(c.sort.length === 1 && c.sort[0].name === n));
  for (const sortSpec of [...single.map((name) => [{ name, desc: c.desc }]), c.sort]) {
    const v = await permutes(x, sortSpec, whole);
    if (v) return v;
  }
  const sort = renderSort(c.sort);
  const sortRule = c.sort.length > 1 ? 'events.list.sort.multiple' : `events.list.sort.${c.sort[0].name}`;
  if (judged(x, 'events.list.pages')) {
    const pageIndex = ((r) => r !== undefined && kit.env.book.appliesTo(r, kit.env.version))(kit.env.book.get('events.list.offset-page'));
    const pages: string[][] = [];
    for (let k = 0; k <= whole.length; k++) {
      const page = await ids(x, { sort, limit: String(c.limit), offset: String(pageOffset(k, c.limit, pageIndex)) }, sortRule);
      if (isBroken(page)) return page;
      if (page.length > c.limit) return broken('events.list.limit', `a page asked with limit=${c.limit} holds ${page.length} events`, { atMost: c.limit }, { count: page.length });
      pages.push(page);
      if (page.length < c.limit) break;
    }
    if (!sameSet(pages.flat(), whole)) {
      // Where offset is a page index (1.0.0), say whether the pages are what reading offset as the index of the first
      // event gives: page k holds min(limit, n - k) events, of the list only, all of them together. Counted, not
      // placed, so ties in the sort keys (ordered anew by each request) do not hide it. One difference of its own,
      // which an expectation can name apart from the others.
      const flat = pages.flat();
      const asIndex = pageIndex && pages.length > 1 && pages.every((page, k) => page.length === Math.min(c.limit, whole.length - k))
        && flat.every((id) => whole.includes(id)) && whole.every((id) => flat.includes(id));
      return broken('events.list.pages', `the pages of sort=${sort} with limit=${c.limit} do not partition the list (${pages.flat().length} rows in pages for ${whole.length} events${repeated(pages.flat()).length ? ', some on two pages' : ''})${asIndex ? `: offset read as the index of the first event, not a page number (offset=k gave events k+1 to k+${c.limit})` : ''}`, { identifiers: [...whole].sort() }, { pages });
    }
  }
  // Filters: location (all versions).
  const byLocation: string[][] = [];
  for (const [i, loc] of x.locations.entries()) {
    const got = await ids(x, { filter: `location:${loc}` }, 'events.list.filter.location');
    if (isBroken(got)) return got;
    byLocation.push(got);
    const must = x.ids.filter((_, j) => c.events[j].location === i);
    if (judged(x, 'events.list.filter.location') && (repeated(got).length > 0 || got.some((id) => !whole.includes(id)) || must.some((id) => !got.includes(id)))) {
      return broken('events.list.filter.location', `location:${loc} is not a subset of the list holding each event located exactly there, once`, { includes: must, within: whole }, { identifiers: got });
    }
  }
  if (judged(x, 'events.list.filter.or')) {
    // Two keywords repeated: location (single-valued: no event matches both) and contributors (an event may match both).
    // Both are judged and their differences reported together: a server known to break one of them (Opencast keeps
    // a single-valued keyword's last value, docs/opencast-behaviour.md) still shows a different break of the other.
    const heads: string[] = [];
    const missing: string[] = [];
    const extra: string[] = [];
    const twice: string[] = [];
    let expectedIds: string[] = [];
    let actualIds: string[] = [];
    for (const [keyword, values] of [['location', x.locations], ['contributors', CONTRIBUTORS]] as const) {
      const each: string[][] = [];
      for (const v of values) {
        const got = keyword === 'location' ? byLocation[values.indexOf(v)] : await ids(x, { filter: `${keyword}:${v}` }, `events.list.filter.${keyword}`);
        if (isBroken(got)) return got;
        each.push(got);
      }
      const both = await ids(x, { filter: values.map((v) => `${keyword}:${v}`).join(',') }, 'events.list.filter.or');
      if (isBroken(both)) return both;
      const union = [...new Set(each.flat())];
      if (sameSet(both, union)) continue;
      // Say what differs, one clause per kind, each event with the values it matches (as the filter-result check
      // does): an expectation names the difference it explains (a value before the last one missed), not the rule.
      const matches = (id: string) => {
        const at = each.map((l, i) => (l.includes(id) ? i + 1 : 0)).filter((i) => i > 0);
        return at.length ? `matches ${keyword} value ${at.join(' and ')} of ${values.length}` : `matches no ${keyword} value`;
      };
      heads.push(`${keyword}:A,${keyword}:B is not the union of ${keyword}:A and ${keyword}:B`);
      missing.push(...union.filter((id) => !both.includes(id)).map((id) => `${id} (${matches(id)})`));
      extra.push(...[...new Set(both.filter((id) => !union.includes(id)))].map((id) => `${id} (${matches(id)})`));
      twice.push(...repeated(both).map((id) => `${id} (${matches(id)}) ${both.filter((y) => y === id).length} times`));
      expectedIds = [...expectedIds, ...union.sort()];
      actualIds = [...actualIds, ...both];
    }
    if (heads.length > 0) {
      const what = [
        missing.length ? `matching events not listed: ${missing.join(', ')}` : '',
        extra.length ? `events listed that match neither: ${extra.join(', ')}` : '',
        twice.length ? `matching events listed more than once: ${twice.join(', ')}` : '',
      ].filter(Boolean).join('; ');
      return broken('events.list.filter.or', `${heads.join(' and ')}, each event once: ${what}`, { identifiers: expectedIds }, { identifiers: actualIds });
    }
  }
  return OK;
}

export const listInvariants = defineProperty<Case>({
  id: 'oracle-list-invariants',
  title: 'Sorts permute, pages partition, filters select and ORs unite the list, whatever the ties',
  rules: [...SORTABLE.map((s) => `events.list.sort.${s}`), 'events.list.sort.multiple', 'events.list.pages', 'events.list.filter.location', 'events.list.filter.or'],
  runsFactor: 0.3,
  // Every read is narrowed to the case's own tag; the events are unscheduled.
  casesOverlap: true,
  cases: (_env, rules) => fc.record({
    events: fc.array(tiedEvent, { minLength: 3, maxLength: 6 }),
    sort: sorts(rules),
    desc: fc.boolean(),
    limit: fc.integer({ min: 1, max: 3 }),
  }),
  async check(kit, c, rules) {
    const locations = [`${kit.tag}loca`, `${kit.tag}locb`];
    const made = await mustCreateAll(kit, c.events.map((g, i) => ({ ...g, ...(i === 0 ? FIRST : {}) })).map((e) => ({
      fields: {
        title: kit.title(['same', 'other', 'third'][e.title]),
        location: locations[e.location],
        creator: e.presenters.map((p) => PRESENTERS[p]),
        ...(e.contributors.length > 0 ? { contributor: e.contributors.map((p) => CONTRIBUTORS[p]) } : {}),
        startDate: ['2031-03-04', '2031-03-05'][e.day],
      },
    })));
    if (isBroken(made)) return made;
    await untilSettledStates(kit, made);
    for (const r of rules) kit.exercised.add(r);
    const x: Ctx = { kit, ids: made, rules, c, locations };
    return kit.settle(rules.includes('events.list.pages') ? 'events.list.pages' : rules[0], () => attempt(x));
  },
});
