import { family } from './types.js';

/** Mutants of the event endpoints (GET/POST /api/events, GET/DELETE /api/events/{id}). */
export const EVENT_MUTANTS = family({
  'list-status-201': { rule: 'events.list.status', description: 'GET /api/events answers 201 instead of 200.' },
  'list-wrapped-object': {
    rule: 'events.list.array',
    description: 'GET /api/events wraps the array: {"events":[...]}.',
  },
  'list-drops-created': {
    rule: 'events.list.schema',
    description: 'List items lack the member `created` (the single GET is unaffected).',
  },
  'list-limit-off-by-one': { rule: 'events.list.limit', description: 'The list returns limit+1 items.' },
  'list-offset-page-always': {
    rule: 'events.list.offset-index',
    description: 'offset is treated as a page index (skip offset*limit) also in 1.1.0+.',
    since: '1.1.0',
  },
  'list-offset-index-always': {
    rule: 'events.list.offset-page',
    description: 'offset is treated as an item index also in 1.0.0.',
    until: '1.0.0',
  },
  'create-status-200': { rule: 'events.create.status', description: 'POST /api/events answers 200 instead of 201.' },
  'create-location-wrong': {
    rule: 'events.create.location',
    description: 'The Location header points at /api/event/<id> (singular).',
  },
  'create-id-member': {
    rule: 'events.create.identifier',
    description: 'The creation body is {"id": ...} instead of {"identifier": ...}.',
  },
  'get-status-201': { rule: 'events.get.status', description: 'The single GET answers 201 (with the event body).' },
  'get-legacy-names': {
    rule: 'events.get.schema',
    description: 'The single GET uses the 1.0.0 names presenters/contributors/start_time in 1.1.0+.',
    since: '1.1.0',
  },
  'get-unknown-200': { rule: 'events.get.404', description: 'GET of an unknown id answers 200 with {}.' },
  'delete-status-200': {
    rule: 'events.delete.204',
    description: 'DELETE answers 200 instead of 204.',
    until: '1.5.0',
  },
  'delete-status-200-new': {
    rule: 'events.delete.accepted',
    description: 'DELETE answers 200 instead of 202/204 (1.6.0).',
    since: '1.6.0',
  },
  'delete-keeps-event': { rule: 'events.delete.gone', description: 'DELETE answers 204 but the event stays.' },
  'delete-unknown-204': { rule: 'events.delete.404', description: 'DELETE of an unknown id answers 204.' },
});
