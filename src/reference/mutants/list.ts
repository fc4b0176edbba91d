import type { ApiVersion } from '../../model/version.js';
import type { Ctx } from '../app.js';
import type { ListQuery } from '../list-run.js';
import { notFound } from '../types.js';
import { family, type MutantSpec } from './types.js';

/**
 * "Filter X is parsed but never applied": the most common way a filter goes wrong (a forgotten case in the
 * query builder). Bug site: hook listFilters.dropped (filterIgnored below) drops the entry by its given name.
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
      + 'even where a field holds it exactly (bug site: predicateOf in list-run.ts).',
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

/** Bug site (hook listFilters.orRepeats): 1.5.0+ repeated keywords ANDed. */
export function filterOrAsAnd(ctx: Ctx, or: boolean): boolean {
  return or && !ctx.app.bug('list-filter-or-as-and');
}

/** Bug site (hook listFilters.unknownRefused): an unknown filter accepted. */
export function filterUnknownIgnored(ctx: Ctx, refused: boolean): boolean {
  return refused && !ctx.app.bug('list-filter-unknown-ignored');
}

/** Bug sites (hook listFilters.dropped): the filter `given` parsed but never applied (list-filter-ignored-<given>). */
export function filterIgnored(ctx: Ctx, dropped: boolean, given: string): boolean {
  return dropped || ctx.app.bug(`list-filter-ignored-${given}`);
}

/** Bug site (hook listFilters.repeatRefused): a repeated keyword refused (400). */
export function filterRepeatRejected(ctx: Ctx, refused: boolean): boolean {
  return refused || ctx.app.bug('list-filter-repeat-rejected');
}

/** Bug site (hook listFilters.needle): textFilter matched case-sensitively. */
export function textNeedleCase(ctx: Ctx, lower: string, sent: string): string {
  return ctx.app.bug('list-textfilter-needle-case') ? sent : lower;
}

/** Bug site (hook listFilters.startOutside): the start filter matches the events outside its range. */
export function filterStartOutside(ctx: Ctx, outside: boolean): boolean {
  return outside || ctx.app.bug('list-filter-start-outside');
}

/** Bug site (hook listFilters.groupsOred): different keywords ORed. */
export function filterAndAsOr(ctx: Ctx, ored: boolean): boolean {
  return ored || ctx.app.bug('list-filter-and-as-or');
}

/** Bug sites (hook listPaging.answered): an empty list answers 404, or a last partial page answers empty. */
export function pageAnswered(ctx: Ctx, page: string[], q: ListQuery): string[] {
  if (page.length === 0 && ctx.app.bug('list-empty-404')) throw notFound('no events match');
  if (ctx.app.bug('list-pages-last-partial-empty') && q.skip > 0 && q.limit !== undefined && page.length < q.limit) return [];
  return page;
}
