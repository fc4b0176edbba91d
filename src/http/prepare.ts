import type { ExchangeRequest } from '../model/exchange.js';
import { authSecrets, CREDENTIAL_HEADERS, headerSecrets, redactHeaderValue } from './redact.js';
import { buildBody, capText } from './request-body.js';
import { TransportFailure } from './transport-error.js';
import type { BasicAuth, HttpClientOptions, RequestSpec } from './types.js';

/** A request ready for the wire, with its redacted record and the secrets it carries. */
export interface PreparedRequest {
  method: string;
  url: URL;
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

/** Builds URL, headers and body of a RequestSpec; throws TransportFailure('other') on a bad spec. */
export async function prepareRequest(spec: RequestSpec, ctx: PrepareContext): Promise<PreparedRequest> {
  const method = spec.method.toUpperCase();
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
  const built = await buildBody(spec);
  const secretNames = new Set([...CREDENTIAL_HEADERS, ...(ctx.opts.secretHeaders ?? []).map((h) => h.toLowerCase())]);
  // The client's own credentials go only to the base URL's origin (an absolute path may point elsewhere).
  const foreign = url.origin !== originOf(ctx.base);
  const defaults = mergeHeaders(ctx.opts.headers);
  if (foreign) for (const name of secretNames) delete defaults[name];
  const auth = spec.auth === null ? undefined : (spec.auth ?? embedded ?? (foreign ? undefined : ctx.auth));
  const version = ctx.opts.versionHeader ? { [ctx.opts.versionHeader.name]: ctx.opts.versionHeader.value } : undefined;
  const typed = built.contentType ? { 'content-type': built.contentType } : undefined;
  const headers = mergeHeaders(version, defaults, typed, spec.headers);
  if (auth && headers.authorization === undefined) headers.authorization = basic(auth);

  const secrets = [...authSecrets(ctx.auth), ...authSecrets(auth), ...authSecrets(embedded)];
  const recorded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const secret = secretNames.has(name);
    if (secret) secrets.push(...headerSecrets(name, value));
    recorded[name] = secret ? redactHeaderValue(name, value) : value;
  }
  const record: ExchangeRequest = { method, url: url.href, headers: recorded };
  if (built.text !== undefined) record.body = capText(built.text, ctx.excerptBytes);
  return { method, url, headers, ...(built.body ? { body: built.body } : {}), record, secrets, secretNames };
}
