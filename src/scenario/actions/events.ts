/** Names of the actions of the events family (implemented in src/engine/actions/events.ts). */
export const ACTIONS_EVENTS: readonly string[] = [];
