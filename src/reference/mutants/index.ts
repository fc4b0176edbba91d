import { FORMER_NAMES } from './former-names.js';
import { EVENT_MUTANTS, SPEC_EVENT_MUTANTS, CREATE_LOCATION_MUTANTS } from './events.js';
import { HOSTILE_MUTANTS } from './hostile.js';
import { LIST_MUTANTS } from './list.js';
import { ACL_MUTANTS, SPEC_ACL_MUTANTS, ACL_ENTRY_MUTANTS, ACL_ROLE_MUTANTS, EXACT_IDENTITY_MUTANTS } from './acl.js';
import { METADATA_MUTANTS, SPEC_METADATA_MUTANTS, METADATA_WRITE_MUTANTS, METADATA_CATALOG_MUTANTS, UNKNOWN_EVENT_404_MUTANTS, START_PARTS_MUTANTS, UNKNOWN_FIRST_MUTANTS } from './metadata.js';
import { SCHEDULING_MUTANTS, SPEC_SCHEDULING_MUTANTS, SCHEDULE_CREATE_MUTANTS, SCHEDULING_ENDPOINT_MUTANTS, WRITTEN_IN_PART_MUTANTS } from './scheduling.js';
import { LOAD_MUTANTS } from './load.js';
import { SORT_MUTANTS, SPEC_SORT_MUTANTS, SORT_END_DATE_MUTANTS } from './sort.js';
import { GENERATED_MUTANTS } from './generated.js';
import { PUBLICATION_VERSION_MUTANTS, PUBLICATION_MUTANTS, SPEC_PUBLICATION_MUTANTS, PUBLICATION_GET_MUTANTS, TRACK_MEMBER_MUTANTS, SINGLE_ONLY_MEMBER_MUTANTS, PUBLICATION_LIST_MEMBER_MUTANTS } from './publications.js';
import { AUTH_MUTANTS } from './auth.js';
import { SPEC_FILTER_MUTANTS, FILTER_SORT_MUTANTS, LIST_QUERY_MUTANTS, MULTI_VALUE_FILTER_MUTANTS, IDENTIFIER_FILTER_MUTANTS, CONTRIBUTOR_FILTER_MUTANTS } from './list-filter.js';
import { SPEC_PAGING_MUTANTS, PAGING_FLAG_MUTANTS, MACHINE_NUMBER_MUTANTS, OFFSET_NUMBER_MUTANTS } from './list-paging.js';
import { VERSION_FEATURE_MUTANTS, RESPONSE_SHAPE_MUTANTS, WITH_FLAG_MUTANTS, PROCESSING_STATE_MUTANTS, VERSION_MEMBER_MUTANTS, DERIVED_VIEW_MUTANTS, MIXED_LIST_MUTANTS, STATE_SHAPE_MUTANTS, PREVIEW_STATE_MUTANTS, TECHNICAL_START_MUTANTS, MIXED_SCHEDULING_MUTANTS } from './event-body.js';
import { EVENT_WRITE_MUTANTS, EVENT_CREATE_MUTANTS, EVENT_DELETE_MUTANTS, EVENT_UPDATE_MUTANTS, RECURRING_SERIES_MUTANTS, STAND_IN_MUTANTS, OCCURRENCE_DELETE_MUTANTS, DISTINCT_VALUE_MUTANTS } from './event-write.js';
import { OPENCAST_MUTANTS } from './opencast.js';
import { DATA_SEQUENCE_MUTANTS } from './data-sequence.js';
import { LIST_VIEW_MUTANTS } from './list-views.js';
import { UNKNOWN_EVENT_MUTANTS } from './unknown-event.js';
import { PRECISION_MUTANTS } from './precision.js';
import { LIST_ROW_MUTANTS } from './list-rows.js';
import { SECOND_CATALOG_MUTANTS } from './second-catalog.js';
import { PARTIAL_WRITE_MUTANTS } from './partial-writes.js';
import { TEXT_ON_THE_WIRE_MUTANTS } from './text-on-the-wire.js';
import { RECURRENCE_EDGE_MUTANTS } from './recurrence-edges.js';
import { ERROR_PATH_MUTANTS } from './error-paths.js';
import { MEDIA_MUTANTS } from './media.js';
import { INTERNAL_PUBLICATION_MUTANTS } from './internal-publication.js';
import { VERSION_MUTANTS } from './versions.js';
import { TRACK_MUTANTS } from './track.js';
import { STATEFUL_VIEW_MUTANTS } from './stateful-views.js';
import type { MutantDef } from './types.js';
import type { BugFn } from '../bug.js';

/** One mutant per section of the spec, across every family (deviation proofs: deviations/section-rules.test.ts). */
export const SECTION_RULE_MUTANTS = {
  ...FILTER_SORT_MUTANTS, ...PAGING_FLAG_MUTANTS, ...VERSION_FEATURE_MUTANTS, ...EVENT_WRITE_MUTANTS, ...SCHEDULE_CREATE_MUTANTS,
  ...ACL_ENTRY_MUTANTS, ...METADATA_WRITE_MUTANTS, ...PUBLICATION_GET_MUTANTS, ...RESPONSE_SHAPE_MUTANTS,
};

/** The event lifecycle (create, update, delete, processing state, publications, scheduling, with* flags), one object. */
export const EVENT_LIFECYCLE_MUTANTS = {
  ...TRACK_MEMBER_MUTANTS, ...PROCESSING_STATE_MUTANTS, ...EVENT_CREATE_MUTANTS, ...EVENT_UPDATE_MUTANTS,
  ...EVENT_DELETE_MUTANTS, ...SCHEDULING_ENDPOINT_MUTANTS, ...WITH_FLAG_MUTANTS,
};

/** What is read back after writes (lists, version members, ACL, metadata), spread into one object. */
export const READ_BACK_MUTANTS = { ...LIST_QUERY_MUTANTS, ...VERSION_MEMBER_MUTANTS, ...ACL_ROLE_MUTANTS, ...METADATA_CATALOG_MUTANTS };

/** Data that discriminates one reading from another (numbers, shapes, identities, parts), one object (bug sites: sites.ts). */
export const DISCRIMINATING_DATA_MUTANTS = {
  ...MACHINE_NUMBER_MUTANTS, ...STATE_SHAPE_MUTANTS, ...WRITTEN_IN_PART_MUTANTS, ...EXACT_IDENTITY_MUTANTS,
  ...SINGLE_ONLY_MEMBER_MUTANTS, ...MULTI_VALUE_FILTER_MUTANTS, ...DERIVED_VIEW_MUTANTS, ...RECURRING_SERIES_MUTANTS,
  ...MIXED_LIST_MUTANTS, ...STAND_IN_MUTANTS, ...UNKNOWN_EVENT_404_MUTANTS,
};

/**
 * One mutant per blind-spot class of suites/DISCRIMINATING-DATA.md, proving that the class's data and checks catch it,
 * spread into one object.
 */
export const BLIND_SPOT_MUTANTS = { ...OFFSET_NUMBER_MUTANTS, ...PREVIEW_STATE_MUTANTS, ...START_PARTS_MUTANTS, ...IDENTIFIER_FILTER_MUTANTS, ...PUBLICATION_LIST_MEMBER_MUTANTS, ...CONTRIBUTOR_FILTER_MUTANTS, ...TECHNICAL_START_MUTANTS, ...OCCURRENCE_DELETE_MUTANTS, ...MIXED_SCHEDULING_MUTANTS, ...DISTINCT_VALUE_MUTANTS, ...UNKNOWN_FIRST_MUTANTS };

export { STATEFUL_VIEW_MUTANTS, DATA_SEQUENCE_MUTANTS, PRECISION_MUTANTS, LIST_ROW_MUTANTS, SECOND_CATALOG_MUTANTS, PARTIAL_WRITE_MUTANTS, TEXT_ON_THE_WIRE_MUTANTS, RECURRENCE_EDGE_MUTANTS, ERROR_PATH_MUTANTS };

export type { MutantDef, MutantSpec, Handler } from './types.js';

/**
 * Every mutant, by name. Add a family by spreading its object here. The files are named for the rules' families
 * (acl, metadata, scheduling, publications, list-filter, list-paging, event-body, event-write, …); a round's families
 * live in those files and keep their round's names and order here. A round's file moved whole into the family it
 * mostly belongs to, so a few of its mutants break a neighbouring family's rule.
 */
const ALL = { ...HOSTILE_MUTANTS, ...EVENT_MUTANTS, ...LIST_MUTANTS, ...ACL_MUTANTS, ...METADATA_MUTANTS, ...SCHEDULING_MUTANTS, ...LOAD_MUTANTS, ...SORT_MUTANTS, ...GENERATED_MUTANTS, ...PUBLICATION_MUTANTS, ...AUTH_MUTANTS,
  // Written from the spec alone, by authors who never saw the checks.
  ...SPEC_SORT_MUTANTS, ...SPEC_FILTER_MUTANTS, ...SPEC_PAGING_MUTANTS, ...SPEC_EVENT_MUTANTS, ...SPEC_ACL_MUTANTS,
  ...SPEC_METADATA_MUTANTS, ...SPEC_PUBLICATION_MUTANTS, ...SPEC_SCHEDULING_MUTANTS,
  // Caught by strengthened checks: the sort's reported end, the Location of a create.
  ...SORT_END_DATE_MUTANTS, ...CREATE_LOCATION_MUTANTS,
  ...SECTION_RULE_MUTANTS,
  ...EVENT_LIFECYCLE_MUTANTS, ...READ_BACK_MUTANTS,
  // One mutant per blind-spot class (suites/DISCRIMINATING-DATA.md).
  ...BLIND_SPOT_MUTANTS,
  ...DISCRIMINATING_DATA_MUTANTS,
  // Bugs that show only with particular data, sequences or versions (definitions and bug sites: data-sequence.ts).
  ...DATA_SEQUENCE_MUTANTS,
  // Lists that disagree with their events or with the same list asked another way: the proof that the general
  // oracles of src/oracles can fail (definitions and bug sites: list-views.ts).
  ...LIST_VIEW_MUTANTS,
  // An unknown event on an error path a flag changes (definitions and bug sites: unknown-event.ts).
  ...UNKNOWN_EVENT_MUTANTS,
  // Written from the spec alone, one file per class (each file: its definitions and bug sites): precision and rounding,
  // list rows, second catalogs, partial writes, text on the wire, RFC 5545 edges, error paths that a flag changes.
  ...PRECISION_MUTANTS, ...LIST_ROW_MUTANTS, ...SECOND_CATALOG_MUTANTS, ...PARTIAL_WRITE_MUTANTS, ...TEXT_ON_THE_WIRE_MUTANTS,
  ...RECURRENCE_EDGE_MUTANTS, ...ERROR_PATH_MUTANTS,
  // Documented deviations of real Opencast: src/reference/mutants/opencast.ts; the Opencast mode turns them on together.
  ...OPENCAST_MUTANTS,
  // The addendum for 1.7.0-1.11.0 (specs/events-api-1.7-1.11.md): GET /media, the version endpoints, the 1.7.0 track members.
  ...MEDIA_MUTANTS, ...TRACK_MUTANTS, ...VERSION_MUTANTS, ...PUBLICATION_VERSION_MUTANTS,
  ...INTERNAL_PUBLICATION_MUTANTS,
  // Views of an event that go wrong only after a particular sequence of writes: the proof that the stateful stage's
  // model judges every view (definitions and bug sites: stateful-views.ts).
  ...STATEFUL_VIEW_MUTANTS };

/** Names of all mutants (a literal union; names.test.ts checks the names the patches ask bug() for). */
export type MutantName = keyof typeof ALL;

export const MUTANTS: Readonly<Record<string, MutantDef>> = ALL;

export function isMutantName(name: string): name is MutantName {
  return Object.prototype.hasOwnProperty.call(ALL, name);
}

/** The current name of a mutant given by its name or by a former one (./former-names.ts); other strings unchanged. */
export function resolveMutantName(name: string): string {
  return !isMutantName(name) && Object.prototype.hasOwnProperty.call(FORMER_NAMES, name) ? FORMER_NAMES[name] : name;
}

/** Asks whether the planted bug `name` is switched on in this server (declared in ../bug.ts). */
export type { BugFn };

/** The bug() helper of one server; throws a clear Error for an unknown mutant name. */
export function makeBug(mutant: string | undefined, switches: readonly string[] = []): BugFn {
  const on = [...switches, ...(mutant === undefined || mutant === '' ? [] : [mutant])].map(resolveMutantName);
  for (const name of on) {
    if (!isMutantName(name)) throw new Error(`Unknown mutant "${name}". Known mutants: ${Object.keys(ALL).sort().join(', ')}`);
  }
  if (on.length === 0) return () => false;
  if (on.length === 1) return (name) => name === on[0];
  const set = new Set<string>(on);
  return (name) => set.has(name);
}
