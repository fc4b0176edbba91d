import { API_VERSIONS, type ApiVersion } from '../model/index.js';
import { resolvePlaceholders } from './placeholders.js';
import type { QueryTemplate } from './profile.js';
import { asListed, type SeedPlan } from './seed-plan.js';
import { filterMatches } from './sample-check.js';
import type { FilterTerm, ListExpectation } from './list-types.js';

/**
 * What a correct answer to one profile query looks like (spec § GET /api/events): every one of the run's own items
 * satisfies the filter, they are in the order of the first sort criterion, there are at most `limit` items, and at
 * least as many as this run's seeded events that match (other events may match too, so that is a lower bound).
 */
export type { FilterTerm, ListExpectation } from './list-types.js';

export interface PreparedQuery {
  /** Path and query string, e.g. /api/events?filter=…&limit=20. */
  path: string;
  query: Record<string, string>;
  expect: ListExpectation;
}

/** `name:value[,name:value]`: the value is everything after the first ':' (spec § Filters). */
export function parseFilterTerms(filter: string | undefined): FilterTerm[] {
  if (!filter) return [];
  return filter.split(',').filter((e) => e.trim() !== '').map((entry) => {
    const i = entry.indexOf(':');
    return i < 0 ? { name: entry.trim(), value: '' } : { name: entry.slice(0, i).trim(), value: entry.slice(i + 1) };
  });
}

function firstSort(sort: string | undefined): ListExpectation['sort'] {
  const first = sort?.split(',')[0]?.trim();
  if (!first) return undefined;
  const i = first.lastIndexOf(':');
  return { name: first.slice(0, i < 0 ? undefined : i).trim(), desc: i >= 0 && /^desc/i.test(first.slice(i + 1).trim()) };
}

/** The number of seeded events that satisfy every term (0 when a term cannot be evaluated on seeded data). */
export function seededMatches(plan: SeedPlan, filters: FilterTerm[], v: ApiVersion): number {
  if (filters.length === 0) return plan.count;
  let n = 0;
  for (const e of plan.events) {
    const item = asListed(e);
    if (filters.every((f) => filterMatches(item, f, v) === true)) n++;
  }
  return n;
}

/** Resolves a query template for this run: the request path and the expectation its answers are checked against. */
export function prepareQuery(t: QueryTemplate, plan: SeedPlan, v: ApiVersion): PreparedQuery {
  const query: Record<string, string> = {};
  const r = (s: string) => resolvePlaceholders(s, plan);
  if (t.filter !== undefined) query.filter = r(t.filter);
  if (t.sort !== undefined) query.sort = r(t.sort);
  if (t.limit !== undefined) query.limit = r(t.limit);
  if (t.offset !== undefined) query.offset = r(t.offset);
  for (const [k, val] of Object.entries(t.params)) query[k] = r(val);
  const keywordOnly = t.filter !== undefined && /^textFilter:\$\{word\.\d+\}$/.test(t.filter.trim());
  const filters = parseFilterTerms(query.filter).map((f) => (f.name === 'textFilter' && keywordOnly ? { ...f, shown: true } : f));
  const limit = query.limit !== undefined && Number(query.limit) > 0 ? Number(query.limit) : undefined;
  const offset = Number(query.offset ?? 0);
  // Spec § GET /api/events, offset: a page index (pages of size limit) in the oldest description, else an item index.
  const skip = v === API_VERSIONS[0] ? (limit === undefined ? 0 : offset * limit) : offset;
  const matches = seededMatches(plan, filters, v);
  const minItems = Math.max(0, Math.min(limit ?? Infinity, matches - skip));
  const qs = Object.entries(query).map(([k, val]) => `${encodeURIComponent(k)}=${encodeURIComponent(val)}`).join('&');
  const sort = firstSort(query.sort);
  return {
    path: `/api/events${qs ? `?${qs}` : ''}`,
    query,
    expect: {
      apiVersion: v, filters, ...(sort ? { sort } : {}), ...(limit !== undefined ? { limit } : {}), minItems,
      run: { tag: plan.tag, ...(plan.ids ? { ids: plan.ids } : {}) },
    },
  };
}
