import { API_VERSIONS, NEWEST_API_VERSION, isApiVersion, type ApiVersion } from '../model/version.js';

/** True when `v` is `min` or newer (numeric: by place in API_VERSIONS, so 1.10.0 is newer than 1.9.0). */
export function atLeast(v: ApiVersion, min: ApiVersion): boolean {
  return API_VERSIONS.indexOf(v) >= API_VERSIONS.indexOf(min);
}

/** The versions a server whose server version is `serverVersion` lists (addendum § Versions covered: from v1.0.0, no gaps). */
export function servedVersions(serverVersion: ApiVersion = NEWEST_API_VERSION): ApiVersion[] {
  return API_VERSIONS.filter((v) => atLeast(serverVersion, v));
}

/**
 * The API version of a request (addendum § Versioning, "Accept and Content-Type"): a pinned version wins; no Accept, or
 * application/json, application/* or *\/* anywhere → the server version; else the highest served version named anywhere
 * in the header ("The server checks from the newest version downwards and ignores order and q-values"); an Accept
 * naming only versions this server does not serve → undefined (406).
 */
export function negotiateVersion(accept: string | undefined, pinned?: ApiVersion, serverVersion: ApiVersion = NEWEST_API_VERSION): ApiVersion | undefined {
  if (pinned) return pinned;
  if (accept === undefined || accept.trim() === '') return serverVersion;
  const lower = accept.toLowerCase();
  if (/(^|[\s,])(application\/json|application\/\*|\*\/\*)(\s*[;,]|\s*$)/.test(lower)) return serverVersion;
  const re = /application\/v(\d+\.\d+\.\d+)\+json/g;
  let sawVersioned = false;
  let best: ApiVersion | undefined;
  for (let m = re.exec(lower); m; m = re.exec(lower)) {
    sawVersioned = true;
    const v = m[1];
    if (isApiVersion(v) && atLeast(serverVersion, v) && (best === undefined || atLeast(v, best))) best = v;
  }
  if (best) return best;
  return sawVersioned ? undefined : serverVersion;
}

/** Every version an Accept header names as application/vX.Y.Z+json, as written (known to evconf or not). */
export function namedVersions(accept: string | undefined): string[] {
  return [...(accept ?? '').toLowerCase().matchAll(/application\/v(\d+\.\d+\.\d+)\+json/g)].map((m) => m[1]);
}

export function contentTypeOf(v: ApiVersion): string {
  return `application/v${v}+json`;
}
