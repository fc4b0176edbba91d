import type { App, Reply } from '../app.js';
import { isApiVersion, type ApiVersion } from '../../model/version.js';
import { SINCE_SERVER_RULE } from '../features.js';
import { atLeast, contentTypeOf, namedVersions } from '../version.js';

/** Latitude choices of the wire format: error bodies, JSON Content-Type, datetimes, auth failures. */

/**
 * error-body ("Error response body format and error codes: not shown."): JSON {"error"}, text/plain or no body.
 * A 409 keeps its JSON array of conflict entries (spec § Errors: "The body is an array of conflict entries").
 */
export function errorReply(app: App, status: number, message: string, body?: unknown, headers?: Record<string, string>): Reply {
  const alt = app.lat('error-body');
  if (body !== undefined || alt === 'json') return { status, json: JSON.stringify(body ?? { error: message }), headers };
  if (alt === 'text') return { status, text: message, headers };
  return { status, headers };
}

/** json-content-type ("Responses carry JSON."): application/vX.Y.Z+json or application/json. */
export function jsonContentType(app: App, version: ApiVersion): string {
  return app.lat('json-content-type') === 'plain' ? 'application/json;charset=UTF-8' : contentTypeOf(version);
}

const DATETIME = /"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{3})?Z"/g;

/**
 * datetime-format: rewrites the `YYYY-MM-DDTHH:MM:SS[.sss]Z` strings of a JSON answer (identity for `seconds`);
 * datetime-precision=millis-always: a datetime without a fraction shows `.000`.
 */
export function datetimes(app: App, text: string): string {
  const alt = app.lat('datetime-format');
  const always = app.lat('datetime-precision') === 'millis-always';
  if (alt === 'seconds' && !always) return text;
  return text.replace(DATETIME, (_m, s: string, frac: string | undefined) => {
    const f = frac ?? (always || alt === 'millis' ? '.000' : '');
    return alt === 'utc-offset' ? `"${s}${f}+00:00"` : `"${s}${f}Z"`;
  });
}

/** auth-failure ("How a caller authenticates ...: not shown."): 401 with a challenge, or 403. */
export function authFailure(app: App): Reply {
  return app.lat('auth-failure') === '403'
    ? errorReply(app, 403, 'authentication required')
    : errorReply(app, 401, 'authentication required', undefined, { 'WWW-Authenticate': 'Basic realm="evconf"' });
}

/**
 * unsupported-version ("How a client selects the version ...: not shown."): an Accept that names only versions
 * this server lacks gets 406 (undefined), or the default version. The room is only where the spec leaves it
 * (SINCE_SERVER_RULE, src/reference/features.ts): a server of 1.7.0 and above answers every such Accept 406 (addendum §
 * Accept and Content-Type: "a version the server does not list | none | 406 before the endpoint runs"), and an older
 * one an Accept naming a version the addendum describes (§ What a server must not do: "below 1.7.0 | ... accept
 * application/v1.7.0+json (406)"). What is left: a server below 1.7.0, an Accept naming versions neither spec knows.
 * Planted bugs: unlisted-version-served-default, v1.7.0-served-below-1.7.0.
 */
export function unsupportedVersion(app: App, accept: string | undefined): ApiVersion | undefined {
  if (app.bug('unlisted-version-served-default')) return app.serverVersion;
  const named = namedVersions(accept);
  if (app.bug('v1.7.0-served-below-1.7.0') && named.includes('1.7.0')) return app.serverVersion;
  if (app.lat('unsupported-version') !== 'default') return undefined;
  if (atLeast(app.serverVersion, SINCE_SERVER_RULE['unlisted-version-refused'])) return undefined;
  return named.some(isApiVersion) ? undefined : app.serverVersion;
}
