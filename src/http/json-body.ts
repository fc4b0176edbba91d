import type { Exchange } from '../model/exchange.js';

/**
 * The body excerpt as received, before redaction, for the Exchanges whose excerpt redaction changed.
 * Checks judge what the server really sent; the Exchange (the evidence) stays free of secrets.
 * A copied Exchange (e.g. after a JSON round trip) falls back to its redacted excerpt.
 */
const rawExcerpts = new WeakMap<Exchange, string>();

export function rememberRawExcerpt(ex: Exchange, raw: string): void {
  if (ex.response && ex.response.body !== raw) rawExcerpts.set(ex, raw);
}

/** Parses the response body excerpt as JSON; fails with a reason when there is no complete body. */
export function parseJsonBody(ex: Exchange): { ok: true; value: unknown } | { ok: false; reason: string } {
  const res = ex.response;
  if (!res) return { ok: false, reason: `no response (${ex.error?.code ?? 'unknown'}: ${ex.error?.message ?? ''})` };
  if (ex.error) return { ok: false, reason: `response body incomplete (${ex.error.code}: ${ex.error.message})` };
  if (res.truncated) {
    return { ok: false, reason: `body truncated: ${res.bodyBytes} bytes received, only an excerpt was kept` };
  }
  const text = rawExcerpts.get(ex) ?? res.body;
  if (text.trim() === '') return { ok: false, reason: `empty body (status ${res.status})` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    const ct = res.headers['content-type'] ?? 'no content-type';
    return { ok: false, reason: `not JSON (${ct}): ${err instanceof Error ? err.message : String(err)}` };
  }
}
