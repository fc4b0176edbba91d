/** Names of the actions of the metadata family (implemented in src/engine/actions/metadata.ts). */
export const ACTIONS_METADATA: readonly string[] = [];
