import { empty, json, type Ctx, type Reply } from '../app.js';
import { readableEvent, writableEvent } from '../event-access.js';
import { readParams } from '../latitude/form-encoding.js';
import { parseAcl, parseJsonParam } from '../input.js';
import { badRequest, HttpError, type AclEntry, type EventRecord } from '../types.js';
import { hook, type AclWriteEndpoint } from '../hooks.js';
import { aclDefault, aclShown, aclStored, aclWithAdded, checkAction, keepsDeny } from '../latitude/acl.js';

/** Access policy endpoints (spec § Access policy). */

/**
 * An ACL change the server refuses for now (hook point authorize, access 'acl'): 403 with an empty body, as Opencast
 * answers an ACL change while the event's workflow runs (docs/opencast-behaviour.md, "ACL changes while processing").
 */
export function checkAclUnlocked(ctx: Ctx, rec: EventRecord): void {
  if (!hook(ctx).authorize(ctx, true, { access: 'acl', rec, caller: ctx.caller })) throw new HttpError(403, '');
}

/** The ACL an /acl write leaves (hook point stored). */
function stored(ctx: Ctx, rec: EventRecord, acl: AclEntry[], action?: string, role?: string): AclEntry[] {
  return (hook(ctx).stored(ctx, { at: ctx.endpoint as AclWriteEndpoint, rec, acl, action, role }) as { acl: AclEntry[] }).acl;
}

/** GET /api/events/{id}/acl → 200 array of {allow, action, role}. */
export function getAcl(ctx: Ctx): Reply {
  const rec = readableEvent(ctx);
  const acl = aclShown(ctx, (hook(ctx).shown(ctx, { at: 'GET /api/events/{id}/acl', rec, acl: rec.acl }) as { acl: AclEntry[] }).acl);
  return json(200, acl);
}

/** PUT /api/events/{id}/acl, form parameter acl: "The existing ACL is overwritten." */
export async function putAcl(ctx: Ctx): Promise<Reply> {
  const rec = writableEvent(ctx);
  checkAclUnlocked(ctx, rec);
  const text = (await readParams(ctx)).text('acl');
  if (text === undefined || text.trim() === '') throw badRequest(`form parameter 'acl' is required`);
  const parsed = aclStored(ctx, parseAcl(parseJsonParam(text, 'acl'), 'acl', aclDefault(ctx, 'put')));
  rec.acl = stored(ctx, rec, parsed);
  ctx.app.store.commit(rec);
  return empty(204);
}

/** POST /api/events/{id}/acl/{action}, form parameter role: "Adds that permission; other entries are unaffected." */
export async function addAce(ctx: Ctx): Promise<Reply> {
  const rec = writableEvent(ctx);
  checkAclUnlocked(ctx, rec);
  const action = ctx.params[1];
  const role = (await readParams(ctx)).text('role');
  if (role === undefined || role.trim() === '') throw badRequest(`form parameter 'role' is required`);
  checkAction(ctx, action);
  const acl = stored(ctx, rec, withAce(ctx, rec.acl, { allow: true, action, role }) ?? rec.acl, action, role);
  if (acl !== rec.acl) {
    rec.acl = acl;
    ctx.app.store.commit(rec);
  }
  return empty(204);
}

/**
 * `acl` with `entry` added; undefined when it holds the entry already. Latitude choice acl-add-over-deny: a deny entry
 * of the same action and role is flipped, or kept beside the new entry; acl-add-position: where the entry goes.
 */
export function withAce(ctx: Ctx, acl: AclEntry[], entry: AclEntry): AclEntry[] | undefined {
  const same = acl.filter((e) => e.action === entry.action && e.role === entry.role);
  if (same.some((e) => e.allow === entry.allow)) return undefined;
  if (same.length > 0 && !keepsDeny(ctx)) return acl.map((e) => (same.includes(e) ? { ...e, allow: entry.allow } : e));
  return aclWithAdded(ctx, acl, entry);
}

/** DELETE /api/events/{id}/acl/{action}/{role}: "Removes that permission; other entries are unaffected." */
export function removeAce(ctx: Ctx): Reply {
  const rec = writableEvent(ctx);
  checkAclUnlocked(ctx, rec);
  const [, action, role] = ctx.params;
  const rest = stored(ctx, rec, rec.acl.filter((e) => !(e.action === action && e.role === role)), action, role);
  // The spec's 404 is "The event does not exist" (§ Errors): removing a permission that is not there is done.
  if (rest.length === rec.acl.length) return empty(204);
  rec.acl = rest;
  ctx.app.store.commit(rec);
  return empty(204);
}
