import { empty, type Ctx, type Reply } from '../app.js';
import { readableEvent, writableEvent } from '../event-access.js';
import { startRetraction } from '../processing.js';
import { eventJson } from '../serialize.js';
import { atLeast } from '../version.js';
import { withFlags } from './flags.js';
import { shapeStyle } from '../latitude/shape.js';
import { hook, type EventShown } from '../hooks.js';

/** GET /api/events/{event_id} (spec: 200 event object, 404). */
export function getEvent(ctx: Ctx): Reply {
  const rec = readableEvent(ctx);
  const view = ctx.app.store.view(rec.id);
  const shown = hook(ctx).shown(ctx, { at: 'GET /api/events/{id}', rec, view, version: ctx.version, flags: withFlags(ctx.url.searchParams, ctx.app, ctx) });
  const { version, flags, variant } = shown as EventShown;
  return { status: 200, json: eventJson(rec, view, version, flags, variant, shapeStyle(ctx.app)) };
}

/**
 * DELETE /api/events/{event_id} (spec: 204 deleted, 404; from 1.6.0 it first retracts publications: 202,
 * and the event disappears once the retraction is done).
 */
export function deleteEvent(ctx: Ctx): Reply {
  const { app } = ctx;
  const rec = writableEvent(ctx);
  const newRules = atLeast(ctx.version, '1.6.0');
  const ok = (status: number) => empty(status);
  if (hook(ctx).writeSkipped(ctx, false, rec)) return ok(newRules && rec.publications.length > 0 ? 202 : 204);
  const published = rec.publications.length > 0 || rec.deleting;
  // Latitude choices delete-published (an event with publications) and delete-unpublished (one without).
  const retracting = newRules && app.lat(published ? 'delete-published' : 'delete-unpublished') === 'accepted';
  const { stalls } = hook(ctx).stored(ctx, { at: 'DELETE /api/events/{id}', rec, ...(retracting ? { stalls: false } : {}) }) as { stalls?: boolean };
  if (retracting) {
    startRetraction(app, rec, stalls ?? false);
    return ok(202);
  }
  app.timers.cancel(`process:${rec.id}`);
  app.timers.cancel(`retract:${rec.id}`);
  app.store.remove(rec.id);
  return ok(204);
}
