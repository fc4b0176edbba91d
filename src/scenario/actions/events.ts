/** Names of the actions of the events family (implemented in src/engine/actions/events.ts). */
export const ACTIONS_EVENTS: readonly string[] = [
  /** POST /api/events/{id} with the parts built from `with` (id, fields, catalogs, acl, scheduling, parts; waitMs: wait first); spec § POST /api/events/{event_id}. */
  'update-event',
  /** POST /api/events whose metadata part is not JSON, with the run's events counted before and after (events.create.400). */
  'create-invalid-event',
  /** Polls GET /api/events/{id} until processing is over (or --processing-timeout); the last GET is the step's exchange. */
  'await-processing',
  /** Polls GET /api/events/{id} until it reads 404 twice in a row, within --settle-ms (value: gone, skip). */
  'await-gone',
  /** Creates `count` events with media at once and records every processing_state each shows until its processing is over (value: created, skip, states). */
  'watch-processing',
  /** A proper prefix (kind: prefix, the default), suffix (suffix) or case variant (case) of `id` that is no other event's identifier (value: prefix, skip), for events.get.404. */
  'pick-id-prefix',
];
