/** fast-check arbitraries (ARCHITECTURE.md § Stages): pure, seeded, no I/O, no clock, one per file. */
export { unicodeText, wireText, WIRE_PIECES, type UnicodeTextConstraints } from './unicode-text.js';
export { episodeCatalog, EPISODE_FIELD_IDS, type EpisodeCatalog, type EpisodeCatalogConstraints, type EpisodeFieldId } from './episode-catalog.js';
export { aclEntry, type AclEntry, type AclEntryConstraints } from './acl-entry.js';
export { accessControlList, type AccessControlListConstraints } from './access-control-list.js';
export { processingInstructions, type ProcessingInstructions, type ProcessingInstructionsConstraints } from './processing-instructions.js';
export { singleSchedule, type SingleSchedule, type SingleScheduleConstraints, type AgentTimeConstraints } from './single-schedule.js';
export { recurringSchedule, expectedOccurrences, type RecurringSchedule, type RecurringRequest, type RecurringScheduleConstraints } from './recurring-schedule.js';
export { scheduleOverlap, type ScheduleOverlap, type ScheduleOverlapConstraints, type Span } from './schedule-overlap.js';
export { filterExpression, renderFilter, type FilterExpression, type FilterExpressionConstraints, type FilterRef, type FilterTerm } from './filter-expression.js';
export { FILTERS, filterNamesFor, filterSpec, SORT_NAMES, type FilterSpec, type SortName } from './filter-names.js';
export { sortExpression, renderSort, type SortKey, type SortExpressionConstraints } from './sort-expression.js';
export { pagination, pageOffset, type Pagination, type PaginationConstraints } from './pagination.js';
export { badJson, type BadJsonConstraints } from './bad-json.js';
export { invalidInput, INVALID_KINDS, type InvalidInput, type InvalidKind, type InvalidInputConstraints } from './invalid-input.js';
export { filterableEvents, type FilterableEvent, type FilterableEventsConstraints } from './filterable-events.js';
export { sortableEvents, TOTAL_SORTS, type SortableEvent, type SortableEventsConstraints } from './sortable-events.js';
