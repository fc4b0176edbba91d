import type { Exchange, ExchangeResponse } from '../model/exchange.js';
import type { BasicAuth } from './types.js';

/** Design §1.5: evidence carries credentials redacted. This marker replaces every secret. */
export const REDACTED = '<redacted>';

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

/** The variants of a set of secrets, longest first; computed once per set (every exchange is redacted). */
const variantCache = new Map<string, string[]>();

function variantList(secrets: string[]): string[] {
  const key = secrets.join('\u0000');
  let variants = variantCache.get(key);
  if (!variants) {
    variants = [...new Set(secrets.filter((s) => s !== '').flatMap(variantsOf))].filter((v) => v !== '');
    variants.sort((a, b) => b.length - a.length);
    if (variantCache.size > 64) variantCache.clear();
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
function scrub(text: string, variants: readonly string[]): string {
  let out = text;
  for (const v of variants) {
    if (out.includes(v)) out = out.split(v).join(REDACTED);
  }
  return out;
}

/** Whether any variant occurs in any of `texts` (most exchanges carry no secret outside the Authorization header). */
function anyIn(texts: string, variants: readonly string[]): boolean {
  for (const v of variants) if (texts.includes(v)) return true;
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

function redactRecord(headers: Record<string, string>, variants: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const clean = !anyIn(Object.values(headers).join('\n'), variants);
  for (const [name, value] of Object.entries(headers)) {
    out[name] = RESPONSE_SECRET_HEADERS.has(name) ? REDACTED : clean ? value : scrub(value, variants);
  }
  return out;
}

function redactResponse(res: ExchangeResponse, variants: readonly string[]): ExchangeResponse {
  return { ...res, headers: redactRecord(res.headers, variants), body: scrub(res.body, variants) };
}

/**
 * An Exchange whose `curl` line is written when first read (issue 21: most exchanges of a run, e.g. the reads of a
 * settling loop, are never shown, and writing and redacting a line for each cost about 2 s of a seven-version run).
 * It reads and serializes as a plain string member.
 */
export function withLazyCurl(ex: Omit<Exchange, 'curl'>, make: () => string): Exchange {
  let line: string | undefined;
  // An accessor in the literal, not Object.defineProperty: the object keeps a fast shape (a run makes ~80 000).
  return {
    ...ex,
    get curl(): string {
      return (line ??= make());
    },
    set curl(v: string) {
      line = v;
    },
  };
}

/** A last pass over every text of an Exchange so no secret survives anywhere (also echoes in bodies). */
export function redactExchange(ex: Exchange, secrets: string[]): Exchange {
  const req = ex.request;
  const variants = variantList(secrets);
  return withLazyCurl({
    request: {
      method: req.method,
      url: scrub(req.url, variants),
      headers: redactRecordOf(req.headers, variants),
      ...(req.body !== undefined ? { body: scrub(req.body, variants) } : {}),
    },
    ...(ex.response ? { response: redactResponse(ex.response, variants) } : {}),
    ...(ex.error ? { error: { code: ex.error.code, message: scrub(ex.error.message, variants) } } : {}),
    durationMs: ex.durationMs,
  }, () => scrub(ex.curl, variants));
}

/** Request headers: every value scrubbed (none is dropped: the credential headers were redacted when recorded). */
function redactRecordOf(headers: Record<string, string>, variants: readonly string[]): Record<string, string> {
  if (!anyIn(Object.values(headers).join('\n'), variants)) return { ...headers };
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, scrub(v, variants)]));
}
