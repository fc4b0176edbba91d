/**
 * Test data: which spec shape and API version each Opencast fixture represents
 * (test/fixtures/opencast/SOURCES.md). Used by the schema tests only.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { PROJECT_ROOT } from '../spec/paths.js';
import { API_VERSIONS, type ApiVersion } from '../model/version.js';

export const FIXTURE_DIR = join(PROJECT_ROOT, 'test', 'fixtures', 'opencast') + sep;

export function fixtureFiles(): string[] {
  return readdirSync(FIXTURE_DIR).filter((f) => f.endsWith('.json')).sort();
}

/** Parsed fixture; `pointer` (RFC 6901) selects a part of it, e.g. an event's `acl` member. */
export function readFixture(file: string, pointer = ''): unknown {
  let value: unknown = JSON.parse(readFileSync(`${FIXTURE_DIR}${file}`, 'utf8'));
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    value = (value as Record<string, unknown>)[key];
    if (value === undefined) throw new Error(`${file}: nothing at ${pointer}`);
  }
  return value;
}

export const ALL: readonly ApiVersion[] = API_VERSIONS;
/** Versions with the 1.1.0 shapes (scheduling, conflicts, the seven new event members). */
export const FROM_1_1: readonly ApiVersion[] = API_VERSIONS.filter((v) => v !== '1.0.0');
/** Captured from stable.opencast.org: "v>=1.4.0 shape" (duration may be null). */
export const FROM_1_4: readonly ApiVersion[] = API_VERSIONS.filter((v) => API_VERSIONS.indexOf(v) >= API_VERSIONS.indexOf('1.4.0'));
/** Versions with the addendum's 1.7.0 members (specs/events-api-1.7-1.11.md § Media track, § Track inside a publication). */
export const FROM_1_7: readonly ApiVersion[] = API_VERSIONS.filter((v) => API_VERSIONS.indexOf(v) >= API_VERSIONS.indexOf('1.7.0'));

export interface FixtureCase {
  file: string;
  pointer?: string;
  shape: string;
  versions: readonly ApiVersion[];
  /** What the payload is (SOURCES.md). */
  about: string;
}

/** Fixtures (or parts of them) that conform to the spec's shape as they are. */
export const VALID_CASES: readonly FixtureCase[] = [
  { file: 'client-moodle-acl.json', shape: 'acl', versions: ALL, about: 'GET .../acl (Moodle)' },
  { file: 'client-moodle-event-list-withacl-withpublications.json', shape: 'event-list', versions: FROM_1_1, about: 'GET /api/events with acl/publications extras' },
  { file: 'client-moodle-event-list-withacl-withpublications.json', pointer: '/0/acl', shape: 'acl', versions: ALL, about: 'withacl member' },
  { file: 'client-moodle-event-list-withacl-withpublications.json', pointer: '/0/publications', shape: 'publication-list', versions: ALL, about: 'withpublications member: full objects' },
  { file: 'client-moodle-event-list-withacl-withpublications.json', pointer: '/0/publications/1', shape: 'publication', versions: ALL, about: 'full publication (attachments with ref, tracks with width/height)' },
  { file: 'client-moodle-event-single.json', shape: 'event', versions: FROM_1_1, about: 'GET /api/events/{id} (Moodle)' },
  { file: 'client-moodle-metadata-fields-by-type.json', shape: 'metadata-field-list', versions: ALL, about: 'GET .../metadata?type=dublincore/episode' },
  { file: 'client-phplib-acl.json', shape: 'acl', versions: ALL, about: 'GET .../acl' },
  { file: 'client-phplib-create-201.json', shape: 'create-201', versions: ALL, about: 'POST /api/events 201' },
  { file: 'client-phplib-publication-single-signed.json', shape: 'publication', versions: FROM_1_4, about: 'GET .../publications/{pid}?sign=true (size -1 is an integer)' },
  { file: 'client-phplib-publications-signed.json', shape: 'publication-list', versions: FROM_1_4, about: 'GET .../publications: full objects are summaries plus extras' },
  { file: 'client-phplib-publications-signed.json', pointer: '/0', shape: 'publication', versions: FROM_1_4, about: 'a full list element is also a valid single publication' },
  { file: 'doc-2.3-create-processing-part.json', shape: 'processing', versions: ['1.0.0'], about: '2.3 docs processing part' },
  { file: 'doc-2.3-event-list-legacy-names.json', shape: 'event-list', versions: ['1.0.0'], about: 'oldest variant: presenters/contributors/start_time' },
  { file: 'doc-2.3-event-single-legacy-names.json', shape: 'event', versions: ['1.0.0'], about: 'oldest variant, single' },
  { file: 'doc-acl-get-response.json', shape: 'acl', versions: ALL, about: 'GET .../acl 200' },
  { file: 'doc-acl-put-body.json', shape: 'acl-request', versions: ALL, about: 'PUT .../acl parameter acl' },
  { file: 'doc-conflicts-409.json', shape: 'conflict-list', versions: FROM_1_1, about: '409 body' },
  { file: 'doc-create-200-multiple-identifiers.json', shape: 'create-200', versions: FROM_1_1, about: 'POST /api/events 200 (rrule)' },
  { file: 'doc-create-201-identifier.json', shape: 'create-201', versions: ALL, about: 'POST /api/events 201' },
  { file: 'doc-create-acl-part-no-allow.json', shape: 'acl-request', versions: ALL, about: 'create part acl without allow' },
  { file: 'doc-create-metadata-part.json', shape: 'catalogs-request', versions: ALL, about: 'create part metadata' },
  { file: 'doc-create-processing-part.json', shape: 'processing', versions: ALL, about: 'create part processing' },
  { file: 'doc-metadata-catalogs-label-key.json', shape: 'catalog-list', versions: ALL, about: 'GET .../metadata (label key, collection)' },
  { file: 'doc-metadata-fields-by-type.json', shape: 'metadata-field-list', versions: ALL, about: 'GET .../metadata?type=' },
  { file: 'doc-metadata-put-values.json', shape: 'metadata-values', versions: ALL, about: 'PUT .../metadata parameter metadata' },
  { file: 'doc-publication-single.json', shape: 'publication', versions: ALL, about: 'single publication; 1.7.0 is_master_playlist/is_live are extras' },
  { file: 'doc-publications-list-short.json', shape: 'publication-list', versions: ALL, about: 'short list: id/channel/mediatype/url only' },
  { file: 'doc-scheduling-get-response.json', shape: 'scheduling', versions: FROM_1_1, about: 'GET .../scheduling 200' },
  { file: 'doc-scheduling-multiple-rrule.json', shape: 'scheduling-request', versions: FROM_1_1, about: 'scheduling part with rrule, end, duration' },
  { file: 'doc-scheduling-single.json', shape: 'scheduling-request', versions: FROM_1_1, about: 'scheduling part, one event (start + end)' },
  { file: 'doc-types-acl-example.json', shape: 'acl', versions: ALL, about: 'types.md acl' },
  { file: 'doc-types-fields-example.json', shape: 'metadata-field-list', versions: ALL, about: 'types.md fields' },
  { file: 'doc-types-values-example.json', shape: 'metadata-values', versions: ALL, about: 'types.md values' },
  { file: 'doc-update-metadata-part.json', shape: 'catalogs-request', versions: ALL, about: 'update part metadata' },
  { file: 'test-acl-empty.json', shape: 'acl-request', versions: ALL, about: 'PUT .../acl body, empty' },
  { file: 'test-acl-many.json', shape: 'acl-request', versions: ALL, about: 'PUT .../acl body' },
  { file: 'test-acl-one.json', shape: 'acl-request', versions: ALL, about: 'PUT .../acl body' },
  { file: 'test-internal-catalog-after-put-metadata.json', shape: 'metadata-field-list', versions: ALL, about: 'internal state, not an API response; field shape only' },
  { file: 'test-legacy-event-single-unused.json', shape: 'event', versions: ['1.0.0'], about: 'unused test resource, oldest variant' },
  { file: 'test-legacy-events-list-unused.json', shape: 'event-list', versions: ['1.0.0'], about: 'unused test resource, oldest variant' },
  {
    file: 'test-put-metadata-values-invalid.json',
    shape: 'metadata-values',
    versions: ALL,
    about: 'shape-valid: the server must reject it for a semantic reason (required title empty), not its shape',
  },
  { file: 'test-put-metadata-values-simple.json', shape: 'metadata-values', versions: ALL, about: 'PUT .../metadata body' },
  { file: 'test-put-metadata-values.json', shape: 'metadata-values', versions: ALL, about: 'PUT .../metadata body' },
  { file: 'test-scheduling-get-expected.json', shape: 'scheduling', versions: FROM_1_1, about: 'GET .../scheduling body' },
  { file: 'test-scheduling-put-body.json', shape: 'scheduling-request', versions: FROM_1_1, about: 'PUT .../scheduling parameter' },
  { file: 'test-update-event-metadata-part.json', shape: 'catalogs-request', versions: ALL, about: 'update part metadata' },
  // The addendum (specs/events-api-1.7-1.11.md): GET /media and the version endpoints.
  { file: 'client-phplib-media.json', shape: 'media-track-list', versions: ALL, about: 'GET .../media (PHP client library)' },
  { file: 'client-phplib-media.json', shape: 'media-track-members-1.7', versions: FROM_1_7, about: 'GET .../media tracks with the 1.7.0 members' },
  { file: 'doc-media-list.json', shape: 'media-track-list', versions: ALL, about: 'GET .../media 200' },
  { file: 'doc-media-list.json', shape: 'media-track-members-1.7', versions: FROM_1_7, about: 'GET .../media: has_video, has_audio, is_master_playlist, is_live' },
  { file: 'doc-publication-single.json', shape: 'publication-track-members-1.7', versions: FROM_1_7, about: 'single publication: is_master_playlist/is_live in tracks' },
  { file: 'doc-base-api-version.json', shape: 'version-list', versions: ALL, about: 'GET /api/version' },
  { file: 'doc-base-api-version-default.json', shape: 'version-default', versions: ALL, about: 'GET /api/version/default' },
];

