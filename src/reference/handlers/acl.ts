import { empty, json, readableEvent, writableEvent, type Ctx, type Reply } from '../app.js';
import { readForm } from '../form.js';
import { parseAcl, parseJsonParam } from '../input.js';
import { badRequest, notFound } from '../types.js';

/** Access policy endpoints (spec § Access policy). */

/** GET /api/events/{id}/acl → 200 array of {allow, action, role}. */
export function getAcl(ctx: Ctx): Reply {
  return json(200, readableEvent(ctx).acl);
}

/** PUT /api/events/{id}/acl, form parameter acl: "The existing ACL is overwritten." */
export async function putAcl(ctx: Ctx): Promise<Reply> {
  const rec = writableEvent(ctx);
  const text = (await readForm(ctx.req)).text('acl');
  if (text === undefined || text.trim() === '') throw badRequest(`form parameter 'acl' is required`);
  rec.acl = parseAcl(parseJsonParam(text, 'acl'), 'acl');
  ctx.app.store.commit(rec);
  return empty(204);
}

/** POST /api/events/{id}/acl/{action}, form parameter role: "Adds that permission; other entries are unaffected." */
export async function addAce(ctx: Ctx): Promise<Reply> {
  const rec = writableEvent(ctx);
  const action = ctx.params[1];
  const role = (await readForm(ctx.req)).text('role');
  if (role === undefined || role.trim() === '') throw badRequest(`form parameter 'role' is required`);
  const same = rec.acl.filter((e) => e.action === action && e.role === role);
  if (same.some((e) => e.allow)) return empty(204);
  if (same.length > 0) same.forEach((e) => (e.allow = true));
  else rec.acl = [...rec.acl, { allow: true, action, role }];
  ctx.app.store.commit(rec);
  return empty(204);
}

/** DELETE /api/events/{id}/acl/{action}/{role}: "Removes that permission; other entries are unaffected." */
export function removeAce(ctx: Ctx): Reply {
  const rec = writableEvent(ctx);
  const [, action, role] = ctx.params;
  const rest = rec.acl.filter((e) => !(e.action === action && e.role === role));
  if (rest.length === rec.acl.length) throw notFound(`no ACL entry with action '${action}' and role '${role}'`);
  rec.acl = rest;
  ctx.app.store.commit(rec);
  return empty(204);
}
