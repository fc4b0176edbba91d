import type { Ctx } from '../app.js';
import { canRead } from '../auth.js';
import type { FilterGroup, SortKey } from '../list-params.js';
import { runList, type ListQuery } from '../list-run.js';
import { badRequest } from '../types.js';
import { atLeast } from '../version.js';
import type { EventView } from '../view.js';
import { aclOneBehind, hashedStale } from './spec3b-state.js';
import { nth } from './spec-state.js';
import { family } from './types.js';

/**
 * Event-list mutants of the third spec-only round, author B (spec § GET /api/events: "filter | Comma-separated list
 * of filters"; Filters: "series | ... | all. From 1.1.0 use is_part_of instead", "textFilter | Any metadata field
 * matches the value"; "sort | Comma-separated list of sort criteria. Each entry has the form <SortName>:ASC or
 * <SortName>:DESC"; "limit | Maximum number of results to return"; "offset | ... index of the first result to
 * return"; § Limits: "Pagination uses the limit and offset query parameters"; § Authentication: "Each event has an
 * ACL that maps actions to roles. Each user has roles"). Bug sites: handlers/list.ts (spec3bFilters, spec3bPaging,
 * spec3bQuery).
 */
export const SPEC3B_LIST_MUTANTS = family({
  'spec3b-filter-and-third-dropped': {
    rule: 'events.list.filter.and',
    description: 'With three or more different filter keywords only the first two are applied (a two-slot predicate pair); the third and later are dropped.',
  },
  'spec3b-filter-textfilter-ascii-fold': {
    rule: 'events.list.filter.textFilter',
    description: 'textFilter lower-cases the value fully but the searched text only for A-Z: a value with a non-ASCII capital (Über) never matches, even a field holding exactly that text.',
  },
  'spec3b-filter-series-rejected-new': {
    rule: 'events.list.filter.series',
    description: 'From 1.1.0 the filter series (version "all", superseded by is_part_of) is rejected with 400 as an unknown filter.',
    since: '1.1.0',
  },
  'spec3b-sort-cache-ignores-direction': {
    rule: 'events.list.sort.title',
    description: 'The sorted-order cache is keyed by the criterion names without direction: after title:ASC, title:DESC answers the ascending order (until the next write).',
  },
  'spec3b-sort-first-direction-for-all': {
    rule: 'events.list.sort.multiple',
    description: 'With several sort criteria the direction of the first applies to all: title:DESC,location:ASC orders the location ties descending.',
  },
  'spec3b-sort-desc-later-pages-ascending': {
    rule: 'events.list.pages',
    description: 'Pages after the first (offset > 0) of a :DESC sort are cut from the ascending order: page 2 repeats events of page 1\'s end of the list.',
  },
  'spec3b-limit-int32-wrap': {
    rule: 'events.list.limit',
    description: 'limit is read as a 32-bit integer (`n | 0`): limit=4294967297 wraps to 1 and only one event is returned.',
  },
  'spec3b-offset-counts-unreadable': {
    rule: 'events.list.offset-index',
    description: 'For a non-administrator, offset counts the events the caller may not read: the second page of a user\'s list starts too late (readable events are skipped).',
    since: '1.1.0',
  },
  'spec3b-auth-list-stale-acl': {
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
export function spec3bFilters(ctx: Ctx, groups: FilterGroup[]): FilterGroup[] {
  const { bug } = ctx.app;
  if (bug('spec3b-filter-series-rejected-new') && atLeast(ctx.version, '1.1.0')) {
    for (const p of ctx.url.searchParams.getAll('filter')) {
      for (const e of p.split(',')) if (e.slice(0, e.indexOf(':')).trim() === 'series') throw badRequest(`unknown filter 'series'`);
    }
  }
  let out = groups;
  if (bug('spec3b-filter-and-third-dropped') && out.length > 2) out = out.slice(0, 2);
  if (bug('spec3b-filter-textfilter-ascii-fold')) {
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
export function spec3bPaging(ctx: Ctx, p: { sort: SortKey[]; limit: number | undefined; skip: number }): { sort: SortKey[]; limit: number | undefined } {
  const { bug } = ctx.app;
  let { sort, limit } = p;
  if (bug('spec3b-limit-int32-wrap')) limit = wrap32(ctx.url.searchParams.get('limit'), limit);
  if (sort.length === 0) return { sort, limit };
  if (bug('spec3b-sort-first-direction-for-all')) sort = sort.map((k) => ({ ...k, desc: sort[0].desc }));
  if (bug('spec3b-sort-desc-later-pages-ascending') && p.skip > 0) sort = sort.map((k) => ({ ...k, desc: false }));
  if (bug('spec3b-sort-cache-ignores-direction')) {
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
export function spec3bQuery(ctx: Ctx, q: ListQuery): ListQuery {
  const { bug } = ctx.app;
  const caller = q.caller;
  if (caller.admin) return q;
  if (bug('spec3b-offset-counts-unreadable') && q.skip > 0 && atLeast(ctx.version, '1.1.0')) {
    const all = ids(ctx, { ...q, caller: { ...caller, admin: true }, skip: 0, limit: undefined });
    const rest = new Set(all.slice(q.skip));
    return { ...q, skip: 0, filters: [...q.filters, only(`after-hidden:${[...rest].join(',')}`, (v) => rest.has(v.id))] };
  }
  if (bug('spec3b-auth-list-stale-acl')) {
    const n = nth(ctx.app, '3b:list-read');
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
