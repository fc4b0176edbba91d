import type { Ctx } from '../app.js';
import type { EventRecord } from '../types.js';
import { copyEpisode } from '../episode.js';
import { family } from './types.js';

/**
 * Occurrences of a recurring schedule are separate events, fourth spec-only round (spec § POST /api/events:
 * "Creates one event, or several scheduled events"; scheduling rule 3: "To schedule several events, give rrule, end
 * and duration"; 200: "several events were created by scheduling with rrule"). Bug sites: handlers/create.ts
 * (recurringCreated), handlers/event.ts (recurringDeleted), handlers/metadata.ts (recurringMetadataPut), via
 * mutants/spec4-sites.ts.
 */
export const SPEC4_RECURRING_MUTANTS = family({
  'spec4-rrule-delete-takes-siblings': {
    rule: 'events.create.rrule',
    description: 'DELETE of one occurrence of an rrule creation deletes every occurrence (the series of the recurrence is deleted): its siblings answer 404.',
    since: '1.1.0',
  },
  'spec4-rrule-metadata-shared': {
    rule: 'events.create.rrule',
    description: 'The occurrences of an rrule creation share one episode catalog: PUT /metadata on one occurrence changes the title (and every other field but the start) of all its siblings.',
    since: '1.1.0',
  },
});

/** The occurrences created together with each event of an rrule creation. */
const siblings = new WeakMap<EventRecord, EventRecord[]>();

/** Bug site (creation): groups the occurrences. */
export function recurringCreated(records: EventRecord[]): void {
  if (records.length > 1) for (const r of records) siblings.set(r, records);
}

/** Bug site (DELETE, before the event is removed): a buggy server removes the siblings too. */
export function recurringDeleted(ctx: Ctx, rec: EventRecord): void {
  if (!ctx.app.bug('spec4-rrule-delete-takes-siblings')) return;
  for (const s of siblings.get(rec) ?? []) if (s !== rec) ctx.app.store.remove(s.id);
}

/** Bug site (PUT /metadata of dublincore/episode, after the commit): a buggy server writes the shared catalog. */
export function recurringMetadataPut(ctx: Ctx, rec: EventRecord): void {
  if (!ctx.app.bug('spec4-rrule-metadata-shared')) return;
  for (const s of siblings.get(rec) ?? []) {
    if (s === rec || ctx.app.store.get(s.id) !== s) continue;
    s.episode = { ...copyEpisode(rec.episode), startMs: s.episode.startMs, durationMs: s.episode.durationMs };
    ctx.app.store.commit(s);
  }
}
