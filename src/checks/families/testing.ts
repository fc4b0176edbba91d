import type { ApiVersion } from '../../model/index.js';
import type { CheckContext } from '../types.js';

/** Test support for check unit tests. */

/** A check context whose step answered `status` with `body`; `value` overrides the action value. */
export function ctx(body: unknown, o: { status?: number; value?: unknown; version?: ApiVersion } = {}): CheckContext {
  const text = body === undefined ? '' : JSON.stringify(body);
  const parsed: CheckContext['body'] = text === '' ? { ok: false, reason: 'empty body' } : { ok: true, value: JSON.parse(text) };
  const exchange = {
    request: { method: 'GET', url: 'http://x/api/events/e', headers: {} },
    response: { status: o.status ?? 200, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: o.version ?? '1.6.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: parsed,
    value: o.value ?? (parsed.ok ? parsed.value : undefined), vars: {},
    shapes: { validate: () => [], hasShape: () => true },
  };
}
