/** Names of the actions of the scheduling family (implemented in src/engine/actions/scheduling.ts). */
export const ACTIONS_SCHEDULING: readonly string[] = [];
