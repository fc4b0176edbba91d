/**
 * Redaction, part one (src/redact holds all of it, with one marker, REDACTED): the run knows its secrets (the
 * credentials it was given, credential header values it sent), so every exchange is scrubbed of them, in every
 * encoding they can travel in, as the http client records it. Part two, patterns.ts, is the reports' defensive
 * pass by pattern.
 */
import { REDACTED } from '../model/exchange.js';
import type { Exchange, ExchangeResponse } from '../model/exchange.js';
import type { BasicAuth } from '../http/types.js';

/** Evidence carries credentials redacted (ARCHITECTURE.md, principle 5): this marker replaces every secret. */
export { REDACTED };

/** Header names whose values are always credentials. */
export const CREDENTIAL_HEADERS: readonly string[] = ['authorization', 'proxy-authorization', 'cookie', 'x-api-key'];

/** Response headers that hand out credentials (session cookies). */
const RESPONSE_SECRET_HEADERS = new Set(['set-cookie']);

const SCHEME_HEADERS = new Set(['authorization', 'proxy-authorization']);

function b64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** A secret plus the encodings it can travel in: base64 (padded, unpadded, url-safe), URL, form and JSON escaped. */
function variantsOf(secret: string): string[] {
  const base = b64(secret);
  const unpadded = base.replace(/=+$/, '');
  const urlSafe = unpadded.replace(/\+/g, '-').replace(/\//g, '_');
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  return [secret, base, unpadded, urlSafe, encodeURIComponent(secret), form, JSON.stringify(secret).slice(1, -1)];
}

/**
 * The variants of a set of secrets, longest first, and `probes`: those that contain no other variant. A text that
 * holds any variant holds a probe (the variant itself or one inside it), so a text without any probe needs no
 * replacing (most texts: a few `includes` instead of one per variant). Computed once per set (every exchange is
 * redacted).
 */
interface Variants {
  all: readonly string[];
  probes: readonly string[];
}

const variantCache = new Map<string, Variants>();

function variantList(secrets: readonly string[]): Variants {
  const key = secrets.join('\u0000');
  let variants = variantCache.get(key);
  if (!variants) {
    const all = [...new Set(secrets.filter((s) => s !== '').flatMap(variantsOf))].filter((v) => v !== '');
    all.sort((a, b) => b.length - a.length);
    const probes = all.filter((v) => !all.some((w) => w !== v && v.includes(w)));
    if (variantCache.size > 64) variantCache.clear();
    variants = { all, probes };
    variantCache.set(key, variants);
  }
  return variants;
}

/**
 * Replaces each secret, and its base64 / URL-encoded forms, with `<redacted>`.
 * Longer variants go first so `user:pass` is replaced whole before `pass`.
 */
export function redactText(text: string, secrets: string[]): string {
  return scrub(text, variantList(secrets));
}

/** redactText with the variants already listed (an exchange lists them once for all its texts). */
function scrub(text: string, variants: Variants): string {
  if (!anyIn(text, variants.probes)) return text;
  let out = text;
  for (const v of variants.all) {
    if (out.includes(v)) out = out.split(v).join(REDACTED);
  }
  return out;
}

/** Whether any of `variants` occurs in `text`. */
function anyIn(text: string, variants: readonly string[]): boolean {
  for (let i = 0; i < variants.length; i++) if (text.includes(variants[i])) return true;
  return false;
}

/** The secrets a Basic credential produces: the password and `user:password` (base64 forms are derived). */
export function authSecrets(auth: BasicAuth | null | undefined): string[] {
  if (!auth) return [];
  return [auth.password, `${auth.user}:${auth.password}`];
}

/** The secret in a credential header value: for `Scheme token` the token, otherwise the whole value. */
export function headerSecrets(name: string, value: string): string[] {
  const m = SCHEME_HEADERS.has(name) ? /^\S+\s+(.+)$/.exec(value.trim()) : null;
  return m ? [m[1]] : [value];
}

/** `Basic abc` → `Basic <redacted>`; other credential headers → `<redacted>`. */
export function redactHeaderValue(name: string, value: string): string {
  if (SCHEME_HEADERS.has(name)) {
    const m = /^(\S+)\s+\S/.exec(value.trim());
    if (m) return `${m[1]} ${REDACTED}`;
  }
  return REDACTED;
}

/** Response headers: credential-issuing ones replaced whole, every other value scrubbed. */
function redactRecord(headers: Record<string, string>, variants: Variants): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    out[name] = RESPONSE_SECRET_HEADERS.has(name) ? REDACTED : scrub(headers[name], variants);
  }
  return out;
}

/** The response with its headers and body scrubbed (members in their order). */
function redactResponse(res: ExchangeResponse, variants: Variants): ExchangeResponse {
  return { ...res, headers: redactRecord(res.headers, variants), body: scrub(res.body, variants) };
}

/** Request headers: every value scrubbed (none is dropped: the credential headers were redacted when recorded). */
function redactRecordOf(headers: Record<string, string>, variants: Variants): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) out[name] = scrub(headers[name], variants);
  return out;
}

/**
 * The curl line of an Exchange, written when first read (most exchanges of a run, e.g. the reads of a
 * settling loop, are never shown, and writing and redacting a line for each cost about 2 s of a seven-version run).
 * `curl` is an own enumerable accessor, so it reads, spreads and serializes as a plain string member; the accessor
 * functions are shared by all exchanges and the maker (or the line once written) sits under a non-enumerable symbol.
 * Shared accessors keep one object shape for all exchanges; an accessor literal made new functions, and so a new
 * hidden class, for each of the ~80 000 exchanges of a run (a dictionary-mode object, and much of the GC).
 */
const CURL = Symbol('evconf.curl');

type CurlSlot = { [CURL]: string | (() => string) };

function readCurl(this: CurlSlot): string {
  const slot = this[CURL];
  if (typeof slot === 'string') return slot;
  const line = slot();
  Reflect.set(this, CURL, line); // kept for the next read (not on a frozen Exchange: written again then)
  return line;
}

function writeCurl(this: CurlSlot, v: string): void {
  this[CURL] = v;
}

const CURL_SLOT: PropertyDescriptor = { value: undefined, writable: true, enumerable: false, configurable: true };
const CURL_MEMBER: PropertyDescriptor = { get: readCurl, set: writeCurl, enumerable: true, configurable: true };

/** Gives `ex` (a fresh object, changed in place) its lazy `curl` member. */
function attachCurl(ex: Omit<Exchange, 'curl'>, make: () => string): Exchange {
  CURL_SLOT.value = make;
  Object.defineProperty(ex, CURL, CURL_SLOT);
  CURL_SLOT.value = undefined;
  Object.defineProperty(ex, 'curl', CURL_MEMBER);
  return ex as Exchange;
}

/** An Exchange whose `curl` line is written when first read (see attachCurl); `ex` itself is not changed. */
export function withLazyCurl(ex: Omit<Exchange, 'curl'>, make: () => string): Exchange {
  return attachCurl({ ...ex }, make);
}

/** A last pass over every text of an Exchange so no secret survives anywhere (also echoes in bodies). */
export function redactExchange(ex: Exchange, secrets: string[]): Exchange {
  const variants = variantList(secrets);
  return redactParts(ex.request, ex.response, ex.error, ex.durationMs, () => scrub(ex.curl, variants), variants);
}

/**
 * redactExchange of the parts of an exchange not yet built (the client's path: one object instead of two); `curl`
 * makes the line before redaction.
 */
export function redactedExchange(
  parts: Omit<Exchange, 'curl'>,
  curl: () => string,
  secrets: readonly string[],
): Exchange {
  const variants = variantList(secrets);
  return redactParts(parts.request, parts.response, parts.error, parts.durationMs, () => scrub(curl(), variants), variants);
}

function redactParts(
  req: Exchange['request'],
  response: ExchangeResponse | undefined,
  error: Exchange['error'],
  durationMs: number,
  curl: () => string,
  variants: Variants,
): Exchange {
  const request: Exchange['request'] = { method: req.method, url: scrub(req.url, variants), headers: redactRecordOf(req.headers, variants) };
  if (req.body !== undefined) request.body = scrub(req.body, variants);
  const out: Omit<Exchange, 'curl'> = response
    ? error
      ? { request, response: redactResponse(response, variants), error: { code: error.code, message: scrub(error.message, variants) }, durationMs }
      : { request, response: redactResponse(response, variants), durationMs }
    : error
      ? { request, error: { code: error.code, message: scrub(error.message, variants) }, durationMs }
      : { request, durationMs };
  return attachCurl(out, curl);
}
