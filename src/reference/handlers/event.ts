import { empty, type Ctx, type Reply } from '../app.js';
import { readableEvent, writableEvent } from '../event-access.js';
import { startRetraction } from '../processing.js';
import { eventJson, type SerializeVariant } from '../serialize.js';
import { atLeast } from '../version.js';
import type { EventView } from '../view.js';
import { withFlags } from './flags.js';
import { shapeStyle } from '../latitude/shape.js';
import { hook } from '../hooks.js';

/** The planted bugs of the single GET that change derived members (processing_state, start). */
function viewBugs(ctx: Ctx, v: EventView): Partial<EventView> | undefined {
  const bug = ctx.app.bug;
  const out: Partial<EventView> = {};
  if (bug('get-state-done') && v.processingState === 'SUCCEEDED') out.processingState = 'DONE';
  if (bug('get-start-always-technical')) out.bibStartMs = v.techStartMs;
  if (bug('get-start-always-bibliographic')) out.techStartMs = v.bibStartMs;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** GET /api/events/{event_id} (spec: 200 event object, 404). */
export function getEvent(ctx: Ctx): Reply {
  const bug = ctx.app.bug;
  if (bug('get-unknown-200') && !ctx.app.store.get(ctx.params[0])) return { status: 200, json: '{}' };
  hook(ctx).eventBody.before(ctx);
  const rec = readableEvent(ctx);
  const view = ctx.app.store.view(rec.id);
  const changed = hook(ctx).eventBody.view(ctx, viewBugs(ctx, view), { rec, view });
  const variant: SerializeVariant | undefined = bug('get-legacy-names') || changed
    ? { legacyNames: bug('get-legacy-names'), ...(changed ? { view: changed } : {}) } : undefined;
  const version = (bug('get-current-names-oldest') || bug('opencast-oldest-current-names')) && ctx.version === '1.0.0' ? '1.1.0' : ctx.version;
  const text = eventJson(rec, view, version, withFlags(ctx.url.searchParams, bug, 'get', ctx.app), variant, shapeStyle(ctx.app));
  return { status: bug('get-status-201') ? 201 : 200, json: hook(ctx).eventBody.body(ctx, text, rec) };
}

/**
 * DELETE /api/events/{event_id} (spec: 204 deleted, 404; from 1.6.0 it first retracts publications: 202,
 * and the event disappears once the retraction is done).
 */
export function deleteEvent(ctx: Ctx): Reply {
  const { app } = ctx;
  const bug = app.bug;
  if (bug('delete-unknown-204') && !app.store.get(ctx.params[0])) return empty(204);
  const bugged = hook(ctx).deleteEvent.early(ctx, undefined);
  if (bugged) return bugged;
  const rec = writableEvent(ctx);
  hook(ctx).deleteEvent.deleting(ctx, rec);
  const newRules = atLeast(ctx.version, '1.6.0');
  const ok = (status: number) => empty(bug(newRules ? 'delete-status-200-new' : 'delete-status-200') ? 200 : status);
  if (bug('delete-keeps-event')) return ok(newRules && rec.publications.length > 0 ? 202 : 204);
  const published = rec.publications.length > 0 || rec.deleting;
  // Latitude choices delete-published (an event with publications) and delete-unpublished (one without).
  if (newRules && app.lat(published ? 'delete-published' : 'delete-unpublished') === 'accepted') {
    startRetraction(app, rec);
    return ok(202);
  }
  app.timers.cancel(`process:${rec.id}`);
  app.timers.cancel(`retract:${rec.id}`);
  hook(ctx).deleteEvent.removing(ctx, rec);
  app.store.remove(rec.id);
  return ok(204);
}
