import type { IncomingHttpHeaders } from 'node:http';
import { Response } from 'undici';
import { API_VERSIONS } from '../../model/version.js';
import { departure, type Departure } from './departure.js';
import { checkAcl, checkCatalogs, checkProcessing, checkScheduling, checkValues } from './json-checks.js';
import { rawCharacters, unencodedSlash } from './encoding.js';
import { booleanSubject, checkQuery } from './query-checks.js';
import { endpointName, inRange, ROUTE_SPECS, routeSpecOf, type BodyType, type ParamSpec, type RouteSpec } from './routes.js';
import type { QuoteKey } from './spec-quotes.js';
import { newestVersion, versionAtLeast } from './versions.js';

/**
 * Reads one request the way a spec-following server would and lists every departure from specs/events-api.md.
 * It shares nothing with the handlers: it sees only method, URL, headers and the buffered body.
 */

export interface SeenRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Negotiated (requested) version; undefined = the request asks only for versions the server does not serve. */
  version: string | undefined;
  /**
   * The double's server version (addendum: "the newest version a server supports"): the pinned version, else the
   * newest served. Server-release features (POST /track) depend on it, not on the requested version.
   */
  serverVersion?: string;
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

/**
 * The sentence that makes a parameter JSON text: "Parameters of type acl, catalogs, values and processing carry
 * JSON text."; scheduling is not in that sentence, its own row says "string (JSON scheduling object)".
 */
function jsonQuote(p: ParamSpec<BodyType>): QuoteKey {
  return p.type === 'scheduling-create' || p.type === 'scheduling-update' ? p.quote : 'jsonText';
}

function parseJson(p: ParamSpec<BodyType>, e: BodyEntry, what: What): { ok: true; value: unknown } | { ok: false; departure: Departure } {
  const at = `${what} '${e.name}'`;
  const subject = { about: what, name: e.name, mark: e.name };
  if (e.text.trim() === '') return { ok: false, departure: departure('not-json', at, `${at} is empty; it must carry JSON text`, jsonQuote(p), subject) };
  try {
    return { ok: true, value: JSON.parse(e.text) as unknown };
  } catch {
    return { ok: false, departure: departure('not-json', at, `${at} is not JSON text: ${JSON.stringify(e.text.slice(0, 60))}`, jsonQuote(p), subject) };
  }
}

const FLAVOR = /^[^/\s]+\/[^/\s]+$/;

function checkBodyValue(p: ParamSpec<BodyType>, e: BodyEntry, what: What): Departure[] {
  const at = `${what} '${e.name}'`;
  const subject = { about: what, name: e.name, mark: e.name };
  switch (p.type) {
    case 'file':
      if (!e.file) return [departure('wrong-type', at, `${at} must be a file part (with a filename)`, p.quote, subject)];
      // A 0-byte file (Python's requests sends one, named "", for a media part left None) is no media file.
      return e.file.size > 0 ? [] : [departure('empty-file', at, `${at} is an empty file (0 bytes, file name ${JSON.stringify(e.file.filename)}); leave the part out when there is no file to send`, p.quote, { about: what, name: 'empty file part', mark: e.name, param: e.name })];
    case 'string':
      return [];
    case 'flavor':
      return FLAVOR.test(e.text) ? [] : [departure('wrong-type', at, `${at} must be a flavor type/subtype, got '${e.text}'`, p.quote, subject)];
    case 'boolean-text':
      // "Only "true" (any letter case) means true": true/false in any letter case.
      return /^(true|false)$/i.test(e.text) ? [] : [departure('not-boolean', at, `${at} must be true or false, got '${e.text}'`, p.quote, subject)];
    case 'boolean':
      return e.text === 'true' || e.text === 'false' ? [] : [departure('not-boolean', at, `${at} must be true or false, got '${e.text}'`, p.quote, booleanSubject(e.text, what, e.name))];
    default: {
      const parsed = parseJson(p, e, what);
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

async function checkBody(route: RouteSpec, req: SeenRequest, version: string, serverVersion: string): Promise<Inspection> {
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
  const entries: BodyEntry[] | undefined = isMultipart ? await multipartEntries(req.body, String(req.headers['content-type'])) : [...new URLSearchParams(req.body.toString('utf8'))].map(([name, text]) => ({ name, text }));
  if (!entries) return { entries: [], departures: [departure('body-encoding', 'body', 'the multipart body cannot be parsed', route.bodyQuote, { about: 'body', name: 'unparsable multipart body' })] };
  const what: What = route.body === 'multipart' ? 'part' : 'form parameter';
  const departures: Departure[] = [];
  const seen = new Map<string, BodyEntry>();
  for (const e of entries) {
    const p = route.params.find((x) => x.name === e.name);
    const at = `${what} '${e.name}'`;
    const subject = { about: what, name: e.name, mark: e.name };
    const first = seen.get(e.name);
    if (first && !p?.repeatable) {
      // The same part again: each part of the table is one value; which copy a server takes is its own choice.
      const how = (first.file === undefined) !== (e.file === undefined) ? 'once as a field, once as a file' : first.file ? 'as two files' : 'as two fields';
      const same = first.text === e.text ? 'the copies are equal' : 'the copies differ';
      departures.push(departure('duplicate-part', at, `${at} is sent twice, ${how} (${same}); send each part once`, p?.quote ?? route.paramsQuote ?? route.bodyQuote, { about: what, name: `${what} sent twice, ${how}`, mark: e.name, param: e.name }));
      continue;
    }
    seen.set(e.name, e);
    if (!p) {
      const quote = route.paramsQuote ?? route.bodyQuote;
      if (route.otherPartsIgnored) departures.push(departure('ignored', at, `${at} is not one the endpoint reads (${route.params.map((x) => x.name).join(', ')}); a server ignores it`, quote, subject));
      else departures.push(departure('unknown-parameter', at, `${at} is not one the spec defines here (${route.params.map((x) => x.name).join(', ')})`, quote, subject));
    } else if (p.since && !versionAtLeast(version, p.since)) departures.push(departure('not-in-version', at, `${at} exists from ${p.since}; this request uses ${version}`, p.quote, subject));
    else if (!inRange(p, version, serverVersion)) departures.push(departure('ignored', at, `${at} is applied by servers of version ${p.serverSince} and newer; this server (${serverVersion}) ignores it`, p.quote, subject));
    else departures.push(...checkBodyValue(p, e, what));
  }
  for (const p of route.params) {
    if (p.required && !entries.some((e) => e.name === p.name)) departures.push(departure('missing-parameter', `${what} '${p.name}'`, `${what} '${p.name}' is required`, p.quote, { about: what, name: p.name }));
  }
  return { entries, departures };
}

/** The double's server version when the layer names none: the newest version it serves. */
const NEWEST_SERVED = newestVersion(API_VERSIONS);

/** Every departure of one request from the spec, and the endpoint it went to. */
export async function inspectRequest(req: SeenRequest): Promise<Inspection> {
  const { pathname } = req.url;
  if (req.version === undefined) {
    const accept = String(req.headers.accept);
    const msg = `Accept '${accept}' asks only for versions this server does not serve (${API_VERSIONS.join(', ')})`;
    return { entries: [], endpoint: endpointName(req.method, pathname), departures: [departure('unsupported-version', 'header Accept', msg, 'versions', { about: 'header', name: `Accept: ${accept}`, mark: accept })] };
  }
  const serverVersion = req.serverVersion ?? NEWEST_SERVED;
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
  if (route.since && !versionAtLeast(req.version, route.since)) {
    const msg = `${req.method} ${pathname} exists from ${route.since}; this request uses ${req.version}`;
    return { entries: [], endpoint, departures: [departure('not-in-version', 'path', msg, route.sinceQuote ?? 'versions', { about: 'endpoint', name: endpoint, mark: pathname })] };
  }
  if (route.serverSince && !versionAtLeast(serverVersion, route.serverSince)) {
    const msg = `${endpoint} is offered by servers of version ${route.serverSince} and newer, whatever version a request asks for; this server's version is ${serverVersion}`;
    return { entries: [], endpoint, departures: [departure('not-in-version', 'path', msg, route.serverQuote ?? 'versions', { about: 'endpoint', name: endpoint, mark: pathname })] };
  }
  const shape: Departure[] = [];
  if (route.describedSince && !versionAtLeast(req.version, route.describedSince)) {
    const msg = `the spec of ${req.version} does not describe ${endpoint} (the addendum does, for every version): a server of ${req.version} may not offer it; answered here as servers that have it answer`;
    shape.push(departure('not-described', 'path', msg, route.describedQuote ?? 'whole', { about: 'endpoint', name: endpoint, mark: pathname }));
  }
  // The spec writes every path without a trailing slash: /api/events/ is another path, which a server need not route.
  if (/.\/$/.test(pathname)) {
    const msg = `the path '${pathname}' ends in '/'; the spec's path is ${endpoint.slice(endpoint.indexOf(' ') + 1)}: drop the trailing slash`;
    shape.push(departure('trailing-slash', 'path', msg, { text: endpoint }, { about: 'endpoint', name: 'spec path with a trailing slash', mark: pathname }));
  }
  const body = await checkBody(route, req, req.version, serverVersion);
  const path = rawCharacters(req.target, route, req.method);
  return { entries: body.entries, endpoint, departures: [...shape, ...path, ...checkQuery(route, req.url.searchParams, req.version, serverVersion), ...body.departures] };
}
