/** Names of the actions of the list family (implemented in src/engine/actions/list.ts). */
export const ACTIONS_LIST: readonly string[] = [];
