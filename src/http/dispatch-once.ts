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
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * One round trip's state and undici handler (a class, not closures: its methods are made once, not per request).
 * Resolves exactly once: on the end of the body, on a transport error, at the size cap, or at the deadline.
 */
class Once implements Dispatcher.DispatchHandler {
  private phase: Phase = 'queued';
  private controller: Dispatcher.DispatchController | undefined;
  private pendingAbort: Error | undefined;
  private done = false;
  private status: number | undefined;
  private headers: Record<string, string> | undefined;
  private chunks: Buffer[] = [];
  private bodyBytes = 0;
  private capped = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly limits: OnceLimits,
    private readonly resolve: (r: OnceResult) => void,
  ) {
    this.timer = setTimeout(onDeadline, limits.remainingMs, this);
  }

  deadline(): void {
    this.abort(deadlineError(this.phase, this.limits.timeoutMs, this.bodyBytes));
  }

  finish(error?: unknown): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    const chunks = this.chunks;
    // One chunk (most bodies) is already a copy of its own: no second copy.
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    const max = this.limits.excerptBytes;
    const excerpt = body.length > max ? body.subarray(0, max) : body;
    const { status, headers, bodyBytes, capped } = this;
    this.resolve(error !== undefined
      ? { status, headers, excerpt, body, bodyBytes, capped, error }
      : { status, headers, excerpt, body, bodyBytes, capped });
  }

  private abort(err: Error): void {
    this.finish(err);
    if (this.controller) this.controller.abort(err);
    else this.pendingAbort = err; // not on a socket yet: abort as soon as undici hands us one
  }

  /** The whole body is kept (onResponseData stops at maxBodyBytes); the excerpt is cut from it at the end. */
  private keep(chunk: Buffer): void {
    this.bodyBytes += chunk.length;
    this.chunks.push(Buffer.from(chunk));
  }

  onRequestStart(c: Dispatcher.DispatchController): void {
    this.controller = c;
    if (this.pendingAbort) return c.abort(this.pendingAbort);
    this.phase = 'sent';
  }

  onResponseStart(_c: Dispatcher.DispatchController, statusCode: number, hdrs: Record<string, string | string[] | undefined>): void {
    if (statusCode < 200) return; // 1xx informational: the real response follows
    this.status = statusCode;
    this.headers = flattenHeaders(hdrs);
    this.phase = 'body';
    this.chunks = [];
    this.bodyBytes = 0;
  }

  onResponseData(_c: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.done) return;
    const room = this.limits.maxBodyBytes - this.bodyBytes;
    if (chunk.length <= room) return this.keep(chunk);
    this.keep(chunk.subarray(0, room));
    this.capped = true;
    this.abort(new TransportFailure('body-too-large', `response body exceeds the cap of ${this.limits.maxBodyBytes} bytes`));
  }

  onResponseEnd(): void {
    this.finish();
  }

  onResponseError(_c: Dispatcher.DispatchController, err: Error): void {
    this.finish(err);
  }
}

function onDeadline(once: Once): void {
  once.deadline();
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
    const once = new Once(limits, resolve);
    try {
      dispatcher.dispatch(opts, once);
    } catch (err) {
      once.finish(err);
    }
  });
}
