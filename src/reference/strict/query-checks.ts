import { readDatetime } from './datetime.js';
import { departure, type Departure, type Subject } from './departure.js';
import { FILTERS, inRange, RANGE_FILTERS, SORT_NAMES, type ParamSpec, type QueryType, type RouteSpec } from './routes.js';
import { versionAtLeast } from './versions.js';

/**
 * Query parameters of a request against the endpoint's (spec § GET /api/events: filters, sort criteria, flags;
 * the addendum for 1.7.0-1.11.0). filter and sort are comma-separated lists: an empty list asks for no filter and
 * no sort, and is accepted as it is.
 */

const FLAVOR = /^[^/\s]+\/[^/\s]+$/;

/**
 * A boolean written another way than true/false has one root cause per way of writing it (a language's own
 * spelling of booleans: Python's `True`, PHP's `1`), shared by every flag the client sends; the report names that
 * cause once, with the parameters it touched (the subject), instead of one problem per parameter.
 */
export function booleanSubject(value: string, about: 'query parameter' | 'form parameter' | 'part', param: string): Subject {
  // Marked as the report's example shows it: `sign=True` in the query, `allowConflict = True` in the body.
  const mark = about === 'query parameter' ? `${param}=${value}` : `${param} = ${value}`;
  const cause = (how: string): Subject => ({ about: 'parameter', name: `booleans written ${how}`, mark, param });
  if (/^(true|false)$/i.test(value)) {
    if (/^(TRUE|FALSE)$/.test(value)) return cause('TRUE/FALSE');
    if (/^(True|False)$/.test(value)) return cause('True/False');
    return cause('in mixed letter case');
  }
  if (/^[01]$/.test(value)) return cause('1/0');
  if (/^(yes|no)$/i.test(value)) return cause('yes/no');
  if (/^(on|off)$/i.test(value)) return cause('on/off');
  if (value === '') return cause('as an empty value');
  return { about, name: param, mark };
}

/** The entries of a comma-separated list; empty entries are left out (an empty list has none). */
function listEntries(value: string): { entries: string[]; empties: number } {
  const all = value.split(',');
  const entries = all.filter((e) => e.trim() !== '');
  return { entries: value.trim() === '' ? [] : entries, empties: value.trim() === '' ? 0 : all.length - entries.length };
}

function emptyEntryNote(param: 'filter' | 'sort', value: string, empties: number): Departure[] {
  if (empties === 0) return [];
  const at = `query parameter '${param}'`;
  return [departure('lenient', at, `${at} '${value}' has ${empties} empty entr${empties === 1 ? 'y' : 'ies'} (a stray comma); the spec does not say how a server reads one, the double skips it: leave stray commas out`, param, { about: param, name: 'empty entry in the list', mark: `${param}=${value}` })];
}

function checkFilter(value: string, version: string): Departure[] {
  const out: Departure[] = [];
  const raws = value.split(',');
  const { empties } = listEntries(value);
  raws.forEach((raw, i) => {
    if (raw.trim() === '') return;
    const at = `filter entry '${raw}'`;
    const colon = raw.indexOf(':');
    if (colon <= 0) {
      const prev = i > 0 ? raws[i - 1] : '';
      const comma = prev.indexOf(':') > 0;
      const why = comma ? ` (an unescaped comma inside the value of '${prev}' splits it)` : '';
      const subject = comma
        ? { about: 'filter' as const, name: 'unescaped comma in a filter value', mark: `${prev},${raw}` }
        : { about: 'filter' as const, name: 'entry without <FilterName>:', mark: raw };
      out.push(departure('filter-form', at, `${at} is not <FilterName>:<value>${why}`, 'filter', subject));
      return;
    }
    // Spaces around a filter name (`title:a, location:b`): the spec is silent; a lenient server trims them.
    const name = raw.slice(0, colon).trim();
    if (name !== raw.slice(0, colon) && FILTERS[name] !== undefined) {
      out.push(departure('lenient', at, `${at} has spaces around the filter name '${name}'; the spec is silent on them, the double trims them: leave them out`, 'filter', { about: 'filter', name: 'spaces around a filter name', mark: raw }));
    }
    const f = FILTERS[name];
    if (f === undefined) {
      const known = Object.keys(FILTERS).filter((n) => versionAtLeast(version, FILTERS[n].since)).join(', ');
      out.push(departure('unknown-filter', at, `unknown filter '${name}'; the filters of ${version} are ${known}`, 'filter', { about: 'filter', name, mark: raw }));
      return;
    }
    if (!versionAtLeast(version, f.since)) {
      out.push(departure('not-in-version', at, `filter '${name}' exists from ${f.since}; this request uses ${version}`, { text: f.row }, { about: 'filter', name, mark: raw }));
      return;
    }
    if (f.deprecatedFrom && versionAtLeast(version, f.deprecatedFrom)) {
      out.push(departure('deprecated', at, `filter '${name}' is superseded from ${f.deprecatedFrom}: use ${f.insteadUse}:${raw.slice(colon + 1)} (answered as '${name}' still)`, { text: f.row }, { about: 'filter', name, mark: raw }));
    }
    if (RANGE_FILTERS[name]) {
      const parts = raw.slice(colon + 1).split('/');
      const read = parts.map(readDatetime);
      if (parts.length !== 2 || read.some((r) => !r.ok)) {
        out.push(departure('filter-form', at, `filter '${name}' takes <datetime>/<datetime>, got '${raw.slice(colon + 1)}'`, RANGE_FILTERS[name], { about: 'filter', name: `${name} value not <datetime>/<datetime>`, mark: raw }));
      } else {
        for (const r of read) if (r.ok && r.note) out.push(departure('lenient', at, r.note, RANGE_FILTERS[name], { about: 'filter', name: `${name} datetime outside RFC 3339`, mark: raw }));
      }
    }
  });
  return [...out, ...emptyEntryNote('filter', value, empties)];
}

function checkSort(value: string): Departure[] {
  const { entries, empties } = listEntries(value);
  const out = entries.flatMap((raw): Departure[] => {
    const entry = raw.trim();
    const at = `sort criterion '${raw}'`;
    // Spaces around an entry (`title:ASC, start_date:DESC`): the spec is silent; a lenient server trims them.
    const spaced: Departure[] = entry === raw ? [] : [departure('lenient', at, `${at} has spaces around it; the spec is silent on them, the double trims them: leave them out`, 'sort', { about: 'sort', name: 'spaces around a sort entry', mark: raw })];
    const colon = entry.lastIndexOf(':');
    const name = colon < 0 ? entry : entry.slice(0, colon);
    const found: Departure[] = [];
    if (!SORT_NAMES.has(name)) {
      found.push(departure('unknown-sort', at, `unknown sort criterion '${name}'; the criteria are ${[...SORT_NAMES].join(', ')}`, 'sortNames', { about: 'sort', name, mark: entry }));
    }
    if (colon < 0) found.push(departure('sort-suffix', at, `${at} lacks the mandatory suffix :ASC or :DESC`, 'sort', { about: 'sort', name: `${name} without suffix`, mark: entry }));
    else if (!['ASC', 'DESC'].includes(entry.slice(colon + 1))) {
      found.push(departure('sort-suffix', at, `${at} must end with :ASC or :DESC, got ':${entry.slice(colon + 1)}'`, 'sort', { about: 'sort', name: entry, mark: entry }));
    }
    return [...spaced, ...found];
  });
  return [...out, ...emptyEntryNote('sort', value, empties)];
}

function checkQueryValue(p: ParamSpec<QueryType>, value: string, version: string): Departure[] {
  const at = `query parameter '${p.name}'`;
  const subject = { about: 'query parameter' as const, name: p.name, mark: `${p.name}=${value}` };
  switch (p.type) {
    case 'boolean':
      return value === 'true' || value === 'false' ? [] : [departure('not-boolean', at, `${at} must be true or false, got '${value}'`, p.quote, booleanSubject(value, 'query parameter', p.name))];
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

export function checkQuery(route: RouteSpec, q: URLSearchParams, version: string, serverVersion: string = version): Departure[] {
  const out: Departure[] = [];
  for (const [name, value] of q) {
    const p = route.query.find((x) => x.name === name);
    const at = `query parameter '${name}'`;
    const subject = { about: 'query parameter' as const, name, mark: `${name}=${value}` };
    const ignored = p?.ignoredFrom !== undefined && versionAtLeast(version, p.ignoredFrom) && !inRange(p, version, serverVersion);
    if (!p || (p.ignoredFrom !== undefined && !versionAtLeast(version, p.ignoredFrom))) {
      out.push(departure('unknown-parameter', at, `${route.method} ${route.pattern.join('/')} has no ${at}${p ? ` at ${version}` : ''}`, route.queryQuote, subject));
    } else if (ignored) {
      out.push(departure('ignored', at, `${at} exists from ${p.since}; at ${version} a server accepts and ignores it`, p.quote, subject));
    } else if (!inRange(p, version, serverVersion)) {
      out.push(departure('not-in-version', at, `${at} exists from ${p.since}; this request uses ${version}`, p.quote, subject));
    } else out.push(...checkQueryValue(p, value, version));
  }
  for (const p of route.query) {
    if (p.required && !q.has(p.name)) out.push(departure('missing-parameter', `query parameter '${p.name}'`, `query parameter '${p.name}' is required`, p.quote, { about: 'query parameter', name: p.name }));
  }
  return out;
}
