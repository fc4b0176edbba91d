import type { Exchange } from '../model/exchange.js';

/**
 * The whole body as received, before redaction and before cutting it to an excerpt. Checks judge what the server
 * really sent (all of it); the Exchange (the evidence) keeps only a redacted excerpt. A copied Exchange (e.g.
 * after a JSON round trip) falls back to its excerpt.
 */
const rawBodies = new WeakMap<Exchange, string>();

export function rememberRawBody(ex: Exchange, raw: string | undefined): void {
  if (ex.response && raw !== undefined && ex.response.body !== raw) rawBodies.set(ex, raw);
}

/** Parses the response body excerpt as JSON; fails with a reason when there is no complete body. */
export function parseJsonBody(ex: Exchange): { ok: true; value: unknown } | { ok: false; reason: string } {
  const res = ex.response;
  if (!res) return { ok: false, reason: `no response (${ex.error?.code ?? 'unknown'}: ${ex.error?.message ?? ''})` };
  if (ex.error) return { ok: false, reason: `response body incomplete (${ex.error.code}: ${ex.error.message})` };
  const raw = rawBodies.get(ex);
  if (res.truncated && raw === undefined) {
    return { ok: false, reason: `body truncated: ${res.bodyBytes} bytes received, only an excerpt was kept` };
  }
  const text = raw ?? res.body;
  if (text.trim() === '') return { ok: false, reason: `empty body (status ${res.status})` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    const ct = res.headers['content-type'] ?? 'no content-type';
    return { ok: false, reason: `not JSON (${ct}): ${err instanceof Error ? err.message : String(err)}` };
  }
}
