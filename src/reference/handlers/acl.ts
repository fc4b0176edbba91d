import { empty, json, type Ctx, type Reply } from '../app.js';
import { readableEvent, writableEvent } from '../event-access.js';
import { readParams } from '../latitude/form-encoding.js';
import { parseAcl, parseJsonParam } from '../input.js';
import { badRequest, HttpError, type EventRecord } from '../types.js';
import { hook } from '../hooks.js';
import { aclDefault, aclShown, aclStored, aclWithAdded, checkAction, keepsDeny } from '../latitude/acl.js';

/** Access policy endpoints (spec § Access policy). */

/**
 * An ACL change the server refuses for now (hook point aclLocked): 403 with an empty body, as Opencast answers an
 * ACL change while the event's workflow runs (docs/opencast-behaviour.md, "ACL changes while processing").
 */
export function checkAclUnlocked(ctx: Ctx, rec: EventRecord): void {
  if (hook(ctx).aclLocked(ctx, false, rec)) throw new HttpError(403, '');
}

/** GET /api/events/{id}/acl → 200 array of {allow, action, role}. */
export function getAcl(ctx: Ctx): Reply {
  const rec = readableEvent(ctx);
  const acl = aclShown(ctx, hook(ctx).aclRead.acl(ctx, rec.acl, rec));
  return json(200, acl);
}

/** PUT /api/events/{id}/acl, form parameter acl: "The existing ACL is overwritten." */
export async function putAcl(ctx: Ctx): Promise<Reply> {
  const rec = writableEvent(ctx);
  checkAclUnlocked(ctx, rec);
  const text = (await readParams(ctx)).text('acl');
  if (text === undefined || text.trim() === '') throw badRequest(`form parameter 'acl' is required`);
  const parsed = aclStored(ctx, parseAcl(parseJsonParam(text, 'acl'), 'acl', aclDefault(ctx, 'put')));
  rec.acl = hook(ctx).aclStored(ctx, parsed, { rec });
  ctx.app.store.commit(rec);
  return empty(204);
}

/** POST /api/events/{id}/acl/{action}, form parameter role: "Adds that permission; other entries are unaffected." */
export async function addAce(ctx: Ctx): Promise<Reply> {
  const rec = hook(ctx).aclWrite.addTo(ctx, writableEvent(ctx));
  checkAclUnlocked(ctx, rec);
  const action = ctx.params[1];
  const role = hook(ctx).aclWrite.addRole(ctx, (await readParams(ctx)).text('role'));
  if (role === undefined || role.trim() === '') throw badRequest(`form parameter 'role' is required`);
  checkAction(ctx, action);
  const done = empty(204);
  const allow = hook(ctx).aclWrite.addAllow(ctx, true);
  if (hook(ctx).aclWrite.addSkipped(ctx, false, { rec, action, role, allow })) return done;
  if (hook(ctx).aclWrite.addReplaces(ctx, false)) rec.acl = [{ allow, action, role }];
  else {
    const same = rec.acl.filter((e) => e.action === action && e.role === role);
    if (same.some((e) => e.allow === allow)) return done;
    // Latitude choice acl-add-over-deny: a deny entry of the same action and role is flipped, or kept beside the new entry.
    if (same.length > 0 && !keepsDeny(ctx)) same.forEach((e) => (e.allow = allow));
    else {
      const before = rec.acl;
      rec.acl = aclWithAdded(ctx, rec.acl, { allow, action, role });
      hook(ctx).aclWrite.added(ctx, rec, { before, added: { allow, action, role } });
    }
  }
  ctx.app.store.commit(rec);
  return done;
}

/** DELETE /api/events/{id}/acl/{action}/{role}: "Removes that permission; other entries are unaffected." */
export function removeAce(ctx: Ctx): Reply {
  const rec = writableEvent(ctx);
  checkAclUnlocked(ctx, rec);
  const [, action, role] = ctx.params;
  const rest = hook(ctx).aclStored(ctx, rec.acl.filter((e) => !(e.action === action && e.role === role)), { rec, action, role });
  // The spec's 404 is "The event does not exist" (§ Errors): removing a permission that is not there is done.
  if (rest.length === rec.acl.length) return empty(204);
  rec.acl = rest;
  ctx.app.store.commit(rec);
  return empty(204);
}
