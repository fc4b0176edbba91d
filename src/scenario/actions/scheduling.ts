/** Names of the actions of the scheduling family (implemented in src/engine/actions/scheduling.ts). */
export const ACTIONS_SCHEDULING: readonly string[] = [
  /** POST /api/events with a scheduling part whose start/end are offsets from {{time.base}}. */
  'create-scheduled',
  /** POST /api/events/{id} carrying only a scheduling part. */
  'update-schedule',
  /** PUT /api/events/{id}/scheduling (scheduling, optional allowConflict), as admin or user. */
  'put-scheduling',
  /** GET /api/events/{id}/scheduling for each identifier of a list. */
  'read-schedules',
];
