import type { TransportError, TransportErrorCode } from '../model/exchange.js';

/** An error this layer raises itself (deadline, size cap, redirects), already carrying its stable code. */
export class TransportFailure extends Error {
  constructor(
    readonly code: TransportErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TransportFailure';
  }
}

/** undici / Node error codes → our stable codes (model/exchange.ts). */
const CODE_MAP: Record<string, TransportErrorCode> = {
  ECONNREFUSED: 'connect-refused',
  UND_ERR_CONNECT_TIMEOUT: 'connect-timeout',
  ETIMEDOUT: 'connect-timeout',
  EHOSTUNREACH: 'connect-timeout',
  ENETUNREACH: 'connect-timeout',
  UND_ERR_HEADERS_TIMEOUT: 'headers-timeout',
  UND_ERR_BODY_TIMEOUT: 'body-timeout',
  UND_ERR_SOCKET: 'socket-closed',
  ECONNRESET: 'socket-closed',
  EPIPE: 'socket-closed',
  ECONNABORTED: 'socket-closed',
  UND_ERR_CLOSED: 'socket-closed',
  UND_ERR_DESTROYED: 'socket-closed',
  UND_ERR_RES_EXCEEDED_MAX_SIZE: 'body-too-large',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'bad-response',
  UND_ERR_HEADERS_OVERFLOW: 'bad-response',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_FAIL: 'dns',
  EAI_NONAME: 'dns',
  EAI_NODATA: 'dns',
  UND_ERR_ABORTED: 'aborted',
  UND_ERR_ABORT: 'aborted',
  ABORT_ERR: 'aborted',
};

const TITLES: Record<TransportErrorCode, string> = {
  'connect-refused': 'connection refused (is the server running on that host and port?)',
  'connect-timeout': 'could not connect in time',
  'headers-timeout': 'no response headers in time',
  'body-timeout': 'response body did not finish in time',
  'socket-closed': 'connection closed before the response was complete',
  'body-too-large': 'response body exceeded the size cap',
  'bad-response': 'the server sent something that is not valid HTTP',
  'too-many-redirects': 'too many redirects',
  dns: 'host name could not be resolved (check the URL)',
  aborted: 'request aborted',
  'not-answering': 'not sent: the server stopped answering within the timeout',
  other: 'request failed',
};

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function asErrorLike(err: unknown): ErrorLike | undefined {
  return typeof err === 'object' && err !== null ? (err as ErrorLike) : undefined;
}

/** Finds a known code on the error, its `cause` chain, or an AggregateError's members (bounded depth). */
function findCode(err: unknown, depth = 0): TransportErrorCode | undefined {
  const e = asErrorLike(err);
  if (!e || depth > 5) return undefined;
  if (err instanceof TransportFailure) return err.code;
  const raw = typeof e.code === 'string' ? e.code : undefined;
  if (raw && CODE_MAP[raw]) return CODE_MAP[raw];
  if (raw?.startsWith('HPE_') || e.name === 'HTTPParserError') return 'bad-response';
  if (e.name === 'AbortError' || e.name === 'TimeoutError') return 'aborted';
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const found = findCode(inner, depth + 1);
      if (found) return found;
    }
  }
  return findCode(e.cause, depth + 1);
}

function describeMessage(err: unknown): string {
  const e = asErrorLike(err);
  if (!e) return String(err);
  const msg = typeof e.message === 'string' && e.message !== '' ? e.message : String(e.name ?? 'error');
  const code = typeof e.code === 'string' && !msg.includes(e.code) ? ` [${e.code}]` : '';
  return `${msg}${code}`;
}

/** Maps an undici / Node error (or a TransportFailure) to a stable code and a readable message. */
export function describeTransportError(err: unknown): TransportError {
  const code = findCode(err) ?? 'other';
  if (err instanceof TransportFailure) return { code, message: err.message };
  return { code, message: `${TITLES[code]}: ${describeMessage(err)}` };
}
