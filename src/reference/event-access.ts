import type { Ctx } from './app.js';
import { canRead, canWrite } from './auth.js';
import { hook } from './hooks.js';
import { unreadable, unwritable } from './latitude/access.js';
import { notFound, type EventRecord } from './types.js';

/** The event of a request's path, checked for the caller's read or write access (spec § Authentication). */

/** A read that goes through the index (every GET but the scheduling one, which Opencast reads from its scheduler). */
function indexedRead(ctx: Ctx): boolean {
  return ctx.req.method === 'GET' && !ctx.url.pathname.endsWith('/scheduling');
}

/** The event named by the first path parameter, if the caller may read it; else 404. A GET sees it as last indexed. */
export function readableEvent(ctx: Ctx): EventRecord {
  const id = ctx.params[0];
  const rec = indexedRead(ctx) ? ctx.app.store.readCopy(id) : ctx.app.store.get(id);
  if (!rec || ctx.app.store.hidden.has(id)) throw notFound(`event '${id}' not found`);
  if (!hook(ctx).authorize(ctx, canRead(rec, ctx.caller), { access: 'read', rec, caller: ctx.caller })) throw unreadable(ctx, id);
  return rec;
}

/** Like readableEvent, and the caller needs `write` (403 otherwise). */
export function writableEvent(ctx: Ctx): EventRecord {
  const rec = readableEvent(ctx);
  if (!hook(ctx).authorize(ctx, canWrite(rec, ctx.caller), { access: 'write', rec, caller: ctx.caller })) throw unwritable(ctx, rec.id);
  return hook(ctx).beforeWrite(ctx, rec);
}
