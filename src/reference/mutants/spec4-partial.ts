import type { Ctx } from '../app.js';
import { EPISODE_FLAVOR, type FieldInput } from '../episode.js';
import type { EventParts } from '../event-parts.js';
import type { ScheduleInput } from '../schedule.js';
import { isoDate } from '../time.js';
import type { EventRecord, Schedule } from '../types.js';
import { family } from './types.js';

/**
 * Composite values written in part, fourth spec-only round (spec § Metadata: PUT "Fields not included are not
 * updated"; § POST /api/events/{event_id}: "Updates an event. The multipart parts are the same as for creation";
 * § Scheduling information endpoints: PUT "204 (updated)"). The start of an event is the pair startDate/startTime; a
 * schedule is agent_id, start, end (or duration) and inputs. Bug sites: mutants/spec4-sites.ts.
 */
export const SPEC4_PARTIAL_MUTANTS = family({
  'spec4-metadata-put-starttime-resets-date': {
    rule: 'metadata.put.unsent-unchanged',
    description: 'PUT /metadata?type=dublincore/episode sending only startTime rebuilds the start from the creation date: startDate (not sent) becomes the day the event was created.',
  },
  'spec4-update-startdate-resets-time': {
    rule: 'events.update.metadata',
    description: 'POST /api/events/{id} whose dublincore/episode carries startDate without startTime sets the start to 00:00 of that day: the stored startTime is lost.',
  },
  'spec4-scheduling-put-agent-resets-end': {
    rule: 'scheduling.put.applies',
    description: 'PUT …/scheduling sending only agent_id rebuilds the times with a default length: end becomes start + 1 h instead of the stored end.',
    since: '1.1.0',
  },
});

const has = (fields: FieldInput[], id: string) => fields.some((f) => f.id === id);

/** Bug site (PUT /metadata, the fields applied). */
export function partialPutFields(ctx: Ctx, rec: EventRecord, type: string, fields: FieldInput[]): FieldInput[] {
  if (!ctx.app.bug('spec4-metadata-put-starttime-resets-date') || type !== EPISODE_FLAVOR) return fields;
  if (!has(fields, 'startTime') || has(fields, 'startDate')) return fields;
  return [...fields, { id: 'startDate', value: isoDate(rec.createdMs) }];
}

/** Bug site (POST /api/events/{id}, the parts applied). */
export function partialUpdateParts(ctx: Ctx, parts: EventParts): void {
  const fields = parts.metadata?.episode;
  if (!ctx.app.bug('spec4-update-startdate-resets-time') || !fields) return;
  if (has(fields, 'startDate') && !has(fields, 'startTime')) fields.push({ id: 'startTime', value: '00:00:00Z' });
}

/** Bug site (PUT …/scheduling, the merged schedule). */
export function partialPutNext(ctx: Ctx, input: ScheduleInput, next: Schedule): void {
  if (!ctx.app.bug('spec4-scheduling-put-agent-resets-end') || input.agentId === undefined) return;
  if (input.startMs === undefined && input.endMs === undefined && input.durationMs === undefined) next.endMs = next.startMs + 3_600_000;
}
