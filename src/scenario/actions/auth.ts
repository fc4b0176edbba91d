/**
 * Names of the actions of the auth family (implemented in src/engine/actions/auth.ts).
 * - user-list-reads {query, ids, absent, reads?}: GET /api/events?query as the user `reads` times (default 60)
 *   spread over the settle window; stops at the first answer that does not list every `ids` or lists one of
 *   `absent` (that answer is the step's last exchange). Value: {reads: how many were sent}.
 */
export const ACTIONS_AUTH: readonly string[] = ['user-list-reads'];
