/** Names of the actions of the sort / with* family (implemented in src/engine/actions/sort.ts). */
export const ACTIONS_SORT: readonly string[] = [
  /** Creates, in order, scheduled events (`at` hours after {{time.base}}, lasting `hours`, on the scenario's agent or its `agent` suffix) and unscheduled ones (`startAt` hours after it); value {events: [{identifier, title, start, end?}]}. */
  'create-scheduled-events',
  /** GET /api/events sorted `sort`:ASC and `sort`:DESC (same filter), repeated while `stable` differs; value {sort, asc, desc}. */
  'list-asc-desc',
  /** Polls GET /api/events/{id} until publication_status names a channel other than internal (or --processing-timeout); value {published}. */
  'await-publication',
];
