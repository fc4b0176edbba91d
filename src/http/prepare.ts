import type { ExchangeRequest } from '../model/exchange.js';
import { authSecrets, CREDENTIAL_HEADERS, headerSecrets, redactHeaderValue } from '../redact/secrets.js';
import { buildBody, capText } from './request-body.js';
import { TransportFailure } from './transport-error.js';
import type { BasicAuth, HttpClientOptions, RequestSpec } from './types.js';

/** A request ready for the wire, with its redacted record and the secrets it carries. */
export interface PreparedRequest {
  method: string;
  /** The URL as sent (no credentials, no fragment): its href, origin and request target (path and query). */
  url: { href: string; origin: string; target: string };
  /** Headers as sent (lower-case names, real values). */
  headers: Record<string, string>;
  body?: Buffer;
  record: ExchangeRequest;
  secrets: string[];
  secretNames: Set<string>;
}

/** Splits `http://user:pass@host/base/` into a credential-free base (no trailing slash) and its auth. */
export function normalizeBaseUrl(baseUrl: string): { base: string; auth?: BasicAuth } {
  const u = new URL(baseUrl);
  const auth = u.username !== '' ? { user: decodeURIComponent(u.username), password: decodeURIComponent(u.password) } : undefined;
  u.username = '';
  u.password = '';
  u.hash = '';
  return { base: u.href.replace(/\/+$/, ''), ...(auth ? { auth } : {}) };
}

function encodeQuery(query: RequestSpec['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(name, v);
  }
  return params.toString();
}

/** baseUrl + path (+ query); an absolute http(s) path is used as is. */
export function joinUrl(base: string, path: string, query?: RequestSpec['query']): string {
  let url = /^https?:\/\//i.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`;
  const qs = encodeQuery(query);
  if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  return url;
}

/** Authorization values by `user:password` (every request of a run carries one of very few). */
const basicValues = new Map<string, string>();

function basic(auth: BasicAuth): string {
  const pair = `${auth.user}:${auth.password}`;
  let value = basicValues.get(pair);
  if (value === undefined) {
    value = `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
    if (basicValues.size > 64) basicValues.clear();
    basicValues.set(pair, value);
  }
  return value;
}

/** The origin of a base URL, parsed once per base. */
const origins = new Map<string, string>();

function originOf(base: string): string {
  let origin = origins.get(base);
  if (origin === undefined) {
    origin = new URL(base).origin;
    if (origins.size > 64) origins.clear();
    origins.set(base, origin);
  }
  return origin;
}

function mergeHeaders(...sources: (Record<string, string> | undefined)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const src of sources) for (const [k, v] of Object.entries(src ?? {})) out[k.toLowerCase()] = v;
  return out;
}

export interface PrepareContext {
  base: string;
  opts: HttpClientOptions;
  /** The client's default credentials (from options or the base URL). */
  auth?: BasicAuth;
  excerptBytes: number;
}

/**
 * What every request of a client starts from, computed once (per run: the options do not change): the secret
 * header names, and the version + default headers (without the secret ones, for a foreign origin). Recomputed if
 * the options object's headers, secret names or version header are replaced.
 */
interface Fixed {
  headers: HttpClientOptions['headers'];
  secretHeaders: HttpClientOptions['secretHeaders'];
  versionHeader: HttpClientOptions['versionHeader'];
  secretNames: Set<string>;
  own: Record<string, string>;
  foreign: Record<string, string>;
  /** A path made only of these characters, joined to the base, is its URL's href as is (no `new URL` needed). */
  plainBase: boolean;
  origin: string;
}

const fixedOf = new WeakMap<PrepareContext, Fixed>();

function fixed(ctx: PrepareContext): Fixed {
  const o = ctx.opts;
  let f = fixedOf.get(ctx);
  if (f && f.headers === o.headers && f.secretHeaders === o.secretHeaders && f.versionHeader === o.versionHeader) return f;
  const secretNames = new Set([...CREDENTIAL_HEADERS, ...(o.secretHeaders ?? []).map((h) => h.toLowerCase())]);
  const version = o.versionHeader ? { [o.versionHeader.name]: o.versionHeader.value } : undefined;
  const defaults = mergeHeaders(o.headers);
  const own = mergeHeaders(version, defaults);
  for (const name of secretNames) delete defaults[name];
  const foreign = mergeHeaders(version, defaults);
  const origin = originOf(ctx.base);
  // A base as normalizeBaseUrl writes it (an href without credentials, fragment, query or trailing slash): its own
  // text starts every URL of a plain path.
  const plainBase = /^https?:\/\//.test(ctx.base) && !/[?#@\\]/.test(ctx.base) && normalizeBaseUrl(ctx.base).base === ctx.base
    && ctx.base.startsWith(origin) && (ctx.base.length === origin.length || ctx.base[origin.length] === '/');
  f = { headers: o.headers, secretHeaders: o.secretHeaders, versionHeader: o.versionHeader, secretNames, own, foreign, plainBase, origin };
  fixedOf.set(ctx, f);
  return f;
}

/**
 * A path that `new URL` leaves as it is: a slash, then characters outside the path percent-encode set (no space,
 * quote, `#`, `?`, `<`, `>`, backtick, braces, backslash, control or non-ASCII character), and no `.` or `..` segment
 * (also as %2e), which the parser would resolve.
 */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;
const DOT_SEGMENT = /(^|\/)(\.|%2e)(\.|%2e)?(\/|$)/i;

/** The URL of a request: by string for a plain path on a plain base, otherwise through the WHATWG URL parser. */
function urlOf(spec: RequestSpec, ctx: PrepareContext, f: Fixed): { url: PreparedRequest['url']; embedded?: BasicAuth } {
  const qs = spec.query ? encodeQuery(spec.query) : '';
  if (f.plainBase && PLAIN_PATH.test(spec.path) && !DOT_SEGMENT.test(spec.path)) {
    // URLSearchParams output holds only characters the query parser keeps as they are.
    const path = qs ? `${spec.path}?${qs}` : spec.path;
    return { url: { href: `${ctx.base}${path}`, origin: f.origin, target: `${ctx.base.slice(f.origin.length)}${path}` } };
  }
  let url: URL;
  try {
    url = new URL(joinUrl(ctx.base, spec.path, spec.query));
  } catch {
    throw new TransportFailure('other', `invalid URL from base ${ctx.base} and path ${spec.path}`);
  }
  const embedded = url.username !== '' ? { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : undefined;
  if (url.username !== '' || url.password !== '') {
    url.username = '';
    url.password = '';
  }
  if (url.href.includes('#')) url.hash = '';
  return { url: { href: url.href, origin: url.origin, target: `${url.pathname}${url.search}` }, ...(embedded ? { embedded } : {}) };
}

/** Builds URL, headers and body of a RequestSpec; throws TransportFailure('other') on a bad spec. */
export async function prepareRequest(spec: RequestSpec, ctx: PrepareContext): Promise<PreparedRequest> {
  const method = spec.method.toUpperCase();
  const f = fixed(ctx);
  const { url, embedded } = urlOf(spec, ctx, f);
  const built = await buildBody(spec);
  const secretNames = f.secretNames;
  // The client's own credentials go only to the base URL's origin (an absolute path may point elsewhere).
  const foreign = url.origin !== f.origin;
  const auth = spec.auth === null ? undefined : (spec.auth ?? embedded ?? (foreign ? undefined : ctx.auth));
  // Copied member by member: an object made by spreading gets a slow property add (~1 us each) after it.
  const headers: Record<string, string> = {};
  const start = foreign ? f.foreign : f.own;
  for (const name in start) headers[name] = start[name];
  if (built.contentType) headers['content-type'] = built.contentType;
  if (spec.headers) for (const k in spec.headers) headers[k.toLowerCase()] = spec.headers[k];
  if (auth && headers.authorization === undefined) headers.authorization = basic(auth);

  const secrets = [...authSecrets(ctx.auth), ...authSecrets(auth), ...authSecrets(embedded)];
  const recorded: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (secretNames.has(name)) {
      secrets.push(...headerSecrets(name, value));
      recorded[name] = redactHeaderValue(name, value);
    } else recorded[name] = value;
  }
  const record: ExchangeRequest = { method, url: url.href, headers: recorded };
  if (built.text !== undefined) record.body = capText(built.text, ctx.excerptBytes);
  return { method, url, headers, ...(built.body ? { body: built.body } : {}), record, secrets, secretNames };
}
