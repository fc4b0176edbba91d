import type { Ctx } from '../app.js';
import type { AclEntry } from '../types.js';

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
