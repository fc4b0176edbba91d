/** Names of the actions of the auth family (implemented in src/engine/actions/auth.ts). */
export const ACTIONS_AUTH: readonly string[] = [];
