/**
 * Names of the actions a scenario step may use (`action:`); the engine implements each one
 * (src/engine/actions). Listed here so scenario files are validated without importing the engine.
 */
export const ACTIONS: ReadonlySet<string> = new Set([
  /** POST /api/events with the standard multipart body built from `with` (fields, scheduling, acl, media). */
  'create-event',
]);

/** Topics a step may record with `observe:` (behaviour the spec leaves "not shown"; src/engine/observe.ts). */
export const OBSERVATION_TOPICS: ReadonlySet<string> = new Set(['error-body', 'content-type', 'delete-status']);
