/**
 * Names of the actions of the acl family (implemented in src/engine/actions/acl.ts).
 * - acl-add {event, action, role, ready?}: reads the ACL (until it holds the `ready` pairs), then
 *   POST /api/events/{event}/acl/{action} with form role. Value: {before: the ACL read first, or null; status: the
 *   change's status, or null}.
 * - acl-remove {event, action, role, ready?}: the same, then DELETE /api/events/{event}/acl/{action}/{role}.
 */
export const ACTIONS_ACL: readonly string[] = ['acl-add', 'acl-remove'];
