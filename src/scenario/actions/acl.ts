/** Names of the actions of the acl family (implemented in src/engine/actions/acl.ts). */
export const ACTIONS_ACL: readonly string[] = [];
