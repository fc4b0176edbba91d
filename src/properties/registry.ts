import { aclAddRemove } from './acl-add-remove.js';
import { aclPut } from './acl-put.js';
import { invalidQueries } from './invalid-queries.js';
import { invalidWrites } from './invalid-writes.js';
import { listFilter } from './list-filter.js';
import { listPages } from './list-pages.js';
import { metadataRoundtrip } from './metadata-roundtrip.js';
import { rruleOccurrences } from './rrule-occurrences.js';
import { scheduleConflicts } from './schedule-conflicts.js';
import type { AnyProperty } from './types.js';
import { listRows } from '../oracles/list-rows.js';
import { listInvariants } from '../oracles/list-invariants.js';
import { unknownEvent } from '../oracles/unknown-event.js';

/** Every property of the property stage (ARCHITECTURE.md § Stages), in run order. */
export const PROPERTIES: readonly AnyProperty[] = [
  metadataRoundtrip, aclPut, aclAddRemove, rruleOccurrences, scheduleConflicts, listFilter, listPages, invalidWrites, invalidQueries,
  // General oracles (src/oracles): judge every view of the case's events against the others.
  listRows, listInvariants, unknownEvent,
];
