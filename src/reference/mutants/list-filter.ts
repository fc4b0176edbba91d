import type { Ctx } from '../app.js';
import { parseRange, type FilterGroup, type SortKey } from '../list-params.js';
import { deriveView, type EventView } from '../view.js';
import { parseDateTime, isoSeconds } from '../time.js';
import { copyEpisode } from '../episode.js';
import { badRequest, type EpisodeValues, type EventRecord } from '../types.js';
import { family, type MutantSpec } from './types.js';
import { canRead } from '../auth.js';
import { runList, type ListQuery } from '../list-run.js';
import { atLeast } from '../version.js';
import { aclOneBehind, hashedStale } from './write-state.js';
import { nth, everySecond, firstState, latin1 } from './mutant-state.js';
import type { MutantName } from '../bug.js';

/** The list filter family: planted bugs of GET /api/events filters, sort and query (rules events.list.filter.*, events.list.sort.*, ...). */

/**
 * Filter and sort mutants (spec § GET /api/events, Filters: "identifier | Identifier
 * matches"; "is_part_of | Series the event is part of, by series identifier"; "Each entry has the form
 * <FilterName>:<value>"; "start | Start date, value form <datetime>/<datetime>"; "Rule: from version 1.5.0, a
 * comma-separated use of the same filter keyword is a logical OR"; Sort criteria). Bug sites: handlers/list.ts
 * (sectionFilters, sectionSort) and handlers/create.ts (sectionCreated, for the stale full-text index).
 */
export const FILTER_SORT_MUTANTS = family({
  'filter-identifier-prefix': {
    rule: 'events.list.filter.identifier',
    description: 'identifier:<v> lists every event whose identifier starts with <v> (LIKE \'v%\'): a truncated identifier finds the event.',
    since: '1.1.0',
  },
  'filter-is-part-of-prefix': {
    rule: 'events.list.filter.is_part_of',
    description: 'is_part_of:<id> also lists events of series whose identifier starts with <id> (is_part_of:S1 lists events of S10).',
    since: '1.1.0',
  },
  'filter-plus-as-space': {
    rule: 'events.list.filter.title',
    description: 'Filter values are form-decoded a second time: a "+" in the value becomes a space, so title:C++ (sent as C%2B%2B) matches nothing.',
    since: '1.1.0',
  },
  'filter-value-colon-cut': {
    rule: 'events.list.filter.location',
    description: 'A filter entry is split on every ":" and the value is the second piece only: location:Room: 1 looks for "Room" (date ranges are joined back).',
  },
  'filter-subject-astral-dropped': {
    rule: 'events.list.filter.subject',
    description: 'The subject filter strips characters outside the BMP (emoji) from the value before the lookup: subject:🎵 Music never matches.',
  },
  'filter-textfilter-stale-after-update': {
    rule: 'events.list.filter.textFilter',
    description: 'textFilter searches the metadata an event was created with: text written by later updates or PUT /metadata is never found.',
  },
  'filter-or-first-keyword-only': {
    rule: 'events.list.filter.or',
    description: 'From 1.5.0 only the first repeated keyword is ORed; a second repeated keyword in the same request is still ANDed.',
    since: '1.5.0',
  },
  'filter-start-end-day-only': {
    rule: 'events.list.filter.start',
    description: 'The end of a start:<from>/<to> range is read as its date at 00:00: events on the last day of the range after midnight are missed.',
    since: '1.1.0',
  },
  'filter-technical-start-offset-ignored': {
    rule: 'events.list.filter.technical_start',
    description: 'technical_start range bounds with a UTC offset (+02:00) are read as UTC, ignoring the offset.',
    since: '1.1.0',
  },
  'sort-start-date-day-only': {
    rule: 'events.list.sort.start_date',
    description: 'sort=start_date compares only the start date (the day), not the time: events of one day stay in creation order.',
  },
  'sort-location-stale-after-update': {
    rule: 'events.list.sort.location',
    description: 'sort=location orders by the location an event was created with: later location changes (update, PUT /metadata) never reach the sort index.',
  },
});

const DAY_MS = 86_400_000;

/** A group whose match is `one` (per value; ORed or ANDed like the group). */
function testing(g: FilterGroup, label: string, one: (v: EventView, value: string) => boolean): FilterGroup {
  const values = g.values;
  const match = g.any ? (v: EventView) => values.some((x) => one(v, x)) : (v: EventView) => values.every((x) => one(v, x));
  return { ...g, test: { label, match } };
}

/** Episode values of each event as created (the stale-index mutants). */
const created = new WeakMap<EventRecord, EpisodeValues>();

/** Bug site (handlers/create.ts, after the insert): remembers the metadata each new event was created with. */
export function sectionCreated(ctx: Ctx, records: EventRecord[]): void {
  if (!ctx.app.bug('filter-textfilter-stale-after-update') && !ctx.app.bug('sort-location-stale-after-update')) return;
  for (const rec of records) created.set(rec, copyEpisode(rec.episode));
}

function createdText(ctx: Ctx, v: EventView): string {
  const rec = ctx.app.store.get(v.id);
  const first = rec && created.get(rec);
  if (!rec || !first) return v.fullText;
  return deriveView({ ...rec, episode: first }, (s) => ctx.app.store.seriesTitle(s)).fullText;
}

function createdValue(ctx: Ctx, v: EventView, key: 'location'): string {
  const rec = ctx.app.store.get(v.id);
  return (rec && created.get(rec)?.[key]) ?? v[key];
}

function formDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s.replace(/\+/g, ' ');
  }
}

const withoutOffset = (s: string) => s.trim().replace(/([+-]\d{2}:?\d{2})$/, 'Z');
const DATES = new Set(['start', 'technical_start']);

/** Bug site (handlers/list.ts): the parsed filter groups as a buggy server applies them. */
export function sectionFilters(ctx: Ctx, groups: FilterGroup[]): FilterGroup[] {
  const { bug } = ctx.app;
  let orSeen = false;
  return groups.map((g): FilterGroup => {
    if (bug('filter-plus-as-space') && !DATES.has(g.name)) g = { ...g, values: g.values.map(formDecode) };
    if (bug('filter-value-colon-cut') && !DATES.has(g.name)) g = { ...g, values: g.values.map((x) => x.split(':')[0]) };
    if (bug('filter-or-first-keyword-only') && g.values.length > 1 && g.any && g.name !== 'identifier' && g.name !== 'contributors') {
      if (orSeen) g = { ...g, any: false };
      orSeen = true;
    }
    switch (g.name) {
      case 'identifier':
        return bug('filter-identifier-prefix') ? testing(g, 'id-prefix', (v, x) => v.id.startsWith(x)) : g;
      case 'is_part_of':
        return bug('filter-is-part-of-prefix') ? testing(g, 'part-prefix', (v, x) => x !== '' && v.isPartOf.startsWith(x)) : g;
      case 'subject':
        return bug('filter-subject-astral-dropped') ? { ...g, values: g.values.map((x) => x.replace(/[\u{10000}-\u{10FFFF}]/gu, '').trim()) } : g;
      case 'textFilter':
        return bug('filter-textfilter-stale-after-update')
          ? testing(g, 'text-stale', (v, x) => createdText(ctx, v).includes(x.toLowerCase()))
          : g;
      case 'start':
        if (!bug('filter-start-end-day-only')) return g;
        return testing(g, 'start-day', (v, x) => {
          const r = parseRange('start', x);
          return v.bibStartMs >= r.from && v.bibStartMs <= Math.floor(r.to / DAY_MS) * DAY_MS;
        });
      case 'technical_start':
        if (!bug('filter-technical-start-offset-ignored')) return g;
        return testing(g, 'tech-offset', (v, x) => {
          const [a, b] = x.split('/').map((s) => parseDateTime(withoutOffset(s)) ?? NaN);
          return v.techStartMs >= a && v.techStartMs <= b;
        });
      default:
        return g;
    }
  });
}

const bySeq: SortKey = { name: 'title', desc: false, by: { label: 'seq', value: (v) => v.seq } };

/** Bug site (handlers/list.ts): the sort criteria as a buggy server applies them. */
export function sectionSort(ctx: Ctx, keys: SortKey[]): SortKey[] {
  const { bug } = ctx.app;
  const day = bug('sort-start-date-day-only');
  const stale = bug('sort-location-stale-after-update');
  if (keys.length === 0 || (!day && !stale)) return keys;
  const mapped = keys.map((k): SortKey => {
    if (day && k.name === 'start_date') return { ...k, by: { label: 'start-day', value: (v) => Math.floor(v.bibStartMs / DAY_MS) } };
    if (stale && k.name === 'location') return { ...k, by: { label: 'location-stale', value: (v) => createdValue(ctx, v, 'location') } };
    return k;
  });
  return [...mapped, bySeq];
}

/**
 * Event-list mutants (spec § GET /api/events: "filter | Comma-separated list
 * of filters"; Filters: "series | ... | all. From 1.1.0 use is_part_of instead", "textFilter | Any metadata field
 * matches the value"; "sort | Comma-separated list of sort criteria. Each entry has the form <SortName>:ASC or
 * <SortName>:DESC"; "limit | Maximum number of results to return"; "offset | ... index of the first result to
 * return"; § Limits: "Pagination uses the limit and offset query parameters"; § Authentication: "Each event has an
 * ACL that maps actions to roles. Each user has roles"). Bug sites: handlers/list.ts (readBackFilters, readBackPaging,
 * readBackQuery).
 */
export const LIST_QUERY_MUTANTS = family({
  'filter-and-third-dropped': {
    rule: 'events.list.filter.and',
    description: 'With three or more different filter keywords only the first two are applied (a two-slot predicate pair); the third and later are dropped.',
  },
  'filter-textfilter-ascii-fold': {
    rule: 'events.list.filter.textFilter',
    description: 'textFilter lower-cases the value fully but the searched text only for A-Z: a value with a non-ASCII capital (Über) never matches, even a field holding exactly that text.',
  },
  'filter-series-rejected-new': {
    rule: 'events.list.filter.series',
    description: 'From 1.1.0 the filter series (version "all", superseded by is_part_of) is rejected with 400 as an unknown filter.',
    since: '1.1.0',
  },
  'sort-cache-ignores-direction': {
    rule: 'events.list.sort.title',
    description: 'The sorted-order cache is keyed by the criterion names without direction: after title:ASC, title:DESC answers the ascending order (until the next write).',
  },
  'sort-first-direction-for-all': {
    rule: 'events.list.sort.multiple',
    description: 'With several sort criteria the direction of the first applies to all: title:DESC,location:ASC orders the location ties descending.',
  },
  'sort-desc-later-pages-ascending': {
    rule: 'events.list.pages',
    description: 'Pages after the first (offset > 0) of a :DESC sort are cut from the ascending order: page 2 repeats events of page 1\'s end of the list.',
  },
  'limit-int32-wrap': {
    rule: 'events.list.limit',
    description: 'limit is read as a 32-bit integer (`n | 0`): limit=4294967297 wraps to 1 and only one event is returned.',
  },
  'offset-counts-unreadable': {
    rule: 'events.list.offset-index',
    description: 'For a non-administrator, offset counts the events the caller may not read: the second page of a user\'s list starts too late (readable events are skipped).',
    since: '1.1.0',
  },
  'auth-list-stale-acl': {
    rule: 'auth.acl-list',
    description: 'On a pseudo-random subset (about 2 in 5) of a non-administrator\'s list requests the read check uses the ACL one change behind: a user whose read was revoked still sees the event now and then.',
  },
});

type Obj = Record<string, unknown>;

/** A filter group matching exactly the events `keep` allows (label keeps caches apart). */
function only(label: string, keep: (v: EventView) => boolean): FilterGroup {
  return { name: 'identifier', values: [label], any: true, test: { label, match: keep } };
}

const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Bug site (handlers/list.ts): the parsed filter groups as a buggy server applies them. */
export function readBackFilters(ctx: Ctx, groups: FilterGroup[]): FilterGroup[] {
  const { bug } = ctx.app;
  if (bug('filter-series-rejected-new') && atLeast(ctx.version, '1.1.0')) {
    for (const p of ctx.url.searchParams.getAll('filter')) {
      for (const e of p.split(',')) if (e.slice(0, e.indexOf(':')).trim() === 'series') throw badRequest(`unknown filter 'series'`);
    }
  }
  let out = groups;
  if (bug('filter-and-third-dropped') && out.length > 2) out = out.slice(0, 2);
  if (bug('filter-textfilter-ascii-fold')) {
    out = out.map((g) => {
      if (g.name !== 'textFilter' || g.test) return g;
      const needles = g.values.map((x) => x.toLowerCase());
      const text = (v: EventView) => asciiLower([v.title, v.description, ...v.subjects, ...v.presenters, ...v.contributors, v.location, v.series, v.id,
        v.language, v.rightsholder, v.license, v.isPartOf, v.source].join('\u0000'));
      const match = g.any ? (v: EventView) => needles.some((n) => text(v).includes(n)) : (v: EventView) => needles.every((n) => text(v).includes(n));
      return { ...g, test: { label: 'ascii-fold', match } };
    });
  }
  return out;
}

/** Last direction asked per criterion names, with the store revision it was asked at (the direction-blind cache). */
const orderCache = new WeakMap<object, Map<string, { rev: number; desc: boolean[] }>>();

function wrap32(raw: string | null, limit: number | undefined): number | undefined {
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return limit;
  const n = Number(raw) | 0;
  return n > 0 ? n : undefined;
}

/** Bug site (handlers/list.ts, after skip, limit and sort are known): sort and limit as a buggy server uses them. */
export function readBackPaging(ctx: Ctx, p: { sort: SortKey[]; limit: number | undefined; skip: number }): { sort: SortKey[]; limit: number | undefined } {
  const { bug } = ctx.app;
  let { sort, limit } = p;
  if (bug('limit-int32-wrap')) limit = wrap32(ctx.url.searchParams.get('limit'), limit);
  if (sort.length === 0) return { sort, limit };
  if (bug('sort-first-direction-for-all')) sort = sort.map((k) => ({ ...k, desc: sort[0].desc }));
  if (bug('sort-desc-later-pages-ascending') && p.skip > 0) sort = sort.map((k) => ({ ...k, desc: false }));
  if (bug('sort-cache-ignores-direction')) {
    const m = orderCache.get(ctx.app) ?? new Map<string, { rev: number; desc: boolean[] }>();
    orderCache.set(ctx.app, m);
    const key = sort.map((k) => k.name).join(',');
    const hit = m.get(key);
    if (hit && hit.rev === ctx.app.store.rev) sort = sort.map((k, i) => ({ ...k, desc: hit.desc[i] }));
    else m.set(key, { rev: ctx.app.store.rev, desc: sort.map((k) => k.desc) });
  }
  return { sort, limit };
}

/** Identifiers of the events `q` lists, in order. */
function ids(ctx: Ctx, q: ListQuery): string[] {
  return (JSON.parse(runList(ctx.app.store, q)) as Obj[]).map((e) => e.identifier as string);
}

/** Bug site (handlers/list.ts, the query handed to the runner): the query a buggy server runs. */
export function readBackQuery(ctx: Ctx, q: ListQuery): ListQuery {
  const { bug } = ctx.app;
  const caller = q.caller;
  if (caller.admin) return q;
  if (bug('offset-counts-unreadable') && q.skip > 0 && atLeast(ctx.version, '1.1.0')) {
    const all = ids(ctx, { ...q, caller: { ...caller, admin: true }, skip: 0, limit: undefined });
    const rest = new Set(all.slice(q.skip));
    return { ...q, skip: 0, filters: [...q.filters, only(`after-hidden:${[...rest].join(',')}`, (v) => rest.has(v.id))] };
  }
  if (bug('auth-list-stale-acl')) {
    const n = nth(ctx.app, 'stale-list-read');
    if (!hashedStale(n, 11)) return q;
    const store = ctx.app.store;
    const readable = (v: EventView) => {
      const rec = store.get(v.id);
      return rec !== undefined && canRead({ ...rec, acl: aclOneBehind(rec) ?? rec.acl }, caller);
    };
    return { ...q, caller: { ...caller, admin: true }, filters: [...q.filters, only(`stale-acl:${caller.name}:${n}`, readable)] };
  }
  return q;
}

/**
 * Multi-valued fields under filters (spec § Filters: "contributors | Contributors match. May
 * occur multiple times", "subject | Subject the event is part of", "textFilter | Any metadata field matches the
 * value"; § Event: presenter, contributor and subjects are array[string]). Bug site: the list filters
 * (mutants/sites.ts).
 */
export const MULTI_VALUE_FILTER_MUTANTS = family({
  'filter-contributors-first-only': {
    rule: 'events.list.filter.contributors',
    description: 'contributors:<v> compares <v> with the first contributor of each event only: an event whose second contributor is <v> is not listed.',
  },
  'filter-subject-joined': {
    rule: 'events.list.filter.subject',
    description: 'subject:<v> compares <v> with the event\'s subjects joined by ", " (one text column): an event with subjects ["Art", "Music"] is found by neither subject:Art nor subject:Music; single-subject events are found.',
  },
  'textfilter-first-presenter-only': {
    rule: 'events.list.filter.textFilter',
    description: 'textFilter searches only the first presenter of each event (the search document keeps one creator element): a value held by the second presenter is not found.',
  },
  'filter-or-subject-all-values': {
    rule: 'events.list.filter.or',
    description: 'From 1.5.0 the OR of a repeated subject keyword (subject:Art,subject:Jazz) lists an event only when every one of its subjects is among the values (a reversed quantifier): an event with subjects ["Art", "Music"] is missing; a single subject:Art finds it.',
    since: '1.5.0',
  },
});

type Match = (val: string) => (v: EventView) => boolean;

const MATCHES: Partial<Record<string, { bug: 'filter-contributors-first-only' | 'filter-subject-joined' | 'textfilter-first-presenter-only'; match: Match }>> = {
  contributors: { bug: 'filter-contributors-first-only', match: (val) => (v) => v.contributors[0] === val },
  subject: { bug: 'filter-subject-joined', match: (val) => (v) => v.subjects.join(', ') === val },
  textFilter: {
    bug: 'textfilter-first-presenter-only',
    match: (val) => {
      const needle = val.toLowerCase();
      return (v) => [v.title, v.description, ...v.subjects, ...v.presenters.slice(0, 1), ...v.contributors, v.location, v.series, v.id,
        v.language, v.rightsholder, v.license, v.isPartOf, v.source].join('\u0000').toLowerCase().includes(needle);
    },
  },
};

/** A filter group of a multi-valued field as a buggy server matches it. */
export function multiFilter(ctx: Ctx, g: FilterGroup): FilterGroup {
  if (ctx.app.bug('filter-or-subject-all-values') && atLeast(ctx.version, '1.5.0') && g.name === 'subject' && g.any && g.values.length > 1 && !g.test) {
    const values = g.values;
    return { ...g, test: { label: 'subject-or-all', match: (v) => v.subjects.length > 0 && v.subjects.every((s) => values.includes(s)) } };
  }
  const m = MATCHES[g.name];
  if (!m || g.test || !ctx.app.bug(m.bug)) return g;
  const tests = g.values.map(m.match);
  const match = g.any ? (v: EventView) => tests.some((t) => t(v)) : (v: EventView) => tests.every((t) => t(v));
  return { ...g, test: { label: m.bug, match } };
}

/**
 * Blind-spot class 4 of suites/DISCRIMINATING-DATA.md (exact identity): spec § GET /api/events, Filters "identifier | Identifier matches. May occur
 * multiple times." and § Event "identifier | Unique identifier of the event". Bug site: handlers/list.ts (the filters
 * the list runs).
 */
export const IDENTIFIER_FILTER_MUTANTS = family({
  'identity-id-filter-ignores-case': {
    rule: 'events.list.filter.identifier',
    since: '1.1.0',
    description: 'The identifier filter compares identifiers case-insensitively (an index with a case-folding collation): the identifier in upper case lists the event.',
  },
});

/** Bug site (handlers/list.ts, after the filters are parsed): the filters as a buggy server runs them. */
export function blindSpotFilters(ctx: Ctx, groups: FilterGroup[]): FilterGroup[] {
  if (!ctx.app.bug('identity-id-filter-ignores-case')) return groups;
  return groups.map((g) => {
    if (g.name !== 'identifier' || g.test) return g;
    const wanted = g.values.map((x) => x.toLowerCase());
    const match = g.any
      ? (v: EventView) => wanted.includes(v.id.toLowerCase())
      : (v: EventView) => wanted.every((w) => w === v.id.toLowerCase());
    return { ...g, test: { label: 'id-ignores-case', match } };
  });
}

/**
 * Blind-spot class 6 of suites/DISCRIMINATING-DATA.md (multi-valued fields under every filter): spec § GET /api/events, Filters "contributors |
 * Contributors match. May occur multiple times."; § Event "contributor | array[string] | Contributors". Bug site:
 * handlers/list.ts (the filters the list runs).
 */
export const CONTRIBUTOR_FILTER_MUTANTS = family({
  'multivalue-contributors-first-only': {
    rule: 'events.list.filter.contributors',
    description: 'The contributors filter matches only the first contributor of an event (the index keeps one per event): an event is not found by its second contributor.',
  },
});

/** Bug site (handlers/list.ts, after the filters are parsed): the filters as a buggy server runs them. */
export function blindSpotContributorFilters(ctx: Ctx, groups: FilterGroup[]): FilterGroup[] {
  if (!ctx.app.bug('multivalue-contributors-first-only')) return groups;
  return groups.map((g) => {
    if (g.name !== 'contributors' || g.test) return g;
    const first = (v: EventView) => v.contributors[0];
    const match = g.any ? (v: EventView) => g.values.includes(first(v)) : (v: EventView) => g.values.every((x) => x === first(v));
    return { ...g, test: { label: 'contributors-first-only', match } };
  });
}

/**
 * Filter mutants written from the spec alone (spec § GET /api/events, Filters; "filter | Comma-separated list of
 * filters. Each entry has the form <FilterName>:<value>"; "from version 1.5.0, a comma-separated use of the same
 * filter keyword is a logical OR"). Bug sites: handlers/list.ts passes the raw `filter` parameters through
 * filterParams (a keyword read as another) and the parsed groups through filterBugs (a wrong match).
 */

function bug(name: string, what: string, since?: '1.1.0'): MutantSpec {
  return { rule: `events.list.filter.${name}`, description: `filter ${name}:<value> ${what}`, ...(since ? { since } : {}) };
}

export const SPEC_FILTER_MUTANTS = family({
  'filter-license-as-rightsholder': bug('license', 'compares the value with the rights holder instead of the license.', '1.1.0'),
  'filter-rightsholder-as-license': bug('rightsholder', 'compares the value with the license instead of the rights holder.', '1.1.0'),
  'filter-description-as-title': bug('description', 'compares the value with the title instead of the description.', '1.1.0'),
  'filter-agent-id-as-location': bug('agent_id', 'compares the value with the location instead of the capture agent.', '1.1.0'),
  'filter-technical-start-as-start': bug('technical_start', 'applies the range to the bibliographic start instead of the technical start.', '1.1.0'),
  'filter-contributors-as-presenters': bug('contributors', 'compares the value with the presenters instead of the contributors.'),
  'filter-series-name-as-identifier': bug('series_name', 'compares the value with the series identifier (is_part_of) instead of the series name.', '1.1.0'),
  'filter-source-any-field': bug('source', 'lists every event having the value anywhere in its metadata (a full-text search), not only in source.', '1.1.0'),
  'filter-created-as-start': bug('created', 'compares the value with the start date instead of the creation date.', '1.1.0'),
  'filter-status-as-processing-state': bug('status', 'compares the value with processing_state instead of status.', '1.1.0'),
  'filter-start-open-ended': bug('start', 'ignores the end of the range <from>/<to>: every event starting after <from> is listed.', '1.1.0'),
  'filter-is-part-of-by-name': bug('is_part_of', 'compares the value with the series name instead of the series identifier.', '1.1.0'),
  'filter-series-by-name': bug('series', 'compares the value with the series name instead of the series identifier.'),
  'filter-language-empty-matches': bug('language', 'also lists events that have no language at all.', '1.1.0'),
  'filter-location-latin1': bug('location', 'decodes the value as ISO-8859-1: a location with non-ASCII characters never matches.'),
  'filter-textfilter-title-only': bug('textFilter', 'searches only the title and the description, not every metadata field.'),
  'filter-title-stale-after-update': bug('title', 'matches the title an event was created with: later title changes never reach the filter index.', '1.1.0'),
  'filter-identifier-last-only': {
    rule: 'events.list.filter.repeat',
    description: 'identifier given several times (identifier:A,identifier:B) keeps only the last value: only B is listed.',
    since: '1.1.0',
  },
  'filter-or-late': {
    rule: 'events.list.filter.or',
    description: 'The OR of a repeated keyword arrives one version late: 1.5.0 still ANDs title:A,title:B.',
    since: '1.5.0',
    until: '1.5.0',
  },
  'filter-flaky': {
    rule: 'events.list.filter.location',
    description: 'Every second list request that carries `filter` ignores it (every event is listed): a replica without the filter code.',
  },
});

/** Keywords read as another keyword (a wrong column in the query builder). */
const RENAMED: [MutantName, string, string][] = [
  ['filter-license-as-rightsholder', 'license', 'rightsholder'],
  ['filter-rightsholder-as-license', 'rightsholder', 'license'],
  ['filter-description-as-title', 'description', 'title'],
  ['filter-agent-id-as-location', 'agent_id', 'location'],
  ['filter-technical-start-as-start', 'technical_start', 'start'],
  ['filter-contributors-as-presenters', 'contributors', 'presenters'],
  ['filter-series-name-as-identifier', 'series_name', 'is_part_of'],
];

function entries(params: string[]): string[] {
  return params.flatMap((p) => p.split(','));
}

function keyword(entry: string): string {
  const i = entry.indexOf(':');
  return i < 0 ? '' : entry.slice(0, i).trim();
}

/** Bug site (handlers/list.ts): the raw `filter` parameters, with a keyword read as another one. */
export function filterParams(ctx: Ctx, params: string[]): string[] {
  const rename = RENAMED.find(([name]) => ctx.app.bug(name));
  if (!rename) return params;
  const [, from, to] = rename;
  return params.map((p) => p.split(',').map((e) => (keyword(e) === from ? to + e.slice(e.indexOf(':')) : e)).join(','));
}

function startsAfter(value: string): number {
  return parseDateTime(value.split('/')[0]) ?? Number.NEGATIVE_INFINITY;
}

/** Multi-valued keywords: a repeat is always an OR (spec: "May occur multiple times"). */
const ALWAYS_OR = new Set(['contributors', 'identifier', 'presenters']);

/** Bug site (handlers/list.ts): the parsed filter groups as a buggy server applies them. */
export function filterBugs(ctx: Ctx, params: string[], groups: FilterGroup[]): FilterGroup[] {
  const { bug, store } = ctx.app;
  if (groups.length > 0 && bug('filter-flaky') && everySecond(ctx.app, 'filtered-list')) return [];
  const given = (name: string) => entries(params).some((e) => keyword(e) === name);
  return groups.map((g): FilterGroup => {
    switch (g.name) {
      case 'source':
        return bug('filter-source-any-field') ? testing(g, 'source-any', (v, x) => v.fullText.includes(x.toLowerCase())) : g;
      case 'created':
        return bug('filter-created-as-start') ? testing(g, 'created-start', (v, x) => isoSeconds(v.bibStartMs) === x) : g;
      case 'status':
        return bug('filter-status-as-processing-state') ? testing(g, 'status-state', (v, x) => v.processingState === x) : g;
      case 'start':
        return bug('filter-start-open-ended') ? testing(g, 'start-open', (v, x) => v.bibStartMs >= startsAfter(x)) : g;
      case 'subject':
        // Latitude subject-filter (no bug: the spec does not say how an event with several subjects matches).
        return ctx.app.lat('subject-filter') === 'first' ? testing(g, 'subject-first', (v, x) => v.subjects[0] === x) : g;
      case 'language':
        return bug('filter-language-empty-matches') ? testing(g, 'language-empty', (v, x) => v.language === x || v.language === '') : g;
      case 'location':
        return bug('filter-location-latin1') ? { ...g, values: g.values.map(latin1) } : g;
      case 'textFilter':
        return bug('filter-textfilter-title-only')
          ? testing(g, 'text-title', (v, x) => `${v.title}\u0000${v.description}`.toLowerCase().includes(x.toLowerCase()))
          : g;
      case 'title':
        return bug('filter-title-stale-after-update')
          ? testing(g, 'title-stale', (v, x) => {
            const rec = store.get(v.id);
            return ((rec && firstState(rec)?.episode.title) ?? v.title) === x;
          })
          : g;
      case 'identifier':
        return bug('filter-identifier-last-only') ? { ...g, values: g.values.slice(-1) } : g;
      case 'is_part_of':
        if (bug('filter-is-part-of-by-name') && given('is_part_of')) return testing(g, 'part-name', (v, x) => v.series === x);
        if (bug('filter-series-by-name') && given('series')) return testing(g, 'series-name', (v, x) => v.series === x);
        return g;
      default:
        return g;
    }
  }).map((g) => (bug('filter-or-late') && ctx.version === '1.5.0' && !ALWAYS_OR.has(g.name) ? { ...g, any: false } : g));
}
