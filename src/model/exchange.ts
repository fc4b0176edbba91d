/**
 * The one marker that replaces a credential wherever evconf writes one down: evidence (src/redact/secrets.ts, knowing the
 * run's secrets), reports (src/redact/patterns.ts, by pattern, also for a results file from elsewhere) and the recorded
 * command line (src/config/build.ts).
 */
export const REDACTED = '<redacted>';

/** One HTTP request and what came back (or the transport failure). JSON-safe data only. */
export interface ExchangeRequest {
  method: string;
  url: string;
  /** Header names lower-case; credentials already redacted. */
  headers: Record<string, string>;
  /** Body as text (multipart rendered as a summary of its parts), capped. */
  body?: string;
}

export interface ExchangeResponse {
  status: number;
  headers: Record<string, string>;
  /** Body text, capped at the client's excerpt size; `truncated` says so. */
  body: string;
  truncated: boolean;
  /** Size of the full body in bytes as received (up to the client's hard cap). */
  bodyBytes: number;
}

/** Transport failure kinds (stable codes; see src/http). */
export type TransportErrorCode =
  | 'connect-refused'
  | 'connect-timeout'
  | 'headers-timeout'
  | 'body-timeout'
  | 'socket-closed'
  | 'body-too-large'
  | 'bad-response'
  | 'too-many-redirects'
  | 'dns'
  | 'aborted'
  /** Not sent: the route (or the whole server) stopped answering within --timeout (src/http/stall-guard.ts). */
  | 'not-answering'
  | 'other';

export interface TransportError {
  code: TransportErrorCode;
  message: string;
}

export interface Exchange {
  request: ExchangeRequest;
  response?: ExchangeResponse;
  error?: TransportError;
  /** Wall time from send to full body (or failure), in ms. */
  durationMs: number;
  /** A curl command that reproduces the request (credentials replaced by a placeholder). */
  curl: string;
}
