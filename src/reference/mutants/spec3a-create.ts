import type { Ctx } from '../app.js';
import type { ConflictEntry } from '../conflicts.js';
import type { EventParts } from '../event-parts.js';
import type { ScheduleInput } from '../schedule.js';
import { badRequest, type EventRecord, type Schedule } from '../types.js';
import { latin1Value } from './spec-state.js';
import { family } from './types.js';

/**
 * Event-creation mutants of the third spec-only round, author A (spec § POST /api/events: parts metadata, presenter,
 * presentation, audio, scheduling; Scheduling rules 1-3: "To schedule several events, give rrule, end and duration.
 * The rule determines the dates and times within the period from start to end plus duration."; "409: scheduling
 * conflict"; § Scheduling information: "duration | Duration of the recording in milliseconds"; § Event: "A field
 * marked * is a metadata field of the catalog with flavor dublincore/episode"). Bug sites: handlers/create.ts.
 */
export const SPEC3A_CREATE_MUTANTS = family({
  'spec3a-create-latin1-with-media': {
    rule: 'events.create.metadata',
    description: 'POST /api/events that also uploads a media file decodes the metadata part as ISO-8859-1 (the multipart parser\'s file mode): non-ASCII values are stored mangled ("Zürich" → "ZÃ¼rich"); creations without media are right.',
  },
  'spec3a-rrule-later-occurrences-bare': {
    rule: 'events.create.metadata',
    description: 'An rrule creation gives only the first occurrence the sent metadata; the later occurrences keep only the title (the field list was a consumed iterator): description, presenters, subjects, location … are empty.',
    since: '1.1.0',
  },
  'spec3a-rrule-interval-ignored': {
    rule: 'events.create.rrule',
    description: 'INTERVAL in the rrule is ignored: FREQ=DAILY;INTERVAL=2 creates an occurrence every day.',
    since: '1.1.0',
  },
  'spec3a-rrule-start-excluded': {
    rule: 'events.create.rrule',
    description: 'The occurrences are expanded strictly after start (between(start, end, inclusive=false)): the occurrence at start itself is not created.',
    since: '1.1.0',
  },
  'spec3a-rrule-end-time-of-day': {
    rule: 'events.create.schedule-duration',
    description: 'Each occurrence of an rrule schedule ends at the time of day of the period\'s end instead of start + duration (the duration is only checked for presence).',
    since: '1.1.0',
  },
  'spec3a-rrule-conflict-first-occurrence-only': {
    rule: 'events.create.409',
    description: 'An rrule creation checks only its first occurrence for conflicts: an existing recording overlapping a later occurrence is missed and every occurrence is created (200).',
    since: '1.1.0',
  },
});

/** Bug site (handlers/create.ts, after parsing): the parts as a buggy server reads them. */
export function spec3aCreateParts(ctx: Ctx, parts: EventParts): void {
  if (!ctx.app.bug('spec3a-create-latin1-with-media') || parts.tracks.length === 0 || !parts.metadata) return;
  const mangle = (fields: { id: string; value: unknown }[]) => fields.map((f) => ({ ...f, value: latin1Value(f.value) }));
  if (parts.metadata.episode) parts.metadata.episode = mangle(parts.metadata.episode);
  for (const [flavor, fields] of parts.metadata.extras) parts.metadata.extras.set(flavor, mangle(fields));
}

/** Bug site (handlers/create.ts, before planning): the rrule as a buggy server reads it. */
export function spec3aRrule(ctx: Ctx, s: ScheduleInput | undefined): void {
  if (s?.rrule && ctx.app.bug('spec3a-rrule-interval-ignored')) s.rrule = s.rrule.replace(/;?INTERVAL=\d+/i, '').replace(/^;/, '');
}

const DAY_MS = 86_400_000;

/** Bug site (handlers/create.ts, after planning): the occurrences a buggy server creates. */
export function spec3aPlan(ctx: Ctx, s: ScheduleInput | undefined, plan: Schedule[] | undefined): Schedule[] | undefined {
  if (!plan || !s?.rrule || s.startMs === undefined) return plan;
  const { bug } = ctx.app;
  let out = plan;
  if (bug('spec3a-rrule-start-excluded')) {
    out = out.filter((p) => p.startMs !== s.startMs);
    if (out.length === 0) throw badRequest(`scheduling: the rrule has no occurrence between start and end`);
  }
  if (bug('spec3a-rrule-end-time-of-day') && s.endMs !== undefined) {
    const tod = ((s.endMs % DAY_MS) + DAY_MS) % DAY_MS;
    out = out.map((p) => {
      const endMs = p.startMs - (((p.startMs % DAY_MS) + DAY_MS) % DAY_MS) + tod;
      return endMs > p.startMs ? { ...p, endMs } : p;
    });
  }
  return out;
}

/** Bug site (handlers/create.ts, the records before they are stored): what a buggy rrule creation stores. */
export function spec3aCreated(ctx: Ctx, records: EventRecord[]): void {
  if (!ctx.app.bug('spec3a-rrule-later-occurrences-bare') || records.length < 2) return;
  for (const rec of records.slice(1)) {
    const e = rec.episode;
    rec.episode = {
      title: e.title, subjects: [], description: '', language: '', rightsHolder: '', license: '', isPartOf: '',
      creator: [], contributor: [], location: '', source: '',
      ...(e.startMs !== undefined ? { startMs: e.startMs } : {}),
      ...(e.durationMs !== undefined ? { durationMs: e.durationMs } : {}),
    };
  }
}

/** Bug site (handlers/create.ts, the conflicts found): a server checking only the first occurrence keeps these. */
export function spec3aCreateConflicts(ctx: Ctx, conflicts: ConflictEntry[], plan: Schedule[]): ConflictEntry[] {
  if (!ctx.app.bug('spec3a-rrule-conflict-first-occurrence-only') || plan.length < 2) return conflicts;
  const first = plan[0];
  return conflicts.filter((c) => Date.parse(c.start) < first.endMs && first.startMs < Date.parse(c.end));
}
