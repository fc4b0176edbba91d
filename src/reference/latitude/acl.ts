import type { Ctx } from '../app.js';
import { userRole } from '../auth.js';
import { badRequest, type AclEntry } from '../types.js';

/** Latitude choices of the access control list (spec § Access control list entry). */

/** acl-allow-default and put-acl-allow: what an entry without allow means ("Default of allow when omitted: not shown."). */
export function aclDefault(ctx: Ctx, where: 'create' | 'put'): boolean | 'required' {
  if (where === 'put' && ctx.app.lat('put-acl-allow') === 'required') return 'required';
  return ctx.app.lat('acl-allow-default') === 'true';
}

/** acl-order=sorted: GET acl by role, then action ("An ACL is an array of entries."). */
export function aclShown(ctx: Ctx, acl: AclEntry[]): AclEntry[] {
  if (ctx.app.lat('acl-order') !== 'sorted') return acl;
  return [...acl].sort((a, b) => (a.role < b.role ? -1 : a.role > b.role ? 1 : a.action < b.action ? -1 : a.action > b.action ? 1 : 0));
}

/**
 * An ACL as sent (create, update, PUT acl), as the server keeps it: acl-actions=read-write refuses other actions
 * ("the set of valid action names: not shown"); acl-duplicates=collapsed keeps identical entries once.
 */
export function aclStored(ctx: Ctx, acl: AclEntry[]): AclEntry[] {
  for (const e of acl) checkAction(ctx, e.action);
  if (ctx.app.lat('acl-duplicates') !== 'collapsed') return acl;
  const seen = new Set<string>();
  return acl.filter((e) => {
    const key = JSON.stringify([e.allow, e.action, e.role]);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** acl-actions=read-write: an action other than read or write answers 400. */
export function checkAction(ctx: Ctx, action: string): void {
  if (ctx.app.lat('acl-actions') === 'read-write' && action !== 'read' && action !== 'write') {
    throw badRequest(`unknown ACL action '${action}' (this server knows read and write)`);
  }
}

/** acl-when-omitted ("Each event has an ACL that maps actions to roles."): the ACL of an event created without one. */
export function aclWhenOmitted(ctx: Ctx): AclEntry[] {
  if (ctx.app.lat('acl-when-omitted') !== 'creator') return [];
  const role = userRole(ctx.caller.name);
  return [{ allow: true, action: 'read', role }, { allow: true, action: 'write', role }];
}

/** acl-add-position: POST /acl/{action} appends the new entry, or puts it first. */
export function aclWithAdded(ctx: Ctx, acl: AclEntry[], entry: AclEntry): AclEntry[] {
  return ctx.app.lat('acl-add-position') === 'start' ? [entry, ...acl] : [...acl, entry];
}

/**
 * acl-add-over-deny=appended ("Adds that permission; other entries are unaffected."): POST /acl/{action} for a role
 * that has a deny entry of that action leaves the deny entry alone and adds an allow entry (allow wins on access).
 */
export function keepsDeny(ctx: Ctx): boolean {
  return ctx.app.lat('acl-add-over-deny') === 'appended';
}
