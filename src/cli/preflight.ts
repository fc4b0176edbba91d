import { createHttpClient } from '../http/index.js';
import { UsageError } from '../config/errors.js';
import type { RunConfig } from '../config/types.js';
import type { Exchange, TransportErrorCode } from '../model/exchange.js';
import { versionHeader } from '../core/clients.js';
import { readDiscovery, type Discovery } from '../core/discovery.js';

/**
 * Transport errors that prove nothing answers HTTP at that address: nobody accepts the connection, the name does
 * not resolve, or what answers is not HTTP. Any other outcome (a response, or a connection that was accepted and
 * then reset, stalled or answered too late) means a server is there, and it is run and judged by the checks.
 */
const NOTHING_THERE: ReadonlySet<TransportErrorCode> = new Set(['connect-refused', 'connect-timeout', 'dns', 'bad-response']);

/** The probes, sent at once: the list, a single (unknown) event, and the root. One HTTP answer is enough. */
function probes(): { method: 'GET'; path: string; query?: Record<string, string> }[] {
  return [
    { method: 'GET', path: '/api/events', query: { limit: '1' } },
    { method: 'GET', path: `/api/events/evconf-preflight-${Date.now().toString(36)}` },
    { method: 'GET', path: '/' },
  ];
}

/**
 * Before any check: does anything answer HTTP at the base URL? Exit 2 (a UsageError, one line)
 * only when nothing does: connection refused, name not found, bytes that are not HTTP. A server that is there but
 * broken (resets, stalls, answers late on some or all paths) is not "unreachable": the run goes on and its rules
 * fail with the transport errors as evidence (a server stalling on everything ends early, src/http/stall-guard.ts).
 * Credentials every probe refuses (401 everywhere) are a usage problem too.
 */
export async function preflight(config: RunConfig, baseUrl: string): Promise<Discovery> {
  const client = createHttpClient({
    baseUrl,
    timeoutMs: Math.min(config.timeoutMs, 10_000),
    headers: config.headers,
    versionHeader: versionHeader(config.versionHeader, config.apiVersions[config.apiVersions.length - 1]),
    ...(config.auth ? { auth: config.auth } : {}),
  });
  let answers: Exchange[];
  let discovery: Discovery = {};
  try {
    // Version discovery (src/core/discovery.ts) goes with the probes: GET /api/version (and /default), not versioned.
    const json = { accept: 'application/json' };
    const [list, def, ...rest] = await Promise.all([
      client.send({ method: 'GET', path: '/api/version', headers: json }),
      client.send({ method: 'GET', path: '/api/version/default', headers: json }),
      ...probes().map((p) => client.send(p)),
    ]);
    answers = rest;
    verdict(answers, baseUrl);
    discovery = readDiscovery(list, def);
  } finally {
    await client.close();
  }
  return discovery;
}

/** Decides from the probes' exchanges; throws the one-line UsageError when the run cannot go on. */
export function verdict(answers: readonly Exchange[], baseUrl: string): void {
  const responses = answers.filter((a) => a.response);
  if (responses.length > 0) {
    if (responses.every((a) => a.response!.status === 401)) {
      throw new UsageError(`${baseUrl} refused the credentials (GET /api/events → 401); check --auth USER:PASS or EVCONF_AUTH`);
    }
    return;
  }
  const errors = answers.map((a) => a.error!).filter(Boolean);
  const notHttp = errors.find((e) => e.code === 'bad-response');
  // Bytes that are not HTTP on any probe: a wrong port (another protocol), even if another probe merely stalled.
  if (notHttp) throw new UsageError(`cannot reach ${baseUrl} (${notHttp.code}: ${notHttp.message}); it does not speak HTTP; check the port`);
  if (errors.some((e) => !NOTHING_THERE.has(e.code))) return;
  const first = errors[0];
  throw new UsageError(`cannot reach ${baseUrl} (${first.code}: ${first.message}); check --base-url and that the server is running`);
}
