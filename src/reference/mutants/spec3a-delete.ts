import { empty, writableEvent, type Ctx, type Reply } from '../app.js';
import { atLeast } from '../version.js';
import { family } from './types.js';

/**
 * DELETE mutants of the third spec-only round, author A (spec § DELETE /api/events/{event_id}: "Deletes the event.
 * From version 1.6.0 it first retracts any publications. ... Responses: 202 (retraction of publications has
 * started), 204 (deleted), 404."). Bug site: handlers/event.ts deleteEvent (spec3aDelete, before the lookup).
 */
export const SPEC3A_DELETE_MUTANTS = family({
  'spec3a-delete-tombstone-204': {
    rule: 'events.delete.404',
    description: 'A DELETE of an event that was already deleted answers 204 again (the id stays as a soft-deleted tombstone); ids that never existed answer 404.',
  },
  'spec3a-delete-scheduled-stays': {
    rule: 'events.delete.gone',
    description: 'DELETE of a scheduled event (scheduling part) answers 204 but only removes it from the capture agent\'s calendar: the event itself stays (GET 200, listed).',
    since: '1.1.0',
  },
  'spec3a-delete-retracted-stays': {
    rule: 'events.delete.gone',
    description: 'In 1.6.0 DELETE of a published event answers 202 and retracts the publications, but the event is never removed afterwards (the second step of the job is missing).',
    since: '1.6.0',
  },
});

const tombstones = new WeakMap<object, Set<string>>();

/** Whether event `id` was deleted on this server (recorded only while a tombstone mutant is on). */
export function wasDeleted(app: object, id: string): boolean {
  return tombstones.get(app)?.has(id) ?? false;
}

/** Bug site (handlers/event.ts deleteEvent, first): a buggy server's answer, or undefined for the correct path. */
export function spec3aDelete(ctx: Ctx): Reply | undefined {
  const { app } = ctx;
  const { bug, store } = app;
  const id = ctx.params[0];
  if (bug('spec3a-delete-tombstone-204') || bug('spec3a-update-deleted-204')) {
    let dead = tombstones.get(app);
    if (!dead) tombstones.set(app, (dead = new Set()));
    if (!store.get(id) && dead.has(id) && bug('spec3a-delete-tombstone-204')) return empty(204);
    if (store.get(id)) dead.add(id);
    return undefined;
  }
  if (bug('spec3a-delete-scheduled-stays') && store.get(id)?.schedule) {
    writableEvent(ctx);
    return empty(204);
  }
  if (bug('spec3a-delete-retracted-stays') && atLeast(ctx.version, '1.6.0') && (store.get(id)?.publications.length ?? 0) > 0) {
    const rec = writableEvent(ctx);
    app.timers.cancel(`process:${rec.id}`);
    app.timers.after(`spec3a-retract:${rec.id}`, Math.floor(app.retractDelayMs / 2), () => {
      if (store.get(rec.id) !== rec) return;
      rec.publications = [];
      store.commit(rec);
    });
    return empty(202);
  }
  return undefined;
}
