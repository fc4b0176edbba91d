import { empty, type Ctx, type Reply } from '../app.js';
import { writableEvent } from '../event-access.js';
import { emptyEpisode, copyEpisode } from '../episode.js';
import { toSeconds, isoSeconds } from '../time.js';
import { badRequest, type EpisodeValues, type EventRecord, type Schedule } from '../types.js';
import { family } from './types.js';
import type { ConflictEntry } from '../conflicts.js';
import type { EventParts } from '../event-parts.js';
import type { ScheduleInput } from '../schedule.js';
import { latin1Value } from './mutant-state.js';
import { atLeast } from '../version.js';
import type { EventView } from '../view.js';

/** The event write family: planted bugs of POST /api/events, POST /api/events/{id} and DELETE /api/events/{id} (rules events.create.*, events.update.*, events.delete.*). */

/**
 * Event mutants (spec § POST /api/events: "201: the event is created. The Location
 * header holds {base_url}/api/events/<event_id>"; § POST /api/events/{event_id}: "Only what is sent is changed";
 * § Event (response object): "created | Creation date and time", "presenter* | array[string] | Presenters").
 * Bug sites: handlers/create.ts (sectionCreateReply, sectionNewEpisode) and handlers/update.ts (sectionUpdateBase, sectionUpdated).
 */
export const EVENT_WRITE_MUTANTS = family({
  'create-location-missing-scheduled': {
    rule: 'events.create.location',
    description: 'The 201 of a single scheduled event (scheduling part, no rrule) has no Location header (only the upload path sets it).',
    since: '1.1.0',
  },
  'create-presenters-first-only': {
    rule: 'events.create.metadata',
    description: 'POST /api/events stores only the first presenter (creator) of the list; the others are dropped (updates keep them all).',
  },
  'update-unsent-fields-cleared': {
    rule: 'events.update.partial',
    description: 'POST /api/events/{id} rebuilds dublincore/episode from the fields sent: episode fields not sent (e.g. description) are emptied.',
  },
  'update-touches-created': {
    rule: 'events.update.partial',
    description: 'POST /api/events/{id} sets `created` to the time of the update (an ON UPDATE CURRENT_TIMESTAMP column).',
  },
});

/** Bug site (handlers/create.ts, the 201 reply): the Location header a buggy server leaves out. */
export function sectionCreateReply(ctx: Ctx, reply: Reply, scheduled: boolean): Reply {
  if (!ctx.app.bug('create-location-missing-scheduled') || !scheduled || reply.status !== 201) return reply;
  const { Location: _l, ...rest } = reply.headers ?? {};
  return { ...reply, headers: rest };
}

/** Bug site (handlers/create.ts newRecord): the episode a creation stores. */
export function sectionNewEpisode(ctx: Ctx, e: EpisodeValues): void {
  if (ctx.app.bug('create-presenters-first-only')) e.creator = e.creator.slice(0, 1);
}

/** Bug site (handlers/update.ts): the catalog an update's episode fields are applied to. */
export function sectionUpdateBase(ctx: Ctx, base: EpisodeValues): EpisodeValues {
  return ctx.app.bug('update-unsent-fields-cleared') ? emptyEpisode() : base;
}

/** Bug site (handlers/update.ts, before the commit): what a buggy update changes besides the parts sent. */
export function sectionUpdated(ctx: Ctx, rec: EventRecord): void {
  if (ctx.app.bug('update-touches-created')) rec.createdMs = toSeconds(Date.now());
}

/**
 * Event-creation mutants (spec § POST /api/events: parts metadata, presenter,
 * presentation, audio, scheduling; Scheduling rules 1-3: "To schedule several events, give rrule, end and duration.
 * The rule determines the dates and times within the period from start to end plus duration."; "409: scheduling
 * conflict"; § Scheduling information: "duration | Duration of the recording in milliseconds"; § Event: "A field
 * marked * is a metadata field of the catalog with flavor dublincore/episode"). Bug sites: handlers/create.ts.
 */
export const EVENT_CREATE_MUTANTS = family({
  'create-latin1-with-media': {
    rule: 'events.create.metadata',
    description: 'POST /api/events that also uploads a media file decodes the metadata part as ISO-8859-1 (the multipart parser\'s file mode): non-ASCII values are stored mangled ("Zürich" → "ZÃ¼rich"); creations without media are right.',
  },
  'rrule-later-occurrences-bare': {
    rule: 'events.create.metadata',
    description: 'An rrule creation gives only the first occurrence the sent metadata; the later occurrences keep only the title (the field list was a consumed iterator): description, presenters, subjects, location … are empty.',
    since: '1.1.0',
  },
  'rrule-interval-ignored': {
    rule: 'events.create.rrule',
    description: 'INTERVAL in the rrule is ignored: FREQ=DAILY;INTERVAL=2 creates an occurrence every day.',
    since: '1.1.0',
  },
  'rrule-start-excluded': {
    rule: 'events.create.rrule',
    description: 'The occurrences are expanded strictly after start (between(start, end, inclusive=false)): the occurrence at start itself is not created.',
    since: '1.1.0',
  },
  'rrule-end-time-of-day': {
    rule: 'events.create.schedule-duration',
    description: 'Each occurrence of an rrule schedule ends at the time of day of the period\'s end instead of start + duration (the duration is only checked for presence).',
    since: '1.1.0',
  },
  'rrule-conflict-first-occurrence-only': {
    rule: 'events.create.409',
    description: 'An rrule creation checks only its first occurrence for conflicts: an existing recording overlapping a later occurrence is missed and every occurrence is created (200).',
    since: '1.1.0',
  },
});

/** Bug site (handlers/create.ts, after parsing): the parts as a buggy server reads them. */
export function lifecycleCreateParts(ctx: Ctx, parts: EventParts): void {
  if (!ctx.app.bug('create-latin1-with-media') || parts.tracks.length === 0 || !parts.metadata) return;
  const mangle = (fields: { id: string; value: unknown }[]) => fields.map((f) => ({ ...f, value: latin1Value(f.value) }));
  if (parts.metadata.episode) parts.metadata.episode = mangle(parts.metadata.episode);
  for (const [flavor, fields] of parts.metadata.extras) parts.metadata.extras.set(flavor, mangle(fields));
}

/** Bug site (handlers/create.ts, before planning): the rrule as a buggy server reads it. */
export function lifecycleRrule(ctx: Ctx, s: ScheduleInput | undefined): void {
  if (s?.rrule && ctx.app.bug('rrule-interval-ignored')) s.rrule = s.rrule.replace(/;?INTERVAL=\d+/i, '').replace(/^;/, '');
}

const DAY_MS = 86_400_000;

/** Bug site (handlers/create.ts, after planning): the occurrences a buggy server creates. */
export function lifecyclePlan(ctx: Ctx, s: ScheduleInput | undefined, plan: Schedule[] | undefined): Schedule[] | undefined {
  if (!plan || !s?.rrule || s.startMs === undefined) return plan;
  const { bug } = ctx.app;
  let out = plan;
  if (bug('rrule-start-excluded')) {
    out = out.filter((p) => p.startMs !== s.startMs);
    if (out.length === 0) throw badRequest(`scheduling: the rrule has no occurrence between start and end`);
  }
  if (bug('rrule-end-time-of-day') && s.endMs !== undefined) {
    const tod = ((s.endMs % DAY_MS) + DAY_MS) % DAY_MS;
    out = out.map((p) => {
      const endMs = p.startMs - (((p.startMs % DAY_MS) + DAY_MS) % DAY_MS) + tod;
      return endMs > p.startMs ? { ...p, endMs } : p;
    });
  }
  return out;
}

/** Bug site (handlers/create.ts, the records before they are stored): what a buggy rrule creation stores. */
export function lifecycleCreated(ctx: Ctx, records: EventRecord[]): void {
  if (!ctx.app.bug('rrule-later-occurrences-bare') || records.length < 2) return;
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
export function lifecycleCreateConflicts(ctx: Ctx, conflicts: ConflictEntry[], plan: Schedule[]): ConflictEntry[] {
  if (!ctx.app.bug('rrule-conflict-first-occurrence-only') || plan.length < 2) return conflicts;
  const first = plan[0];
  return conflicts.filter((c) => Date.parse(c.start) < first.endMs && first.startMs < Date.parse(c.end));
}

/**
 * Event-update mutants (spec § POST /api/events/{event_id}: "Updates an event.
 * The multipart parts are the same as for creation (acl, metadata, ..., and scheduling from 1.1.0). Only what is
 * sent is changed: a request carrying only a metadata part updates only that catalog. Responses: 204 (updated), 404,
 * 409 (scheduling conflict on update ...)"). Bug sites: handlers/update.ts. (update-drops-publications is
 * declared in mutants/publications.ts and planted here, in lifecycleUpdated.)
 */
export const EVENT_UPDATE_MUTANTS = family({
  'update-extra-catalogs-ignored-with-episode': {
    rule: 'events.update.metadata',
    description: 'An update whose metadata part carries dublincore/episode and another catalog (e.g. license/episode) applies only dublincore/episode (an if/else-if over the flavors); the other catalog keeps its old values.',
  },
  'update-subjects-appended': {
    rule: 'events.update.metadata',
    description: 'POST /api/events/{id} merges array fields into the stored ones (a deep merge): subjects ["B"] sent to an event with ["A"] gives ["A", "B"] instead of ["B"].',
  },
  'update-409-metadata-applied': {
    rule: 'events.update.409',
    description: 'An update refused with 409 (its scheduling part conflicts) has already applied its metadata part: the title changes although the answer is 409.',
    since: '1.1.0',
  },
  'update-deleted-204': {
    rule: 'events.update.404',
    description: 'POST /api/events/{id} of an event that was deleted answers 204 (the update\'s lookup still finds the soft-deleted row); ids that never existed answer 404.',
  },
  'update-schedule-inputs-dropped': {
    rule: 'events.update.schedule',
    description: 'An update with a scheduling part that does not send inputs rebuilds the schedule without the stored inputs (GET …/scheduling loses them).',
    since: '1.1.0',
  },
});

/** Bug site (handlers/update.ts, first): the 204 a buggy server answers for a deleted event, if any. */
export function lifecycleUpdateDeleted(ctx: Ctx): Reply | undefined {
  const id = ctx.params[0];
  return ctx.app.bug('update-deleted-204') && !ctx.app.store.get(id) && wasDeleted(ctx.app, id) ? empty(204) : undefined;
}

/** Bug site (handlers/update.ts, after parsing): the parts as a buggy server applies them. */
export function lifecycleUpdateParts(ctx: Ctx, parts: EventParts): void {
  if (ctx.app.bug('update-extra-catalogs-ignored-with-episode') && parts.metadata?.episode) parts.metadata.extras.clear();
}

/** Bug site (handlers/update.ts, the new episode values): array fields merged into the stored ones. */
export function lifecycleUpdateEpisode(ctx: Ctx, rec: EventRecord, parts: EventParts, episode: EpisodeValues): void {
  if (!ctx.app.bug('update-subjects-appended') || episode === rec.episode) return;
  if (!parts.metadata?.episode?.some((f) => f.id === 'subjects')) return;
  episode.subjects = [...rec.episode.subjects, ...episode.subjects.filter((s) => !rec.episode.subjects.includes(s))];
}

/** Bug site (handlers/update.ts, before the 409): a buggy server has already stored the new metadata. */
export function lifecycleUpdateRefused(ctx: Ctx, rec: EventRecord, episode: EpisodeValues, conflicts: number): void {
  if (!ctx.app.bug('update-409-metadata-applied') || conflicts === 0 || episode === rec.episode) return;
  rec.episode = episode;
  ctx.app.store.commit(rec);
}

/** Bug site (handlers/update.ts, the merged schedule): the schedule a buggy update computes. */
export function lifecycleUpdateSchedule(ctx: Ctx, cur: Schedule, input: ScheduleInput, next: Schedule): Schedule {
  const { bug } = ctx.app;
  if (!bug('update-schedule-inputs-dropped') || input.inputs !== undefined || !cur.inputs) return next;
  const { inputs: _inputs, ...rest } = next;
  return rest;
}

/** Bug site (handlers/update.ts, before the commit): what a buggy update changes besides the parts sent. */
export function lifecycleUpdated(ctx: Ctx, rec: EventRecord, parts: EventParts): void {
  if (ctx.app.bug('update-drops-publications') && parts.metadata && parts.tracks.length === 0) rec.publications = [];
}

/**
 * DELETE mutants (spec § DELETE /api/events/{event_id}: "Deletes the event.
 * From version 1.6.0 it first retracts any publications. ... Responses: 202 (retraction of publications has
 * started), 204 (deleted), 404."). Bug site: handlers/event.ts deleteEvent (lifecycleDelete, before the lookup).
 */
export const EVENT_DELETE_MUTANTS = family({
  'delete-tombstone-204': {
    rule: 'events.delete.404',
    description: 'A DELETE of an event that was already deleted answers 204 again (the id stays as a soft-deleted tombstone); ids that never existed answer 404.',
  },
  'delete-scheduled-stays': {
    rule: 'events.delete.gone',
    description: 'DELETE of a scheduled event (scheduling part) answers 204 but only removes it from the capture agent\'s calendar: the event itself stays (GET 200, listed).',
    since: '1.1.0',
  },
  'delete-retracted-stays': {
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
export function lifecycleDelete(ctx: Ctx): Reply | undefined {
  const { app } = ctx;
  const { bug, store } = app;
  const id = ctx.params[0];
  if (bug('delete-tombstone-204') || bug('update-deleted-204')) {
    let dead = tombstones.get(app);
    if (!dead) tombstones.set(app, (dead = new Set()));
    if (!store.get(id) && dead.has(id) && bug('delete-tombstone-204')) return empty(204);
    if (store.get(id)) dead.add(id);
    return undefined;
  }
  if (bug('delete-scheduled-stays') && store.get(id)?.schedule) {
    writableEvent(ctx);
    return empty(204);
  }
  if (bug('delete-retracted-stays') && atLeast(ctx.version, '1.6.0') && (store.get(id)?.publications.length ?? 0) > 0) {
    const rec = writableEvent(ctx);
    app.timers.cancel(`process:${rec.id}`);
    app.timers.after(`early-retract:${rec.id}`, Math.floor(app.retractDelayMs / 2), () => {
      if (store.get(rec.id) !== rec) return;
      rec.publications = [];
      store.commit(rec);
    });
    return empty(202);
  }
  return undefined;
}

/**
 * Occurrences of a recurring schedule are separate events (spec § POST /api/events:
 * "Creates one event, or several scheduled events"; scheduling rule 3: "To schedule several events, give rrule, end
 * and duration"; 200: "several events were created by scheduling with rrule"). Bug sites: handlers/create.ts
 * (recurringCreated), handlers/event.ts (recurringDeleted), handlers/metadata.ts (recurringMetadataPut), via
 * mutants/sites.ts.
 */
export const RECURRING_SERIES_MUTANTS = family({
  'rrule-delete-takes-siblings': {
    rule: 'events.create.rrule',
    description: 'DELETE of one occurrence of an rrule creation deletes every occurrence (the series of the recurrence is deleted): its siblings answer 404.',
    since: '1.1.0',
  },
  'rrule-metadata-shared': {
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
  if (!ctx.app.bug('rrule-delete-takes-siblings')) return;
  for (const s of siblings.get(rec) ?? []) if (s !== rec) ctx.app.store.remove(s.id);
}

/** Bug site (PUT /metadata of dublincore/episode, after the commit): a buggy server writes the shared catalog. */
export function recurringMetadataPut(ctx: Ctx, rec: EventRecord): void {
  if (!ctx.app.bug('rrule-metadata-shared')) return;
  for (const s of siblings.get(rec) ?? []) {
    if (s === rec || ctx.app.store.get(s.id) !== s) continue;
    s.episode = { ...copyEpisode(rec.episode), startMs: s.episode.startMs, durationMs: s.episode.durationMs };
    ctx.app.store.commit(s);
  }
}

/**
 * Values filled from one another (spec § Event: "presenter* | array[string] | Presenters",
 * "contributor* | array[string] | Contributors", "description* | string | Description", "title* | string | Title";
 * each a field of dublincore/episode as created). Bug sites: the single GET and the list bodies (mutants/sites.ts).
 */
export const STAND_IN_MUTANTS = family({
  'contributor-from-presenters': {
    rule: 'events.create.metadata',
    description: 'The single GET of an event created without contributors shows its presenters as contributor (contributors in 1.0.0): a fallback `contributor || creator`.',
  },
  'description-from-title': {
    rule: 'events.create.metadata',
    description: 'List items of an event without description show the title as description (a summary fallback); the single GET is right.',
  },
});

type Obj = Record<string, unknown>;

const emptyArray = (x: unknown) => Array.isArray(x) && x.length === 0;

/** The single event object as a buggy server shapes it. */
export function standInGet(ctx: Ctx, o: Obj): void {
  if (!ctx.app.bug('contributor-from-presenters')) return;
  for (const [c, p] of [['contributor', 'presenter'], ['contributors', 'presenters']]) {
    if (emptyArray(o[c]) && Array.isArray(o[p]) && (o[p] as unknown[]).length > 0) o[c] = [...(o[p] as unknown[])];
  }
}

/** A list item as a buggy server shapes it. */
export function standInListItem(ctx: Ctx, item: Obj): void {
  if (ctx.app.bug('description-from-title') && item.description === '' && typeof item.title === 'string') item.description = item.title;
}

/**
 * Blind-spot class 11 of suites/DISCRIMINATING-DATA.md (values that could stand in for each other must differ): spec § Event, "created | datetime |
 * Creation date and time" beside "start". Bug site: handlers/event.ts (the view the single GET serializes).
 */
export const DISTINCT_VALUE_MUTANTS = family({
  'distinct-created-from-start': {
    rule: 'events.create.metadata',
    description: 'The single GET fills created from the bibliographic start when one was set (startDate/startTime): an event created today shows the start it was given as its creation date.',
  },
});

/** Bug site (handlers/event.ts getEvent): the created a buggy single GET shows, if it differs. */
export function blindSpotCreated(ctx: Ctx, rec: EventRecord, v: EventView): Partial<EventView> | undefined {
  if (!ctx.app.bug('distinct-created-from-start') || rec.episode.startMs === undefined) return undefined;
  return { created: isoSeconds(rec.episode.startMs), createdMs: rec.episode.startMs } satisfies Partial<EventView>;
}

/**
 * Blind-spot class 9 of suites/DISCRIMINATING-DATA.md (occurrences of a recurring schedule are separate events): spec § What the service does, "It
 * reads, updates and deletes a single event"; § DELETE /api/events/{event_id}, "Deletes the event." Bug site:
 * handlers/event.ts (deleteEvent).
 */
export const OCCURRENCE_DELETE_MUTANTS = family({
  'occurrences-delete-series': {
    rule: 'events.delete.gone',
    since: '1.1.0',
    description: 'DELETE of one occurrence of a recurring schedule deletes the whole series: every event the same rrule request created (same capture agent, same creation time: the series it was created in) disappears with it, also after one of them was renamed.',
  },
});

/** Bug site (handlers/event.ts deleteEvent, once the event may be deleted): its siblings, removed with it. */
export function blindSpotDeleteSiblings(ctx: Ctx, rec: EventRecord): void {
  if (!ctx.app.bug('occurrences-delete-series') || !rec.schedule) return;
  const agent = rec.schedule.agentId;
  const siblings = [...ctx.app.store.values()].filter((r) => r.id !== rec.id && r.schedule?.agentId === agent && r.createdMs === rec.createdMs);
  for (const r of siblings) ctx.app.store.remove(r.id);
}
