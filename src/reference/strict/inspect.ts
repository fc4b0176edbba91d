import type { IncomingHttpHeaders } from 'node:http';
import { Response } from 'undici';
import type { ApiVersion } from '../../model/version.js';
import { API_VERSIONS } from '../../model/version.js';
import { atLeast } from '../version.js';
import { departure, type Departure } from './departure.js';
import { checkAcl, checkCatalogs, checkProcessing, checkScheduling, checkValues } from './json-checks.js';
import { rawCharacters, unencodedSlash } from './encoding.js';
import { endpointName, FILTER_SINCE, RANGE_FILTERS, ROUTE_SPECS, routeSpecOf, SORT_NAMES, type BodyType, type ParamSpec, type QueryType, type RouteSpec } from './routes.js';

/**
 * Reads one request the way a spec-following server would and lists every departure from specs/events-api.md.
 * It shares nothing with the handlers: it sees only method, URL, headers and the buffered body.
 */

export interface SeenRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Negotiated version; undefined = the request asks only for versions the server does not serve. */
  version: ApiVersion | undefined;
  /** The request-target exactly as sent (URL normalises what a path carries raw); for the encoding check. */
  target?: string;
}

/** One body entry: a text value or a file. */
export interface BodyEntry {
  name: string;
  text: string;
  file?: { filename: string; type: string; size: number };
}

export interface Inspection {
  departures: Departure[];
  /** The endpoint as the spec names it (`GET /api/events/{event_id}`), or the path as sent when it has none. */
  endpoint?: string;
  /** The body entries as read (for the report's example request). */
  entries: BodyEntry[];
}

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

function checkQuery(route: RouteSpec, q: URLSearchParams, version: ApiVersion): Departure[] {
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

type What = 'part' | 'form parameter';

function parseJson(e: BodyEntry, what: What): { ok: true; value: unknown } | { ok: false; departure: Departure } {
  const at = `${what} '${e.name}'`;
  const subject = { about: what, name: e.name, mark: e.name };
  if (e.text.trim() === '') return { ok: false, departure: departure('not-json', at, `${at} is empty; it must carry JSON text`, 'jsonText', subject) };
  try {
    return { ok: true, value: JSON.parse(e.text) as unknown };
  } catch {
    return { ok: false, departure: departure('not-json', at, `${at} is not JSON text: ${JSON.stringify(e.text.slice(0, 60))}`, 'jsonText', subject) };
  }
}

function checkBodyValue(p: ParamSpec<BodyType>, e: BodyEntry, what: What): Departure[] {
  const at = `${what} '${e.name}'`;
  const subject = { about: what, name: e.name, mark: e.name };
  switch (p.type) {
    case 'file':
      return e.file ? [] : [departure('wrong-type', at, `${at} must be a file part (with a filename)`, p.quote, subject)];
    case 'string':
      return [];
    case 'boolean':
      return e.text === 'true' || e.text === 'false' ? [] : [departure('not-boolean', at, `${at} must be true or false, got '${e.text}'`, p.quote, subject)];
    default: {
      const parsed = parseJson(e, what);
      if (!parsed.ok) return [parsed.departure];
      const v = parsed.value;
      if (p.type === 'acl') return checkAcl(v, e.name);
      if (p.type === 'catalogs') return checkCatalogs(v, e.name);
      if (p.type === 'values') return checkValues(v, e.name);
      if (p.type === 'processing') return checkProcessing(v, e.name);
      return checkScheduling(v, e.name, p.type === 'scheduling-create');
    }
  }
}

async function multipartEntries(body: Buffer, contentType: string): Promise<BodyEntry[] | undefined> {
  try {
    const fd = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    const out: BodyEntry[] = [];
    for (const [name, value] of fd) {
      if (typeof value === 'string') out.push({ name, text: value });
      else {
        const bytes = Buffer.from(await value.arrayBuffer());
        out.push({ name, text: bytes.toString('utf8'), file: { filename: value.name, type: value.type, size: bytes.length } });
      }
    }
    return out;
  } catch {
    return undefined;
  }
}

async function checkBody(route: RouteSpec, req: SeenRequest, version: ApiVersion): Promise<Inspection> {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  const isMultipart = type.startsWith('multipart/form-data');
  const isUrlencoded = type.startsWith('application/x-www-form-urlencoded');
  if (route.body === 'none') {
    const subject = { about: 'body' as const, name: 'a body where none is taken' };
    return { entries: [], departures: req.body.length === 0 ? [] : [departure('body-encoding', 'body', `${route.method} ${route.pattern.join('/')} takes no body; got ${req.body.length} bytes`, route.bodyQuote, subject)] };
  }
  const emptyForm = req.body.length === 0 && type === '';
  const encodingOk = route.body === 'multipart' ? isMultipart : isMultipart || isUrlencoded || emptyForm;
  if (!encodingOk) {
    const expected = route.body === 'multipart' ? 'multipart/form-data' : 'form parameters (application/x-www-form-urlencoded or multipart/form-data)';
    const name = req.body.length === 0 ? `empty body${type ? ` (${type})` : ', no content type'}` : `content type ${type || 'none'}`;
    const empty = req.body.length === 0 ? ` (an empty body${type ? '' : ' without Content-Type'}: a ${route.body === 'multipart' ? 'multipart form with no parts' : 'form'} is still a body of that type)` : '';
    return { entries: [], departures: [departure('body-encoding', 'body', `the body must be ${expected}, got content type '${type || 'none'}'${empty}`, route.bodyQuote, { about: 'body', name })] };
  }
  const entries = isMultipart ? await multipartEntries(req.body, String(req.headers['content-type'])) : [...new URLSearchParams(req.body.toString('utf8'))].map(([name, text]) => ({ name, text }));
  if (!entries) return { entries: [], departures: [departure('body-encoding', 'body', 'the multipart body cannot be parsed', route.bodyQuote, { about: 'body', name: 'unparsable multipart body' })] };
  const what: What = route.body === 'multipart' ? 'part' : 'form parameter';
  const departures: Departure[] = [];
  for (const e of entries) {
    const p = route.params.find((x) => x.name === e.name);
    const at = `${what} '${e.name}'`;
    const subject = { about: what, name: e.name, mark: e.name };
    if (!p) departures.push(departure('unknown-parameter', at, `${at} is not one the spec defines here (${route.params.map((x) => x.name).join(', ')})`, route.bodyQuote, subject));
    else if (p.since && !atLeast(version, p.since)) departures.push(departure('not-in-version', at, `${at} exists from ${p.since}; this request uses ${version}`, p.quote, subject));
    else departures.push(...checkBodyValue(p, e, what));
  }
  for (const p of route.params) {
    if (p.required && !entries.some((e) => e.name === p.name)) departures.push(departure('missing-parameter', `${what} '${p.name}'`, `${what} '${p.name}' is required`, p.quote, { about: what, name: p.name }));
  }
  return { entries, departures };
}

/** Every departure of one request from the spec, and the endpoint it went to. */
export async function inspectRequest(req: SeenRequest): Promise<Inspection> {
  const { pathname } = req.url;
  if (req.version === undefined) {
    const accept = String(req.headers.accept);
    const msg = `Accept '${accept}' asks only for versions this server does not serve (${API_VERSIONS.join(', ')})`;
    return { entries: [], endpoint: endpointName(req.method, pathname), departures: [departure('unsupported-version', 'header Accept', msg, 'versions', { about: 'header', name: `Accept: ${accept}`, mark: accept })] };
  }
  const route = routeSpecOf(req.method, pathname);
  if (!route) {
    const slash = unencodedSlash(req.method, pathname);
    if (slash) return { entries: [], endpoint: slash.endpoint, departures: [slash.departure] };
    const endpoint = endpointName(req.method, pathname);
    const sameshape = ROUTE_SPECS.some((r) => routeSpecOf(r.method, pathname) === r);
    const msg = sameshape ? `the spec has no ${req.method} on ${pathname}` : `the spec has no endpoint ${req.method} ${pathname}`;
    return { entries: [], endpoint, departures: [departure('unknown-endpoint', 'path', msg, 'whole', { about: 'endpoint', name: endpoint, mark: pathname })] };
  }
  const endpoint = endpointName(req.method, pathname);
  if (route.since && !atLeast(req.version, route.since)) {
    const msg = `${req.method} ${pathname} exists from ${route.since}; this request uses ${req.version}`;
    return { entries: [], endpoint, departures: [departure('not-in-version', 'path', msg, route.sinceQuote ?? 'versions', { about: 'endpoint', name: endpoint, mark: pathname })] };
  }
  const body = await checkBody(route, req, req.version);
  const path = rawCharacters(req.target, route, req.method);
  return { entries: body.entries, endpoint, departures: [...path, ...checkQuery(route, req.url.searchParams, req.version), ...body.departures] };
}
