import type { Dispatcher } from 'undici';
import { TransportFailure } from './transport-error.js';

/** What one request/response round trip produced (before redaction and Exchange shaping). */
export interface OnceResult {
  status?: number;
  headers?: Record<string, string>;
  /** The first `excerptBytes` bytes of the body (the evidence kept in the Exchange). */
  excerpt: Buffer;
  /** The whole body as received (at most `maxBodyBytes`): what checks parse, never stored in results. */
  body: Buffer;
  /** Bytes received, at most `maxBodyBytes`. */
  bodyBytes: number;
  /** The body went past the cap (the rest was not read). */
  capped: boolean;
  error?: unknown;
}

export interface OnceLimits {
  /** Time left for this round trip. */
  remainingMs: number;
  /** The request's whole timeout, for messages. */
  timeoutMs: number;
  maxBodyBytes: number;
  excerptBytes: number;
}

type Phase = 'queued' | 'sent' | 'body';

function deadlineError(phase: Phase, timeoutMs: number, bodyBytes: number): TransportFailure {
  if (phase === 'queued') return new TransportFailure('connect-timeout', `no connection within ${timeoutMs} ms`);
  if (phase === 'sent') return new TransportFailure('headers-timeout', `no response headers within ${timeoutMs} ms`);
  return new TransportFailure(
    'body-timeout',
    `response body not complete within ${timeoutMs} ms (${bodyBytes} bytes received)`,
  );
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * Sends one request through undici's dispatch API and resolves exactly once: on the end of the body, on a
 * transport error, at the size cap, or at the deadline, whichever comes first. Never rejects. On the cap or
 * the deadline the request is aborted, which makes undici destroy the socket.
 */
export function dispatchOnce(
  dispatcher: Dispatcher,
  opts: Dispatcher.DispatchOptions,
  limits: OnceLimits,
): Promise<OnceResult> {
  return new Promise<OnceResult>((resolve) => {
    let phase: Phase = 'queued';
    let controller: Dispatcher.DispatchController | undefined;
    let pendingAbort: Error | undefined;
    let done = false;
    let status: number | undefined;
    let headers: Record<string, string> | undefined;
    let chunks: Buffer[] = [];
    let kept = 0;
    let bodyBytes = 0;
    let capped = false;

    const finish = (error?: unknown): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const body = Buffer.concat(chunks);
      const excerpt = body.length > limits.excerptBytes ? body.subarray(0, limits.excerptBytes) : body;
      resolve({ status, headers, excerpt, body, bodyBytes, capped, ...(error !== undefined ? { error } : {}) });
    };
    const abort = (err: Error): void => {
      finish(err);
      if (controller) controller.abort(err);
      else pendingAbort = err; // not on a socket yet: abort as soon as undici hands us one
    };
    // The whole body is kept (onResponseData stops at maxBodyBytes); the excerpt is cut from it at the end.
    const keep = (chunk: Buffer): void => {
      bodyBytes += chunk.length;
      chunks.push(Buffer.from(chunk));
      kept += chunk.length;
    };
    const timer = setTimeout(() => abort(deadlineError(phase, limits.timeoutMs, bodyBytes)), limits.remainingMs);

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (pendingAbort) return c.abort(pendingAbort);
        phase = 'sent';
      },
      onResponseStart(_c, statusCode, hdrs) {
        if (statusCode < 200) return; // 1xx informational: the real response follows
        status = statusCode;
        headers = flattenHeaders(hdrs);
        phase = 'body';
        chunks = [];
        kept = 0;
        bodyBytes = 0;
      },
      onResponseData(_c, chunk) {
        if (done) return;
        const room = limits.maxBodyBytes - bodyBytes;
        if (chunk.length <= room) return keep(chunk);
        keep(chunk.subarray(0, room));
        capped = true;
        abort(new TransportFailure('body-too-large', `response body exceeds the cap of ${limits.maxBodyBytes} bytes`));
      },
      onResponseEnd() {
        finish();
      },
      onResponseError(_c, err) {
        finish(err);
      },
    };
    try {
      dispatcher.dispatch(opts, handler);
    } catch (err) {
      finish(err);
    }
  });
}
