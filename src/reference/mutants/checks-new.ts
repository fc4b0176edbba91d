import { family } from './types.js';

/**
 * Mutants that the checks strengthened for issue 11 (items 1 and 3-6) catch and that passed the checks before:
 * wrong sort keys and criteria, both member-name sets, ?type ignored, an empty publication_status, a Location that
 * names another event. Each is a reading of the spec a server could plausibly get wrong, not a copy of what a check
 * looks at (suites/DISCRIMINATING-DATA.md).
 * (/publications answering 500 for an unpublished event is spec-publications-unpublished-500 in spec-publications.ts.)
 */
export const CHECKS_NEW_MUTANTS = family({
  'sort-end-date-by-start': {
    rule: 'events.list.sort.end_date',
    description: 'sort=end_date orders by the start (right for events of equal duration only).',
    since: '1.1.0',
  },
  'sort-end-date-ignored': {
    rule: 'events.list.sort.end_date',
    description: 'sort=end_date is accepted but not applied: the list keeps its default order.',
  },
  'sort-workflow-state-by-title': {
    rule: 'events.list.sort.workflow_state',
    description: 'sort=workflow_state orders by title.',
    since: '1.1.0',
  },
  'sort-last-criterion-only': {
    rule: 'events.list.sort.multiple',
    description: 'Of several sort criteria only the last is applied.',
  },
  'get-both-member-names': {
    rule: 'events.get.schema',
    description: 'The single GET carries both name sets: presenter and presenters, contributor and contributors, start and start_time.',
  },
  'list-both-member-names': {
    rule: 'events.list.schema',
    description: 'The events of the list carry both name sets: presenter and presenters, contributor and contributors, start and start_time.',
  },
  'metadata-get-type-ignored': {
    rule: 'metadata.get-type.values',
    description: 'GET /metadata?type=<flavor> ignores type and answers the fields of dublincore/episode.',
  },
  'publication-status-empty': {
    rule: 'events.get.publication-status',
    description: 'publication_status stays [] after the event is published.',
  },
  'create-location-other-event': {
    rule: 'events.create.location',
    description: 'POST /api/events answers a body without identifier and a Location naming an event that does not exist.',
  },
});
