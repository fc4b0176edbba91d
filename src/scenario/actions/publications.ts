/** Names of the actions of the publications family (implemented in src/engine/actions/publications.ts). */
export const ACTIONS_PUBLICATIONS: readonly string[] = [];
