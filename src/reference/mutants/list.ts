import type { ApiVersion } from '../../model/version.js';
import type { Ctx } from '../app.js';
import { knownFilter, multiValued, parseRange, splitEntry, type FilterGroup, type ListParams } from '../list-params.js';
import { groupMatch, type ListQuery } from '../list-run.js';
import { DEFAULT_LIST_LATITUDE } from '../latitude/list.js';
import { matchPredicate } from '../latitude/list-order.js';
import { badRequest, notFound } from '../types.js';
import { atLeast } from '../version.js';
import type { EventView } from '../view.js';
import { family, type MutantSpec } from './types.js';

/**
 * "Filter X is parsed but never applied": the most common way a filter goes wrong (a forgotten case in the
 * query builder). Fault: filterIgnored below drops the entry by its given name from the parameters as read.
 * Breaks events.list.filter.<name> (spec § GET /api/events, Filters) from the version that has the filter.
 */
function ignored(name: string, since: ApiVersion = '1.0.0'): MutantSpec {
  return {
    rule: `events.list.filter.${name}`,
    description: `The filter '${name}' is accepted but not applied: events that do not match it are listed too.`,
    ...(since === '1.0.0' ? {} : { since }),
  };
}

/** Mutants of the list filters and paging (GET /api/events; rules events.list.filter.*, .empty, .pages). */
export const LIST_MUTANTS = family({
  'list-filter-ignored-contributors': ignored('contributors'),
  'list-filter-ignored-location': ignored('location'),
  'list-filter-ignored-series': ignored('series'),
  'list-filter-ignored-subject': ignored('subject'),
  'list-filter-ignored-textFilter': ignored('textFilter'),
  'list-filter-ignored-identifier': ignored('identifier', '1.1.0'),
  'list-filter-ignored-title': ignored('title', '1.1.0'),
  'list-filter-ignored-description': ignored('description', '1.1.0'),
  'list-filter-ignored-series_name': ignored('series_name', '1.1.0'),
  'list-filter-ignored-language': ignored('language', '1.1.0'),
  'list-filter-ignored-created': ignored('created', '1.1.0'),
  'list-filter-ignored-license': ignored('license', '1.1.0'),
  'list-filter-ignored-rightsholder': ignored('rightsholder', '1.1.0'),
  'list-filter-ignored-status': ignored('status', '1.1.0'),
  'list-filter-ignored-is_part_of': ignored('is_part_of', '1.1.0'),
  'list-filter-ignored-source': ignored('source', '1.1.0'),
  'list-filter-ignored-agent_id': ignored('agent_id', '1.1.0'),
  'list-filter-ignored-start': ignored('start', '1.1.0'),
  'list-filter-ignored-technical_start': ignored('technical_start', '1.1.0'),
  'list-textfilter-needle-case': {
    rule: 'events.list.filter.textFilter',
    description: 'textFilter lower-cases the searched text but not the value: a value with capitals never matches, '
      + 'even where a field holds it exactly.',
  },
  'list-filter-start-outside': {
    rule: 'events.list.filter.start',
    description: 'The start range is applied inverted: events starting outside <from>/<to> are listed, those inside are not.',
    since: '1.1.0',
  },
  'list-filter-repeat-rejected': {
    rule: 'events.list.filter.repeat',
    description: 'A keyword given twice in one filter (contributors:A,contributors:B) is rejected with 400, '
      + 'although contributors and identifier "may occur multiple times".',
  },
  'list-filter-and-as-or': {
    rule: 'events.list.filter.and',
    description: 'Entries with different keywords are ORed: an event matching any one of them is listed.',
  },
  'list-filter-or-as-and': {
    rule: 'events.list.filter.or',
    description: 'From 1.5.0 a repeated keyword (title:A,title:B) is still ANDed instead of ORed.',
    since: '1.5.0',
  },
  'list-filter-unknown-ignored': {
    rule: 'events.list.filter.unknown',
    description: 'An unknown filter name is silently ignored (200, unfiltered) instead of rejected with 400 from 1.1.0.',
    since: '1.1.0',
  },
  'list-empty-404': {
    rule: 'events.list.empty',
    description: 'A list with no matching event answers 404 instead of 200 with [].',
  },
  'list-pages-last-partial-empty': {
    rule: 'events.list.pages',
    description: 'A page after the first that would hold fewer than limit items comes back empty '
      + '(offset + limit > total treated as out of range): the last events are never reachable by paging.',
  },
});

/** The `filter` parameters with only the entries `keep` allows by name (malformed entries stay, for the 400 they get). */
function keepEntries(params: string[], keep: (name: string) => boolean): string[] {
  return params.map((param) => param.split(',').filter((raw) => {
    const kv = raw.trim() === '' ? undefined : splitEntry(raw);
    return kv === undefined || keep(kv[0]);
  }).join(','));
}

/** The filter groups of `q`, each through `fn`. */
function eachGroup(q: ListQuery, fn: (g: FilterGroup) => FilterGroup): ListQuery {
  return { ...q, filters: q.filters.map(fn) };
}

/** A group matched value by value by `one` (OR or AND as the group says); `label` keeps the list caches apart. */
function matching(g: FilterGroup, label: string, one: (v: EventView, value: string) => boolean): FilterGroup {
  const { values } = g;
  return { ...g, test: { label, match: g.any ? (v) => values.some((x) => one(v, x)) : (v) => values.every((x) => one(v, x)) } };
}

/** Fault (list.asked): the entries of a filter `<given>` dropped before parsing (list-filter-ignored-<given>). */
export function filterIgnored(ctx: Ctx, p: ListParams): ListParams {
  const { bug } = ctx.app;
  return { ...p, filter: keepEntries(p.filter, (given) => !bug(`list-filter-ignored-${given}`)) };
}

/** Fault (list.asked): from 1.1.0 the entries of an unknown filter dropped (no 400). */
export function filterUnknownIgnored(ctx: Ctx, p: ListParams): ListParams {
  if (!ctx.app.bug('list-filter-unknown-ignored') || !atLeast(ctx.version, '1.1.0')) return p;
  return { ...p, filter: keepEntries(p.filter, (given) => knownFilter(given, ctx.version)) };
}

/** Fault (list.query): a keyword given twice refused (400). */
export function filterRepeatRejected(ctx: Ctx, q: ListQuery): ListQuery {
  const twice = q.filters.find((g) => g.values.length > 1);
  if (twice && ctx.app.bug('list-filter-repeat-rejected')) throw badRequest(`filter '${twice.name}' given twice`);
  return q;
}

/** Fault (list.query): from 1.5.0 the values of a repeated keyword ANDed (the multi-valued filters stay ORed). */
export function filterOrAsAnd(ctx: Ctx, q: ListQuery): ListQuery {
  if (!ctx.app.bug('list-filter-or-as-and') || !atLeast(ctx.version, '1.5.0')) return q;
  return eachGroup(q, (g) => (multiValued(g.name) ? g : { ...g, any: false }));
}

/** Fault (list.query): textFilter matched case-sensitively (the text is lower-cased, the value not). */
export function textNeedleCase(ctx: Ctx, q: ListQuery): ListQuery {
  if (!ctx.app.bug('list-textfilter-needle-case')) return q;
  const lat = q.lat ?? DEFAULT_LIST_LATITUDE;
  return eachGroup(q, (g) => (g.name !== 'textFilter' || g.test || matchPredicate(g, lat) ? g : matching(g, 'needle-case', (v, x) => v.fullText.includes(x))));
}

/** Fault (list.query): the start filter matches the events outside its range. */
export function filterStartOutside(ctx: Ctx, q: ListQuery): ListQuery {
  if (!ctx.app.bug('list-filter-start-outside')) return q;
  return eachGroup(q, (g) => (g.name !== 'start' || g.test ? g : matching(g, 'start-outside', (v, x) => {
    const r = parseRange('start', x);
    return v.bibStartMs < r.from || v.bibStartMs > r.to;
  })));
}

/** Fault (list.query, last): different keywords ORed (an event matching any one group is listed). */
export function filterAndAsOr(ctx: Ctx, q: ListQuery): ListQuery {
  if (q.filters.length < 2 || !ctx.app.bug('list-filter-and-as-or')) return q;
  const store = ctx.app.listStore ?? ctx.app.store;
  const tests = q.filters.map((g) => groupMatch(store, g, q.lat));
  const label = `any-group:${JSON.stringify(q.filters.map((g) => [g.name, g.any, g.values, g.test?.label]))}`;
  return { ...q, filters: [{ name: q.filters[0].name, values: [], any: true, test: { label, match: (v) => tests.some((t) => t(v)) } }] };
}

/** Fault (list.rows): an empty list answers 404, or a last partial page answers empty. */
export function pageAnswered(ctx: Ctx, page: string[], q: ListQuery): string[] {
  if (page.length === 0 && ctx.app.bug('list-empty-404')) throw notFound('no events match');
  if (ctx.app.bug('list-pages-last-partial-empty') && q.skip > 0 && q.limit !== undefined && page.length < q.limit) return [];
  return page;
}
