import { API_VERSIONS, DEFAULT_API_VERSION, isApiVersion, type ApiVersion } from '../model/version.js';

/** True when `v` is `min` or newer. */
export function atLeast(v: ApiVersion, min: ApiVersion): boolean {
  return API_VERSIONS.indexOf(v) >= API_VERSIONS.indexOf(min);
}

/**
 * The API version of a request (ARCHITECTURE.md § The reference server; spec § Versioning leaves selection "not shown"):
 * a pinned version wins; else `application/vX.Y.Z+json` in Accept; an Accept asking only for versions
 * this server does not serve → undefined (406); no Accept, application/json, application/* or *\/* → newest.
 */
export function negotiateVersion(accept: string | undefined, pinned?: ApiVersion): ApiVersion | undefined {
  if (pinned) return pinned;
  if (accept === undefined || accept.trim() === '') return DEFAULT_API_VERSION;
  const lower = accept.toLowerCase();
  const re = /application\/v(\d+\.\d+\.\d+)\+json/g;
  let sawVersioned = false;
  for (let m = re.exec(lower); m; m = re.exec(lower)) {
    sawVersioned = true;
    if (isApiVersion(m[1])) return m[1];
  }
  if (!sawVersioned) return DEFAULT_API_VERSION;
  const wildcard = /(^|[\s,])(application\/json|application\/\*|\*\/\*)(\s*[;,]|\s*$)/.test(lower);
  return wildcard ? DEFAULT_API_VERSION : undefined;
}

export function contentTypeOf(v: ApiVersion): string {
  return `application/v${v}+json`;
}
