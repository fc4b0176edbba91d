import type { IncomingHttpHeaders } from 'node:http';
import { Response } from 'undici';
import type { ApiVersion } from '../../model/version.js';
import { API_VERSIONS } from '../../model/version.js';
import { atLeast } from '../version.js';
import { departure, type Departure } from './departure.js';
import { checkAcl, checkCatalogs, checkProcessing, checkScheduling, checkValues } from './json-checks.js';
import { rawCharacters, unencodedSlash } from './encoding.js';
import { checkQuery } from './query-checks.js';
import { endpointName, ROUTE_SPECS, routeSpecOf, type BodyType, type ParamSpec, type RouteSpec } from './routes.js';

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
