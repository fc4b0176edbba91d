import { createHttpClient } from '../http/index.js';
import { UsageError } from '../config/errors.js';
import type { RunConfig } from '../config/types.js';
import { versionHeader } from '../engine/clients.js';

/**
 * Before any check: does the base URL answer HTTP at all? An unreachable or non-HTTP target is a usage
 * problem (exit 2, one line), not a conformance failure.
 */
export async function preflight(config: RunConfig, baseUrl: string): Promise<void> {
  const client = createHttpClient({
    baseUrl,
    timeoutMs: Math.min(config.timeoutMs, 10_000),
    headers: config.headers,
    versionHeader: versionHeader(config.versionHeader, config.apiVersions[config.apiVersions.length - 1]),
    ...(config.auth ? { auth: config.auth } : {}),
  });
  try {
    // Any HTTP answer proves the target is there; a single unknown event is the cheapest request to make
    // (the list itself may be what is broken, and that is for the checks to report, not a reason to stop).
    const ex = await client.send({ method: 'GET', path: `/api/events/evconf-preflight-${Date.now().toString(36)}` });
    if (ex.response) {
      if (ex.response.status === 401) {
        throw new UsageError(`${baseUrl} refused the credentials (GET /api/events/… → 401); check --auth USER:PASS or EVCONF_AUTH`);
      }
      return;
    }
    const err = ex.error!;
    const hint = err.code === 'bad-response' ? 'it does not speak HTTP; check the port' : 'check --base-url and that the server is running';
    throw new UsageError(`cannot reach ${baseUrl} (${err.code}: ${err.message}); ${hint}`);
  } finally {
    await client.close();
  }
}
