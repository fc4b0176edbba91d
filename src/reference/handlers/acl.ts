import { empty, json, type Ctx, type Reply } from '../app.js';
import { readableEvent, writableEvent } from '../event-access.js';
import { readParams } from '../latitude/form-encoding.js';
import { parseAcl, parseJsonParam } from '../input.js';
import type { MutantName } from '../bug.js';
import { badRequest, notFound, type AclEntry } from '../types.js';
import { hook } from '../hooks.js';
import { aclDefault, aclShown, aclStored, aclWithAdded, checkAction, keepsDeny } from '../latitude/acl.js';

/** Access policy endpoints (spec § Access policy). */

/** A planted bug: an unknown event answers `reply` instead of 404 (mutants *-unknown-*). */
function unknownBug(ctx: Ctx, name: MutantName, reply: Reply): Reply | undefined {
  return ctx.app.bug(name) && !ctx.app.store.get(ctx.params[0]) ? reply : undefined;
}

/** A success status, or the wrong one a planted bug answers. */
function ok(ctx: Ctx, name: MutantName, status: number): number {
  return ctx.app.bug(name) ? 200 : status;
}

/** GET /api/events/{id}/acl → 200 array of {allow, action, role}. */
export function getAcl(ctx: Ctx): Reply {
  const bugged = unknownBug(ctx, 'acl-get-unknown-200', json(200, []));
  if (bugged) return bugged;
  const rec = readableEvent(ctx);
  const acl = aclShown(ctx, hook(ctx).aclRead(ctx, rec.acl, rec));
  const body = ctx.app.bug('acl-get-no-allow') ? acl.map(({ action, role }) => ({ action, role })) : acl;
  return json(ctx.app.bug('acl-get-status-201') ? 201 : 200, body);
}

/** Entries of `sent` plus those of `old` whose (action, role) `sent` does not name (the merging bug). */
function merged(old: AclEntry[], sent: AclEntry[]): AclEntry[] {
  return [...old.filter((o) => !sent.some((s) => s.action === o.action && s.role === o.role)), ...sent];
}

/** PUT /api/events/{id}/acl, form parameter acl: "The existing ACL is overwritten." */
export async function putAcl(ctx: Ctx): Promise<Reply> {
  const bugged = unknownBug(ctx, 'acl-put-unknown-204', empty(204));
  if (bugged) return bugged;
  const rec = writableEvent(ctx);
  const text = (await readParams(ctx)).text('acl');
  if (text === undefined || text.trim() === '') throw badRequest(`form parameter 'acl' is required`);
  const parsed = aclStored(ctx, parseAcl(parseJsonParam(text, 'acl'), 'acl', aclDefault(ctx, 'put')));
  const sent = hook(ctx).aclWrite.put(ctx, parsed, rec);
  rec.acl = ctx.app.bug('acl-put-merges') ? merged(rec.acl, sent) : hook(ctx).aclWrite.stored(ctx, sent, rec);
  ctx.app.store.commit(rec);
  return empty(ok(ctx, 'acl-put-status-200', 204));
}

/** POST /api/events/{id}/acl/{action}, form parameter role: "Adds that permission; other entries are unaffected." */
export async function addAce(ctx: Ctx): Promise<Reply> {
  const bugged = unknownBug(ctx, 'acl-add-unknown-204', empty(204));
  if (bugged) return bugged;
  const rec = hook(ctx).aclWrite.addTo(ctx, writableEvent(ctx));
  const action = ctx.params[1];
  const role = hook(ctx).aclWrite.addRole(ctx, (await readParams(ctx)).text('role'));
  if (role === undefined || role.trim() === '') throw badRequest(`form parameter 'role' is required`);
  checkAction(ctx, action);
  const done = empty(ok(ctx, 'acl-add-status-200', 204));
  const allow = !ctx.app.bug('acl-add-deny');
  if (hook(ctx).aclWrite.addSkipped(ctx, false, { rec, action, role, allow })) return done;
  if (ctx.app.bug('acl-add-replaces')) rec.acl = [{ allow, action, role }];
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
  const bugged = unknownBug(ctx, 'acl-remove-unknown-204', empty(204));
  if (bugged) return bugged;
  const rec = hook(ctx).authorize.writable(ctx, undefined, 'acl-remove') ?? writableEvent(ctx);
  const [, action, sentRole] = ctx.params;
  const role = hook(ctx).aclWrite.removeRole(ctx, sentRole);
  const rest = hook(ctx).aclWrite.rest(ctx, rec.acl.filter((e) => !(e.action === action && e.role === role)), { rec, action, role });
  if (hook(ctx).aclWrite.removeRefused(ctx, false, { rec, action, role })) throw notFound(`no ACL entry with action '${action}' and role '${role}'`);
  const done = empty(ok(ctx, 'acl-remove-status-200', 204));
  // The spec's 404 is "The event does not exist" (§ Errors): removing a permission that is not there is done.
  if (rest.length === rec.acl.length) return done;
  if (ctx.app.bug('acl-remove-noop')) return done;
  rec.acl = ctx.app.bug('acl-remove-whole-action') ? rec.acl.filter((e) => e.action !== action) : hook(ctx).aclWrite.removed(ctx, rest, { rec, role });
  ctx.app.store.commit(rec);
  return done;
}
