import { empty, type Ctx, type Reply } from '../app.js';
import type { EventParts } from '../event-parts.js';
import type { ScheduleInput } from '../schedule.js';
import type { EpisodeValues, EventRecord, Schedule } from '../types.js';
import { wasDeleted } from './spec3a-delete.js';
import { family } from './types.js';

/**
 * Event-update mutants of the third spec-only round, author A (spec § POST /api/events/{event_id}: "Updates an event.
 * The multipart parts are the same as for creation (acl, metadata, ..., and scheduling from 1.1.0). Only what is
 * sent is changed: a request carrying only a metadata part updates only that catalog. Responses: 204 (updated), 404,
 * 409 (scheduling conflict on update ...)"). Bug sites: handlers/update.ts. (spec3a-update-drops-publications is
 * declared in mutants/spec3a-publications.ts and planted here, in spec3aUpdated.)
 */
export const SPEC3A_UPDATE_MUTANTS = family({
  'spec3a-update-extra-catalogs-ignored-with-episode': {
    rule: 'events.update.metadata',
    description: 'An update whose metadata part carries dublincore/episode and another catalog (e.g. license/episode) applies only dublincore/episode (an if/else-if over the flavors); the other catalog keeps its old values.',
  },
  'spec3a-update-subjects-appended': {
    rule: 'events.update.metadata',
    description: 'POST /api/events/{id} merges array fields into the stored ones (a deep merge): subjects ["B"] sent to an event with ["A"] gives ["A", "B"] instead of ["B"].',
  },
  'spec3a-update-409-metadata-applied': {
    rule: 'events.update.409',
    description: 'An update refused with 409 (its scheduling part conflicts) has already applied its metadata part: the title changes although the answer is 409.',
    since: '1.1.0',
  },
  'spec3a-update-deleted-204': {
    rule: 'events.update.404',
    description: 'POST /api/events/{id} of an event that was deleted answers 204 (the update\'s lookup still finds the soft-deleted row); ids that never existed answer 404.',
  },
  'spec3a-update-schedule-inputs-dropped': {
    rule: 'events.update.schedule',
    description: 'An update with a scheduling part that does not send inputs rebuilds the schedule without the stored inputs (GET …/scheduling loses them).',
    since: '1.1.0',
  },
});

/** Bug site (handlers/update.ts, first): the 204 a buggy server answers for a deleted event, if any. */
export function spec3aUpdateDeleted(ctx: Ctx): Reply | undefined {
  const id = ctx.params[0];
  return ctx.app.bug('spec3a-update-deleted-204') && !ctx.app.store.get(id) && wasDeleted(ctx.app, id) ? empty(204) : undefined;
}

/** Bug site (handlers/update.ts, after parsing): the parts as a buggy server applies them. */
export function spec3aUpdateParts(ctx: Ctx, parts: EventParts): void {
  if (ctx.app.bug('spec3a-update-extra-catalogs-ignored-with-episode') && parts.metadata?.episode) parts.metadata.extras.clear();
}

/** Bug site (handlers/update.ts, the new episode values): array fields merged into the stored ones. */
export function spec3aUpdateEpisode(ctx: Ctx, rec: EventRecord, parts: EventParts, episode: EpisodeValues): void {
  if (!ctx.app.bug('spec3a-update-subjects-appended') || episode === rec.episode) return;
  if (!parts.metadata?.episode?.some((f) => f.id === 'subjects')) return;
  episode.subjects = [...rec.episode.subjects, ...episode.subjects.filter((s) => !rec.episode.subjects.includes(s))];
}

/** Bug site (handlers/update.ts, before the 409): a buggy server has already stored the new metadata. */
export function spec3aUpdateRefused(ctx: Ctx, rec: EventRecord, episode: EpisodeValues, conflicts: number): void {
  if (!ctx.app.bug('spec3a-update-409-metadata-applied') || conflicts === 0 || episode === rec.episode) return;
  rec.episode = episode;
  ctx.app.store.commit(rec);
}

/** Bug site (handlers/update.ts, the merged schedule): the schedule a buggy update computes. */
export function spec3aUpdateSchedule(ctx: Ctx, cur: Schedule, input: ScheduleInput, next: Schedule): Schedule {
  const { bug } = ctx.app;
  if (!bug('spec3a-update-schedule-inputs-dropped') || input.inputs !== undefined || !cur.inputs) return next;
  const { inputs: _inputs, ...rest } = next;
  return rest;
}

/** Bug site (handlers/update.ts, before the commit): what a buggy update changes besides the parts sent. */
export function spec3aUpdated(ctx: Ctx, rec: EventRecord, parts: EventParts): void {
  if (ctx.app.bug('spec3a-update-drops-publications') && parts.metadata && parts.tracks.length === 0) rec.publications = [];
}
