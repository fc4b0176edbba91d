/**
 * Names of the actions put-episode-start and list-with-singles (implemented in src/engine/actions/start-and-singles.ts):
 * - put-episode-start {id, at, via?}: PUT the episode catalog's startDate/startTime to `at` minutes after
 *   {{time.base}} (`via: update`: in the metadata part of POST /api/events/{id}); value {status, start}.
 * - list-with-singles {query, ids}: the list, then each event of `ids` alone (value {status, list, singles}).
 */
export const ACTIONS_START_AND_SINGLES: readonly string[] = ['put-episode-start', 'list-with-singles'];
