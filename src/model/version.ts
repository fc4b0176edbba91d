/**
 * API versions described by the spec (specs/events-api.md § Versioning, 1.0.0-1.6.0) and its addendum
 * (specs/events-api-1.7-1.11.md § Versions covered, 1.7.0-1.11.0), oldest first. Data, not logic: ranges live in
 * specs/. Versions are compared by their place in this list (numerically: 1.10.0 > 1.9.0 > 1.2.0), never as text.
 */
export const API_VERSIONS = ['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0', '1.5.0', '1.6.0', '1.7.0', '1.8.0', '1.9.0', '1.10.0', '1.11.0'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
/**
 * The version evconf checks when none is given and the server does not list its versions (GET /api/version): the
 * newest of the spec itself. A server that lists its versions is run at those (src/core/discovery.ts).
 */
export const DEFAULT_API_VERSION: ApiVersion = '1.6.0';
/** The newest version evconf knows: the reference server's server version (addendum § Versions covered). */
export const NEWEST_API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1];

export function isApiVersion(v: string): v is ApiVersion {
  return (API_VERSIONS as readonly string[]).includes(v);
}

/** Numeric order of two version strings "X.Y.Z" (any, also ones evconf does not know): <0, 0 or >0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10));
  const pb = b.split('.').map((n) => Number.parseInt(n, 10));
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] || 0) - (pb[i] || 0);
    if (d !== 0) return d;
  }
  return 0;
}
