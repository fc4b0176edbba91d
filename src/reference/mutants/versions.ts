import { family } from './types.js';

/**
 * Planted bugs of the version endpoints and of comparing versions (addendum specs/events-api-1.7-1.11.md § GET
 * /api/version and GET /api/version/default, § Version information objects, § Versioning). Bug sites:
 * src/reference/router.ts (the version endpoints), src/reference/server.ts (Accept), src/reference/features.ts.
 */
export const VERSION_MUTANTS = family({
  'version-compare-as-text': {
    rule: 'publications.track.members',
    description: 'The features of the addendum are gated by comparing version strings as text: "1.10.0" >= "1.7.0" is false, so 1.10.0 and 1.11.0 lose the 1.7.0 members of publication (and media) tracks.',
    since: '1.10.0',
  },
  'version-list-without-v': {
    rule: 'versions.list.schema',
    description: 'GET /api/version writes the versions without the leading v ("1.9.0"). Addendum: "each written as \\"v\\" followed by the number".',
  },
  'version-list-descending': {
    rule: 'versions.list.ascending',
    description: 'GET /api/version lists the versions newest first. Addendum: "Ascending, starting at v1.0.0, no gaps."',
  },
  'version-default-oldest': {
    rule: 'versions.default.same',
    description: 'GET /api/version/default names v1.0.0 while GET /api/version names the server version as default. Addendum: "default | string | The server version, same notation" (both objects).',
  },
  'version-listed-1.8.0-refused': {
    rule: 'versions.listed.accepted',
    description: 'GET /api/version lists v1.8.0, but an Accept of application/v1.8.0+json answers 406 (a version table that forgot one entry). Addendum: "application/v1.X.0+json with 1.X.0 listed by the server | 1.X.0".',
    since: '1.8.0',
    until: '1.8.0',
  },
  'unlisted-version-served-default': {
    rule: 'versions.unlisted.refused',
    description: 'A server of 1.11.0 answers an Accept naming only a version it does not list (application/v1.12.0+json) in its default version, 200, as a lenient server would. Addendum § Accept and Content-Type: "a version the server does not list (for example application/v1.11.0+json on a 15.x server) | none | 406 before the endpoint runs". (Bug site: src/reference/latitude/wire.ts.)',
  },
  'v1.7.0-served-below-1.7.0': {
    rule: 'versions.newer.refused',
    description: 'A server of 1.6.0 (Opencast 10.x) answers an Accept of application/v1.7.0+json in its own version, 200. Addendum § What a server must not do below each threshold: "below 1.7.0 (Opencast 10.x and older) | List v1.7.0 in GET /api/version, or accept application/v1.7.0+json (406)". (Bug site: src/reference/latitude/wire.ts.)',
    selftest: { serverVersion: '1.6.0' },
  },
});
