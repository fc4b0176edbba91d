/**
 * Names of the actions of the list family (implemented in src/engine/actions/list.ts):
 * - list-setup: create the run's events (`events: [{fields…, schedule?: {at, minutes, agent?}, waitBefore?, startAt?}]`) and read
 *   each back; its value (saved, e.g. as `run`) is what the list checks judge filters against.
 * - list-filter: GET /api/events with a filter built from `filter`, `pick` (server values of saved run events)
 *   and `range` (minutes after {{time.base}}; `offset: "+02:00"` writes the bounds with that UTC offset), plus `query`.
 * - list-walk-pages: the whole sorted filtered list and its pages of `limit` (offset per version).
 * - create-decoys: `count` events of the run that the scenario's textFilter does not select and whose titles sort
 *   before the scenario's own (value: {identifiers}).
 */
export const ACTIONS_LIST: readonly string[] = ['list-setup', 'list-filter', 'list-walk-pages', 'create-decoys'];
