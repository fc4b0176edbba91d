import type { Ctx } from '../app.js';
import { HttpError, notFound } from '../types.js';

/** Latitude choices of access and scheduling permission (spec § Authentication). */

/** unreadable-event: an event the caller may not read ("Which roles may call which endpoint ...: not shown"). */
export function unreadable(ctx: Ctx, id: string): HttpError {
  return ctx.app.lat('unreadable-event') === 'forbidden' ? new HttpError(403, `no read access to event '${id}'`) : notFound(`event '${id}' not found`);
}

/** unwritable-event: a write to an event the caller may read but not write (403, or 404 as if it were absent). */
export function unwritable(ctx: Ctx, id: string): HttpError {
  return ctx.app.lat('unwritable-event') === 'not-found' ? notFound(`event '${id}' not found`) : new HttpError(403, `no write access to event '${id}'`);
}

/** allow-conflict-non-admin: allowConflict=true from a caller without the administrative role. */
export function checkAllowConflict(ctx: Ctx, asked: boolean): void {
  if (!asked || ctx.caller.admin) return;
  const alt = ctx.app.lat('allow-conflict-non-admin');
  if (alt === 'forbidden') throw new HttpError(403, `allowConflict=true requires an administrative role`);
  if (alt === 'bad-request') throw new HttpError(400, `allowConflict=true requires an administrative role`);
}
