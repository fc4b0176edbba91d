/** The HTTP client layer (ARCHITECTURE.md § Layers `http/`): request → Exchange, redaction, curl lines, typed transport errors. */
export { createHttpClient } from './client.js';
export { toCurl, shellQuote } from './curl.js';
export { parseJsonBody } from './json-body.js';
export { redactText, REDACTED } from '../redact/secrets.js';
export { describeTransportError } from './transport-error.js';
export type { BasicAuth, FormEncoding, HttpClient, HttpClientOptions, MultipartPart, RequestSpec } from './types.js';
export { StallGuard, STALL_LIMIT, STALL_ROUTES, ROUTE_STALL_LIMIT, routeOf, notAnswering } from './stall-guard.js';
