import type { Ctx } from '../app.js';
import type { FieldInput } from '../episode.js';
import type { EventParts } from '../event-parts.js';
import type { ScheduleInput } from '../schedule.js';
import type { EpisodeValues, EventRecord, Schedule } from '../types.js';
import { family } from './types.js';

/**
 * Partial writes: an update or PUT that keeps what it should replace, or drops what it should keep ("Only what is
 * sent is changed"; "Fields not included are not updated").
 */
export const PARTIAL_WRITE_MUTANTS = family({
  'update-scheduling-duration-without-start-ignored': {
    rule: 'events.update.schedule',
    description: 'POST /api/events/{id} with a scheduling part giving duration without start keeps the old end: a 10:00-11:00 schedule updated with {duration: 7200000} still ends at 11:00 instead of 12:00; a duration sent with a start is applied.',
    since: '1.1.0',
  },
  'update-acl-part-drops-extra-catalogs': {
    rule: 'events.update.partial',
    description: 'POST /api/events/{id} carrying an acl part and no metadata part removes the catalogs other than dublincore/episode (license/episode, …) of the event; an update with a metadata part keeps them.',
  },
  'update-metadata-unsent-start-reset': {
    rule: 'events.update.partial',
    description: 'POST /api/events/{id} with a dublincore/episode catalog that sends neither startDate nor startTime forgets the bibliographic start: it falls back to the schedule start or the creation time (startDate shows the creation day); an update sending startDate keeps it.',
  },
  'metadata-put-empty-list-kept': {
    rule: 'metadata.put.applies',
    description: 'PUT /api/events/{id}/metadata skips a field whose value is an empty array: subjects [] leaves the old subjects in place instead of emptying them; empty strings and non-empty lists are applied.',
  },
  'scheduling-put-end-only-moves-start': {
    rule: 'scheduling.put.applies',
    description: 'PUT /api/events/{id}/scheduling with end but neither start nor duration keeps the old duration and moves the start: a 10:00-11:00 schedule given {end: 11:30} becomes 10:30-11:30 instead of 10:00-11:30; a PUT sending start too is right.',
    since: '1.1.0',
  },
});

// --- scheduling-put-end-only-moves-start (hook writePlan) ------------------------------------------------

/** Bug site (handlers/scheduling.ts PUT, the merged schedule): an end alone moves the start by the old duration. */
export function partialWritePutNext(ctx: Ctx, next: Schedule, cur: Schedule, input: ScheduleInput): Schedule {
  if (!ctx.app.bug('scheduling-put-end-only-moves-start') || input.endMs === undefined || input.startMs !== undefined || input.durationMs !== undefined) return next;
  return { ...next, startMs: input.endMs - (cur.endMs - cur.startMs) };
}

// --- update-scheduling-duration-without-start-ignored (hook writePlan) ---------------------------------

/** Bug site (handlers/update.ts, the merged schedule): a duration without a start keeps the old end. */
export function partialWriteSchedule(ctx: Ctx, next: Schedule, cur: Schedule, input: ScheduleInput): Schedule {
  if (!ctx.app.bug('update-scheduling-duration-without-start-ignored') || input.durationMs === undefined || input.startMs !== undefined) return next;
  return { ...next, endMs: cur.endMs };
}

// --- update-acl-part-drops-extra-catalogs (hook stored) ----------------------------------------------

/** Bug site (handlers/update.ts, after the parts are applied): an acl-only update clears the extra catalogs. */
export function partialWriteUpdated(ctx: Ctx, rec: EventRecord, parts: EventParts): void {
  if (ctx.app.bug('update-acl-part-drops-extra-catalogs') && parts.acl && !parts.metadata) rec.extraCatalogs.clear();
}

// --- update-metadata-unsent-start-reset (hook stored) ------------------------------------------------

/** Bug site (handlers/update.ts, the merged episode catalog): no startDate/startTime sent = no bibliographic start. */
export function partialWriteEpisode(ctx: Ctx, episode: EpisodeValues, parts: EventParts): void {
  const sent = parts.metadata?.episode;
  if (!sent || !ctx.app.bug('update-metadata-unsent-start-reset')) return;
  if (!sent.some((f) => f.id === 'startDate' || f.id === 'startTime')) episode.startMs = undefined;
}

// --- metadata-put-empty-list-kept (hook writeInput) -------------------------------------------------------

/** Bug site (handlers/metadata.ts PUT, the fields to apply): empty lists dropped. */
export function partialWritePutFields(ctx: Ctx, fields: FieldInput[]): FieldInput[] {
  if (!ctx.app.bug('metadata-put-empty-list-kept')) return fields;
  return fields.filter((f) => !(Array.isArray(f.value) && f.value.length === 0));
}
