import type { ApiVersion } from '../../model/version.js';
import { atLeast } from '../version.js';
import { departure, type Departure } from './departure.js';
import { FILTER_SINCE, RANGE_FILTERS, SORT_NAMES, type ParamSpec, type QueryType, type RouteSpec } from './routes.js';

/** Query parameters of a request against the endpoint's (spec § GET /api/events: filters, sort criteria, flags). */

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const FLAVOR = /^[^/\s]+\/[^/\s]+$/;

function checkFilter(value: string, version: ApiVersion): Departure[] {
  const out: Departure[] = [];
  const entries = value.split(',');
  entries.forEach((raw, i) => {
    const at = `filter entry '${raw}'`;
    const colon = raw.indexOf(':');
    if (colon <= 0) {
      const prev = i > 0 ? entries[i - 1] : '';
      const comma = raw !== '' && prev.indexOf(':') > 0;
      const why = comma ? ` (an unescaped comma inside the value of '${prev}' splits it)` : '';
      const subject = comma
        ? { about: 'filter' as const, name: 'unescaped comma in a filter value', mark: `${prev},${raw}` }
        : { about: 'filter' as const, name: 'entry without <FilterName>:', mark: raw };
      out.push(departure('filter-form', at, `${at} is not <FilterName>:<value>${why}`, 'filter', subject));
      return;
    }
    const name = raw.slice(0, colon);
    const since = FILTER_SINCE[name];
    if (since === undefined) {
      const known = Object.keys(FILTER_SINCE).filter((f) => atLeast(version, FILTER_SINCE[f])).join(', ');
      out.push(departure('unknown-filter', at, `unknown filter '${name}'; the filters of ${version} are ${known}`, 'filter', { about: 'filter', name, mark: raw }));
    } else if (!atLeast(version, since)) {
      out.push(departure('not-in-version', at, `filter '${name}' exists from ${since}; this request uses ${version}`, 'filter', { about: 'filter', name, mark: raw }));
    } else if (RANGE_FILTERS[name]) {
      const parts = raw.slice(colon + 1).split('/');
      if (parts.length !== 2 || !parts.every((p) => DATETIME.test(p))) {
        out.push(departure('filter-form', at, `filter '${name}' takes <datetime>/<datetime>, got '${raw.slice(colon + 1)}'`, RANGE_FILTERS[name], { about: 'filter', name: `${name} value not <datetime>/<datetime>`, mark: raw }));
      }
    }
  });
  return out;
}

function checkSort(value: string): Departure[] {
  return value.split(',').flatMap((raw): Departure[] => {
    const entry = raw.trim();
    const at = `sort criterion '${raw}'`;
    const colon = entry.lastIndexOf(':');
    const name = colon < 0 ? entry : entry.slice(0, colon);
    const out: Departure[] = [];
    if (!SORT_NAMES.has(name)) {
      out.push(departure('unknown-sort', at, `unknown sort criterion '${name}'; the criteria are ${[...SORT_NAMES].join(', ')}`, 'sortNames', { about: 'sort', name, mark: entry }));
    }
    if (colon < 0) out.push(departure('sort-suffix', at, `${at} lacks the mandatory suffix :ASC or :DESC`, 'sort', { about: 'sort', name: `${name} without suffix`, mark: entry }));
    else if (!['ASC', 'DESC'].includes(entry.slice(colon + 1))) {
      out.push(departure('sort-suffix', at, `${at} must end with :ASC or :DESC, got ':${entry.slice(colon + 1)}'`, 'sort', { about: 'sort', name: entry, mark: entry }));
    }
    return out;
  });
}

function checkQueryValue(p: ParamSpec<QueryType>, value: string, version: ApiVersion): Departure[] {
  const at = `query parameter '${p.name}'`;
  const subject = { about: 'query parameter' as const, name: p.name, mark: `${p.name}=${value}` };
  switch (p.type) {
    case 'boolean':
      return value === 'true' || value === 'false' ? [] : [departure('not-boolean', at, `${at} must be true or false, got '${value}'`, p.quote, subject)];
    case 'integer':
      return /^-?\d+$/.test(value) ? [] : [departure('not-integer', at, `${at} must be an integer, got '${value}'`, p.quote, subject)];
    case 'flavor':
      return FLAVOR.test(value) ? [] : [departure('wrong-type', at, `${at} must be a flavor type/subtype, got '${value}'`, p.quote, subject)];
    case 'filter':
      return checkFilter(value, version);
    case 'sort':
      return checkSort(value);
  }
}

export function checkQuery(route: RouteSpec, q: URLSearchParams, version: ApiVersion): Departure[] {
  const out: Departure[] = [];
  for (const [name, value] of q) {
    const p = route.query.find((x) => x.name === name);
    const at = `query parameter '${name}'`;
    const subject = { about: 'query parameter' as const, name, mark: `${name}=${value}` };
    if (!p) out.push(departure('unknown-parameter', at, `${route.method} ${route.pattern.join('/')} has no ${at}`, route.queryQuote, subject));
    else if (p.since && !atLeast(version, p.since)) out.push(departure('not-in-version', at, `${at} exists from ${p.since}; this request uses ${version}`, p.quote, subject));
    else out.push(...checkQueryValue(p, value, version));
  }
  for (const p of route.query) {
    if (p.required && !q.has(p.name)) out.push(departure('missing-parameter', `query parameter '${p.name}'`, `query parameter '${p.name}' is required`, p.quote, { about: 'query parameter', name: p.name }));
  }
  return out;
}
