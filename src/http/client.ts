import { Agent } from 'undici';
import type { Exchange, ExchangeResponse, TransportError } from '../model/exchange.js';
import { toCurl } from './curl.js';
import type { OnceResult } from './dispatch-once.js';
import { rememberRawBody } from './json-body.js';
import { joinUrl, normalizeBaseUrl, prepareRequest, type PrepareContext } from './prepare.js';
import { sendFollowing } from './redirects.js';
import { authSecrets, redactedExchange, redactExchange } from '../redact/secrets.js';
import { describeTransportError } from './transport-error.js';
import type { Admission } from './stall-guard.js';
import {
  DEFAULT_CONNECTIONS,
  DEFAULT_EXCERPT_BYTES,
  DEFAULT_MAX_BODY_BYTES,
  type HttpClient,
  type HttpClientOptions,
  type RequestSpec,
} from './types.js';

/** Drops an incomplete UTF-8 sequence at the end of a cut-off excerpt so it decodes cleanly. */
function utf8Cut(buf: Buffer): Buffer {
  for (let i = 1; i <= Math.min(3, buf.length); i++) {
    const b = buf[buf.length - i];
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > i ? buf.subarray(0, buf.length - i) : buf;
  }
  return buf;
}

function toResponse(r: OnceResult): ExchangeResponse | undefined {
  if (r.status === undefined) return undefined;
  const cut = r.bodyBytes > r.excerpt.length;
  return {
    status: r.status,
    headers: r.headers ?? {},
    body: (cut ? utf8Cut(r.excerpt) : r.excerpt).toString('utf8'),
    truncated: cut || r.capped,
    bodyBytes: r.bodyBytes,
  };
}

/** The whole body as text, for the checks (undefined past the cap); the excerpt's text when that is all of it. */
function wholeText(r: OnceResult, response: ExchangeResponse): string | undefined {
  if (r.capped) return undefined;
  return r.excerpt.length === r.body.length ? response.body : r.body.toString('utf8');
}

/** The transport error, with the byte count when the body fell short of its Content-Length. */
function toError(r: OnceResult): TransportError | undefined {
  if (r.error === undefined) return undefined;
  const err = describeTransportError(r.error);
  const declared = Number(r.headers?.['content-length']);
  if (err.code === 'socket-closed' && Number.isFinite(declared) && r.bodyBytes < declared) {
    err.message += ` (${r.bodyBytes} of ${declared} bytes of Content-Length received)`;
  }
  return err;
}

function elapsed(t0: number): number {
  return Math.round((performance.now() - t0) * 1000) / 1000;
}

/** A spec that could not be turned into a request (bad URL, two bodies), or a bug of ours, as an Exchange. */
function failed(f: { spec: RequestSpec; err: unknown; t0: number; base: string; secrets: string[] }): Exchange {
  let url = `${f.base}${f.spec.path}`;
  try {
    url = joinUrl(f.base, f.spec.path, f.spec.query);
  } catch (joinErr) {
    url += ` (${String(joinErr)})`;
  }
  const request = { method: f.spec.method.toUpperCase(), url, headers: {} };
  const ex: Exchange = { request, error: describeTransportError(f.err), durationMs: elapsed(f.t0), curl: toCurl(request) };
  return redactExchange(ex, f.secrets);
}

/** How long an idle connection is kept without a Keep-Alive hint, and how much earlier than a hint says (ms). */
export const IDLE_KEEP_MS = 2_000;
export const KEEP_ALIVE_MARGIN_MS = 3_000;

/** Closes gracefully, but destroys the sockets if that takes over a second (close never hangs). */
async function closeAgent(agent: Agent): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 1000)));
  const closed = await Promise.race([agent.close().then(() => true), grace]);
  clearTimeout(timer);
  if (!closed) await agent.destroy();
}

/**
 * An HTTP client over one undici Agent (ARCHITECTURE.md § Layers `http/`). `send` turns every outcome into an
 * Exchange: any status, and transport failures as typed codes; bounded by timeoutMs and maxBodyBytes.
 */
export function createHttpClient(opts: HttpClientOptions): HttpClient {
  const { base, auth: urlAuth } = normalizeBaseUrl(opts.baseUrl);
  const excerptBytes = opts.excerptBytes ?? DEFAULT_EXCERPT_BYTES;
  const maxBodyBytes = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const auth = opts.auth ?? urlAuth;
  const ctx: PrepareContext = { base, opts, excerptBytes, ...(auth ? { auth } : {}) };
  const agent = new Agent({
    connections: opts.connections ?? DEFAULT_CONNECTIONS,
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
    connect: { timeout: opts.timeoutMs },
    // An idle connection is dropped well before the server drops it (its Keep-Alive hint minus 3 s; 2 s without a
    // hint): a client whose event loop lags must not send on a connection the server is closing, or a conformant
    // server would be failed for a reset it did not cause.
    keepAliveTimeout: IDLE_KEEP_MS,
    keepAliveTimeoutThreshold: KEEP_ALIVE_MARGIN_MS,
  });

  async function send(asked: RequestSpec): Promise<Exchange> {
    const t0 = performance.now();
    const spec = asked.form && opts.formEncoding?.mode === 'multipart'
      ? { ...asked, form: undefined, multipart: Object.entries(asked.form).map(([name, value]) => ({ name, value })) }
      : asked;
    let gate: Admission | undefined;
    try {
      const req = await prepareRequest(spec, ctx);
      gate = opts.stallGuard?.admit(req.record.method, spec.path);
      if (gate && !gate.send) {
        return redactedExchange({ request: req.record, error: gate.error, durationMs: elapsed(t0) }, () => toCurl(req.record, spec.multipart), req.secrets);
      }
      const timeoutMs = spec.timeoutMs ?? opts.timeoutMs;
      const follow = { maxRedirects: opts.maxRedirects ?? 0, timeoutMs, maxBodyBytes, excerptBytes };
      const result = await sendFollowing(agent, req, follow, t0);
      const response = toResponse(result);
      const error = toError(result);
      const redacted = redactedExchange(
        { request: req.record, response, error, durationMs: elapsed(t0) },
        () => toCurl(req.record, spec.multipart),
        req.secrets,
      );
      if (gate?.send) opts.stallGuard!.record(gate, redacted);
      // Checks parse the whole body as received (a long list is valid JSON even when its excerpt is cut).
      if (response) rememberRawBody(redacted, wholeText(result, response));
      return redacted;
    } catch (err) {
      const ex = failed({ spec, err, t0, base, secrets: [...authSecrets(auth), ...authSecrets(spec.auth)] });
      if (gate?.send) opts.stallGuard!.record(gate, ex);
      return ex;
    }
  }

  function gaveUp(ex: Exchange): string | undefined {
    if (ex.response) return undefined;
    if (ex.error?.code === 'not-answering') return ex.error.message;
    const url = ex.request.url;
    return opts.stallGuard?.gaveUp(ex.request.method, url.startsWith(base) ? url.slice(base.length) : url);
  }

  let closing: Promise<void> | undefined;
  return {
    baseUrl: base,
    send,
    gaveUp,
    close: () => (closing ??= closeAgent(agent)),
  };
}
