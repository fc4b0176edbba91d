import { createHash } from 'node:crypto';
import type { App, Reply } from '../app.js';
import { errorReply } from './wire.js';

/**
 * Latitude choices of the HTTP representation (spec § What the service does, Conventions: "Responses carry JSON.";
 * § Endpoints: "All paths are under {base_url}."). JSON text, media-type parameters, caching headers and methods a
 * path lacks are not described; every alternative here sends the same JSON values.
 */

/** json-escaping=ascii: every non-ASCII UTF-16 unit as \uXXXX and every / as \/ (both only occur inside strings). */
function asciiJson(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')).replace(/\//g, '\\/');
}

/** json-escaping and json-whitespace: the JSON text as sent (identity with the defaults). */
export function jsonText(app: App, text: string): string {
  let out = text;
  if (app.lat('json-whitespace') === 'indented') {
    try {
      out = JSON.stringify(JSON.parse(out), null, 2);
    } catch {
      // not JSON after all: sent as it is
    }
  }
  return app.lat('json-escaping') === 'ascii' ? asciiJson(out) : out;
}

/** content-type-charset=utf-8: the JSON Content-Type carries charset=UTF-8 (once). */
export function withCharset(app: App, contentType: string): string {
  if (app.lat('content-type-charset') !== 'utf-8' || /charset=/i.test(contentType)) return contentType;
  return `${contentType};charset=UTF-8`;
}

/** cache-headers: caching headers of a JSON response (`method` of the request, `body` as sent). */
export function cacheHeaders(app: App, method: string | undefined, status: number, body: string): Record<string, string> {
  const alt = app.lat('cache-headers');
  if (alt === 'no-store') return { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
  if (alt === 'etag' && status === 200 && (method === 'GET' || method === 'HEAD')) {
    return { ETag: `"${createHash('sha1').update(body).digest('hex')}"`, 'Cache-Control': 'no-cache' };
  }
  return {};
}

/** method-not-allowed: 405 with Allow, or 404 as for a path the server does not have. */
export function methodNotAllowed(app: App, method: string | undefined, path: string, allow: string[]): Reply {
  if (app.lat('method-not-allowed') === '404') return errorReply(app, 404, `no such resource: ${method} ${path}`);
  return errorReply(app, 405, `method ${method} not allowed`, undefined, { Allow: allow.join(', ') });
}

/** trailing-slash=not-found ("Paths are relative to {base_url}."): /api/events/ is not a path of the API. */
export function trailingSlashRefused(app: App, pathname: string): boolean {
  return pathname.length > 1 && pathname.endsWith('/') && app.lat('trailing-slash') === 'not-found';
}
