import { API_VERSIONS, type ApiVersion } from '../model/version.js';
import type { Ctx } from './app.js';

/**
 * What the addendum (specs/events-api-1.7-1.11.md) adds per version, as data. Two kinds:
 * - requested version (§ Changes per version): depends on the version the request's Accept selects;
 * - server release (§ Changes tied to an Opencast release): depends on the server version alone, whatever a request asks.
 */
export const SINCE_REQUESTED = {
  /** § Media track: has_video, has_audio, is_master_playlist, is_live "always from 1.7.0; absent below". */
  'media-track-members': '1.7.0',
  /** § Track inside a publication: is_master_playlist, is_live "1.7.0 and above; absent below". */
  'publication-track-members': '1.7.0',
  /** § Publications, signing rule 2: "From 1.7.0, the url of the publication itself is signed too." */
  'sign-publication-url': '1.7.0',
  /** § GET /api/events (addition in 1.11.0): includeInternalPublication; the single-publication GET finds it. */
  'internal-publication': '1.11.0',
} as const satisfies Record<string, ApiVersion>;

export const SINCE_SERVER = {
  /** § POST /api/events/{event_id}/track: "server release: Opencast 13.0 and later, server version 1.9.0 and above". */
  track: '1.9.0',
  /** § POST /track rules 4 and 5: the tags part and the lang: rule (16.0, server version 1.11.0). */
  'track-tags': '1.11.0',
} as const satisfies Record<string, ApiVersion>;

/**
 * Rules of the addendum tied to the server version that are not features: from this server version on they hold.
 * unlisted-version-refused: § Accept and Content-Type, "a version the server does not list (for example
 * application/v1.11.0+json on a 15.x server) | none | 406 before the endpoint runs" (servers the addendum describes,
 * 1.7.0 and above; below, events-api.md: "How a client selects the version ...: not shown").
 */
export const SINCE_SERVER_RULE = {
  'unlisted-version-refused': '1.7.0',
} as const satisfies Record<string, ApiVersion>;

/**
 * `v` is `min` or newer. Numeric (by place in API_VERSIONS); the planted bug version-compare-as-text compares the
 * strings instead, as a server comparing "1.10.0" >= "1.7.0" character by character would (false).
 */
function reached(ctx: Ctx, v: ApiVersion, min: ApiVersion): boolean {
  if (ctx.app.bug('version-compare-as-text')) return v >= min;
  return API_VERSIONS.indexOf(v) >= API_VERSIONS.indexOf(min);
}

/** Whether the request's version has a feature of the addendum that depends on the requested version. */
export function hasFeature(ctx: Ctx, f: keyof typeof SINCE_REQUESTED): boolean {
  return reached(ctx, ctx.version, SINCE_REQUESTED[f]);
}

/** Whether this server's release has a feature tied to the server version. */
export function serverHas(ctx: Ctx, f: keyof typeof SINCE_SERVER): boolean {
  return reached(ctx, ctx.app.serverVersion, SINCE_SERVER[f]);
}

/** The same question without a request (serializers of list items): always numeric. */
export function versionHas(v: ApiVersion, f: keyof typeof SINCE_REQUESTED): boolean {
  return API_VERSIONS.indexOf(v) >= API_VERSIONS.indexOf(SINCE_REQUESTED[f]);
}
