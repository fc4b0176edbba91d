import type { Exchange } from '../model/exchange.js';
import type { StallGuard } from './stall-guard.js';

/** Options of one HTTP client (ARCHITECTURE.md, principle 6: every request has a timeout and a size cap). */
export interface HttpClientOptions {
  /** e.g. http://127.0.0.1:8080; a trailing slash is ignored; user:pass@ in it becomes `auth`. */
  baseUrl: string;
  /** Per request: connect + headers + body, a hard deadline. */
  timeoutMs: number;
  /** Hard cap on bytes read from a response (default 8 MiB); beyond it → 'body-too-large'. */
  maxBodyBytes?: number;
  /** Body text kept in the Exchange (default 64 KiB); `truncated: true` beyond it. */
  excerptBytes?: number;
  /** HTTP Basic credentials sent on every request unless a request overrides them. */
  auth?: BasicAuth;
  /** Extra headers on every request. Values of credential headers are redacted in the Exchange. */
  headers?: Record<string, string>;
  /** More header names whose values are secret (matched case-insensitively). */
  secretHeaders?: string[];
  /** e.g. { name: 'Accept', value: 'application/v1.3.0+json' }; omitted when undefined. */
  versionHeader?: { name: string; value: string };
  /** Default 0 = a 3xx is just a response; otherwise more than N redirects → 'too-many-redirects'. */
  maxRedirects?: number;
  /** Per-origin connection pool cap (default 8). */
  connections?: number;
  /** Shared by a run's clients: stops sending to a route, or to the server, that no longer answers. */
  stallGuard?: StallGuard;
  /**
   * How `form` requests are encoded (shared by a version's clients, set by the probe): urlencoded by default; a
   * server that reads form parameters from multipart/form-data only gets them as multipart text parts.
   */
  formEncoding?: FormEncoding;
}

/** The encoding of RequestSpec.form bodies ("send form parameters": the spec does not say which encoding). */
export interface FormEncoding {
  mode: 'urlencoded' | 'multipart';
}

export interface BasicAuth {
  user: string;
  password: string;
}

/** A part of a multipart/form-data body: a text field or a file. */
export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Uint8Array };

export interface RequestSpec {
  method: string;
  /** Relative to baseUrl; may contain a query string. */
  path: string;
  /** Appended to the query string; arrays repeat the name, undefined values are left out. */
  query?: Record<string, string | string[] | undefined>;
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as multipart/form-data. */
  multipart?: MultipartPart[];
  /** Sent as application/json. */
  json?: unknown;
  /** Per-request credentials: undefined = the client's, null = none. */
  auth?: BasicAuth | null;
  timeoutMs?: number;
}

export interface HttpClient {
  /** Never throws, never hangs: every outcome, including transport failures, is an Exchange. */
  send(spec: RequestSpec): Promise<Exchange>;
  /**
   * Why waiting on the route of this unanswered exchange is pointless (the run's stall guard has given up on it:
   * src/http/stall-guard.ts), or undefined: always undefined for an exchange that got an HTTP response.
   */
  gaveUp?(ex: Exchange): string | undefined;
  close(): Promise<void>;
  readonly baseUrl: string;
}

export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;
export const DEFAULT_EXCERPT_BYTES = 64 * 1024;
export const DEFAULT_CONNECTIONS = 8;
