/**
 * Test data: real or documented Opencast payloads that break the spec, with the exact violations the schemas must
 * report. The schemas follow the spec; these cases prove they are not loosened to fit the real server
 * (docs/opencast-notes.md §"Things in the seed that real Opencast does differently", cited as §Things… N).
 */
import type { ApiVersion } from '../model/version.js';
import type { SchemaViolation } from './violations.js';
import { FROM_1_1, FROM_1_4, ALL } from './opencast-fixtures.js';

export interface Deviation {
  /** The test title after "deviation: ". */
  name: string;
  file: string;
  shape: string;
  versions: readonly ApiVersion[];
  violations: SchemaViolation[];
}

const missing = (path: string, ...members: string[]): SchemaViolation[] =>
  members.map((m) => ({ path, keyword: 'required', message: `must have required property '${m}'` }));

const nullDuration = (path: string): SchemaViolation => ({
  path,
  keyword: 'type',
  message: 'must be string or number (found null)',
});

/** spec § Event: the oldest variant's members are "named presenters, contributors and start_time, not presenter, contributor and start". */
const refused = (path: string, ...members: string[]): SchemaViolation[] =>
  members.map((m) => ({
    path: `${path}/${m}`,
    keyword: 'not',
    message: `must NOT be valid: expected no member ${m}: the oldest variant names it presenters / contributors / start_time, not presenter, contributor and start`,
  }));
const CURRENT_NAMES = ['presenter', 'contributor', 'start'];

const NEW_IN_1_1 = ['language', 'rightsholder', 'license', 'is_part_of', 'series', 'source', 'status'];
const OLDEST_NAMES = ['presenters', 'start_time', 'contributors'];
const noLabel = 'real catalogs are named by "title", not "label" (docs/opencast-notes.md §Things… 2)';

export const DEVIATIONS: readonly Deviation[] = [
  {
    name: 'real duration is null when unknown, the spec allows string or number only (docs/opencast-notes.md §Things… 14)',
    file: 'client-phplib-event-list.json',
    shape: 'event-list',
    versions: FROM_1_4,
    violations: [nullDuration('/0/duration')],
  },
  {
    name: 'real duration is null in a single event too (docs/opencast-notes.md §Things… 14)',
    file: 'client-phplib-event-single.json',
    shape: 'event',
    versions: FROM_1_4,
    violations: [nullDuration('/duration')],
  },
  {
    name: `${noLabel}: GET .../metadata captured from stable.opencast.org`,
    file: 'client-phplib-metadata-catalogs.json',
    shape: 'catalog-list',
    versions: ALL,
    violations: missing('/0', 'label'),
  },
  { name: `${noLabel}: types.md catalog example`, file: 'doc-types-catalog-example.json', shape: 'catalog', versions: ALL, violations: missing('', 'label') },
  { name: `${noLabel}: types.md catalogs example`, file: 'doc-types-catalogs-example.json', shape: 'catalog-list', versions: ALL, violations: missing('/0', 'label') },
  {
    name: `${noLabel}: the implementation's own expected GET .../metadata`,
    file: 'test-get-metadata-catalogs-expected.json',
    shape: 'catalog-list',
    versions: ALL,
    violations: missing('/0', 'label'),
  },
  {
    name: `${noLabel}: internal catalog state after an update (not an API response; shape only)`,
    file: 'test-internal-catalog-after-post-update.json',
    shape: 'catalog-list',
    versions: ALL,
    violations: missing('/0', 'label'),
  },
  {
    name: 'the current docs\' event list has only the 1.0.0 member set, so it lacks the seven 1.1.0 members',
    file: 'doc-event-list-example.json',
    shape: 'event-list',
    versions: FROM_1_1,
    violations: [...missing('/0', ...NEW_IN_1_1), ...missing('/1', ...NEW_IN_1_1)],
  },
  {
    name: 'the current docs\' event list uses presenter/contributor/start, not the oldest names of 1.0.0 (docs/opencast-notes.md §Things… 1)',
    file: 'doc-event-list-example.json',
    shape: 'event-list',
    versions: ['1.0.0'],
    violations: [...missing('/0', ...OLDEST_NAMES), ...missing('/1', ...OLDEST_NAMES), ...refused('/0', ...CURRENT_NAMES), ...refused('/1', ...CURRENT_NAMES)],
  },
  {
    name: 'the current docs\' single event lacks the seven 1.1.0 members',
    file: 'doc-event-single-example.json',
    shape: 'event',
    versions: FROM_1_1,
    violations: missing('', ...NEW_IN_1_1),
  },
  {
    name: 'the current docs\' single event uses presenter/contributor/start, not the oldest names of 1.0.0 (docs/opencast-notes.md §Things… 1)',
    file: 'doc-event-single-example.json',
    shape: 'event',
    versions: ['1.0.0'],
    violations: [...missing('', ...OLDEST_NAMES), ...refused('', ...CURRENT_NAMES)],
  },
  {
    name: 'an unused implementation test resource lists publications with id and url only, no channel or mediatype',
    file: 'test-legacy-publications-two-unused.json',
    shape: 'publication-list',
    versions: ALL,
    violations: [...missing('/0', 'channel', 'mediatype'), ...missing('/1', 'channel', 'mediatype')],
  },
];

export const DEVIATION_FILES: readonly string[] = [...new Set(DEVIATIONS.map((d) => d.file))];
