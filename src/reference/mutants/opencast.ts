/**
 * Documented deviations of real Opencast (docs/opencast-behaviour.md, each citing the Opencast source file), each a
 * named switch: the reference server's Opencast mode (src/reference/profiles) turns them on together; each also
 * stands alone as a mutant, proven caught by the rule it breaks.
 */
import type { Ctx } from '../app.js';
import type { ApiVersion } from '../../model/version.js';
import type { FieldInput } from '../episode.js';
import { EPISODE_FIELDS, EPISODE_FLAVOR } from '../episode.js';
import type { FilterGroup } from '../list-params.js';
import type { ListQuery } from '../list-run.js';
import type { AclEntry, EpisodeValues, EventRecord, Publication } from '../types.js';
import { atLeast } from '../version.js';
import { family } from './types.js';

export const OPENCAST_MUTANTS = family({
  'opencast-acl-part-allow-ignored': {
    rule: 'events.create.acl',
    description: 'Opencast: the acl part of a create (and update) ignores allow: every entry is stored with allow true, also one sent with allow false (EHR deserializeJsonToAcl(assumeAllow=true)).',
  },
  'opencast-filter-repeat-last': {
    rule: 'events.list.filter.or',
    // Opencast's query builder keeps the last value in every version; below 1.5.0 the spec leaves the repetition
    // open (AND or OR, src/spec/readings.ts), and this switch models only the documented 1.5.0 deviation.
    since: '1.5.0',
    description: 'Opencast: a repeated single-valued filter keyword (title:A,title:B) keeps the last value only; only contributors, presenters and identifier OR their values (EQB; the 1.5.0 OR rule is not implemented as documented).',
  },
  'opencast-scheduled-state-empty': {
    rule: 'events.create.scheduled-state',
    description: 'Opencast: a scheduled event has processing_state "" (no workflow exists yet), not INSTANTIATED (Event.java updateEventStatus).',
  },
  'opencast-publications-list-full': {
    rule: 'publications.list.schema',
    description: 'Opencast: GET …/publications lists full publication objects (media, attachments, metadata), the members the spec keeps "Only in the single-publication response" (EE getPublications; docs/opencast-notes.md, Things… 3).',
  },
  'opencast-oldest-current-names': {
    rule: 'events.list.schema',
    until: '1.0.0',
    description: 'Opencast: in 1.0.0 list items (and the single GET) use presenter, contributor and start, the later names; no released server sent presenters/contributors/start_time (tag 2.3.0 EventsEndpoint.java).',
  },
  'opencast-scheduled-location-agent': {
    rule: 'events.create.metadata',
    since: '1.1.0',
    description: 'Opencast: a scheduled event\'s location is overwritten with its capture agent id, also when the metadata named another (SchedulingUtils SchedulingInfo.toSource; IndexServiceImpl createEvent).',
  },
  'opencast-unknown-numbers-absent': {
    rule: 'events.get.schema',
    description: 'Opencast: archive_version is left out while the event has no snapshot yet (a scheduled event before its recording), duration is null (1.4.0+) or left out (below) while no duration is known (EventsEndpoint eventToJSON).',
  },
  'opencast-subject-filter-joined': {
    rule: 'events.list.filter.subject',
    description: 'Opencast: the subject filter is a term query on the one comma-joined subject string, so an event with two subjects matches neither alone (EventQueryBuilder; the index keeps subject as one keyword).',
  },
  'opencast-acl-locked-while-processing': {
    rule: 'acl.put.while-processing',
    description: 'Opencast: an ACL change (PUT /acl, POST /acl/{action}, DELETE /acl/{action}/{role}, the acl part of an update) of an event whose workflow is running is refused with 403 and an empty body (IndexServiceImpl updateEventAcl: "Unable to update the ACL of this event as it is currently processing."; EventsEndpoint).',
    // Observable only while the event's processing runs: the self-test's 50 ms is too short to reach it on a loaded machine.
    selftest: { processingDelayMs: 1_500 },
  },
  'opencast-update-part-by-part': {
    rule: 'events.update.409',
    since: '1.1.0',
    description: 'Opencast: an update applies its metadata part, then its acl part, then its scheduling part, each on its own; a 409 (or 400, 403) of a later part leaves the earlier ones applied (EventsEndpoint updateEvent: "FIXME: All of these update operations should be a part of a transaction").',
  },
  'opencast-subjects-comma-split': {
    rule: 'metadata.put.applies',
    description: 'Opencast: PUT /metadata joins a subjects array with "," into the one stored subject string and reading splits it again, so a subject holding a comma comes back as two subjects (EventsEndpoint updateEventMetadataByType: StringUtils.join(subjectArray, ",")).',
  },
  'opencast-created-follows-start': {
    rule: 'events.create.metadata',
    description: 'Opencast: the Dublin Core created follows the start date (DublinCoreUtil setTemporal sets PROPERTY_CREATED from the period\'s start, "as discussed in MH-12250"), so a scheduled or back-dated event shows created equal to its start; a PUT of created is skipped.',
  },
  'opencast-metadata-put-as-text': {
    rule: 'metadata.put.400',
    description: 'Opencast: PUT /metadata reads the metadata parameter as a map of strings (RequestUtils.getKeyValueMap): a value of another JSON type (an object, an array where text is expected) is stored as its JSON text, and the request\'s other fields are applied (EventsEndpoint updateEventMetadataByType).',
  },
});

/** Bug site (handlers/create.ts newRecord, handlers/update.ts): the acl part as Opencast stores it. */
export function opencastAclPart(ctx: Ctx, acl: AclEntry[]): AclEntry[] {
  return ctx.app.bug('opencast-acl-part-allow-ignored') ? acl.map((e) => ({ ...e, allow: true })) : acl;
}

/** Bug site (list-params.ts parseFilters): whether a repeated keyword replaces the value before it. */
export function opencastRepeatLast(bug: Ctx['app']['bug'], multiValued: boolean, from150: boolean): boolean {
  return from150 && !multiValued && bug('opencast-filter-repeat-last');
}

/** Bug site (hook listQuery.query): 1.0.0 list items in the later shape (presenter, contributor, start). */
export function opencastOldestListNames(ctx: Ctx, q: ListQuery): ListQuery {
  return q.version === '1.0.0' && ctx.app.bug('opencast-oldest-current-names') ? { ...q, version: '1.1.0' } : q;
}

/** Bug site (handlers/create.ts newRecord): the processing_state of a new scheduled event. */
export function opencastScheduledState(ctx: Ctx): string | undefined {
  return ctx.app.bug('opencast-scheduled-state-empty') ? '' : undefined;
}


/** Bug site (handlers/publications.ts listPublications): a listed publication as Opencast shows it (the whole object). */
export function opencastListedPublication(ctx: Ctx, summary: Record<string, unknown>, p: Publication): Record<string, unknown> {
  return ctx.app.bug('opencast-publications-list-full') ? { ...summary, media: p.media, attachments: p.attachments, metadata: p.metadata } : summary;
}

/** Bug site (hook eventBody.version): the single GET of 1.0.0 uses the later names too. */
export function opencastOldestGetNames(ctx: Ctx, version: ApiVersion): ApiVersion {
  return version === '1.0.0' && ctx.app.bug('opencast-oldest-current-names') ? '1.1.0' : version;
}

/** Bug site (hook stored): a scheduled event's location is its agent id; created follows the start. */
export function opencastNewRecord(ctx: Ctx, rec: EventRecord): void {
  if (rec.schedule && ctx.app.bug('opencast-scheduled-location-agent')) rec.episode.location = rec.schedule.agentId;
  opencastCreatedFollowsStart(ctx, rec);
}

/** Bug site (hooks stored: create, update; response: after PUT /metadata commits): DC created = the start date. */
export function opencastCreatedFollowsStart(ctx: Ctx, rec: EventRecord): void {
  if (!ctx.app.bug('opencast-created-follows-start')) return;
  rec.createdMs = rec.episode.startMs ?? rec.schedule?.startMs ?? rec.createdMs;
}

/** Whether an event's archive version is unknown to Opencast: a scheduled event before any workflow ran (no snapshot yet). */
function archiveVersionUnknown(rec: EventRecord): boolean {
  return rec.schedule !== undefined && rec.processingState === '';
}

/** Whether an event's duration is unknown: no duration field, no schedule. */
function durationUnknown(rec: EventRecord): boolean {
  return rec.episode.durationMs === undefined && rec.schedule === undefined;
}

/** One event object as Opencast shows it while its archive version or duration is unknown. */
function unknownNumbers(o: Record<string, unknown>, rec: EventRecord | undefined, version: ApiVersion): Record<string, unknown> {
  if (!rec) return o;
  if (archiveVersionUnknown(rec)) delete o.archive_version;
  if (durationUnknown(rec)) {
    if (atLeast(version, '1.4.0')) o.duration = null;
    else delete o.duration;
  }
  return o;
}

/** Bug site (hook eventBody.body): archive_version left out and duration null while unknown. */
export function opencastUnknownNumbersGet(ctx: Ctx, text: string, rec: EventRecord): string {
  if (!ctx.app.bug('opencast-unknown-numbers-absent') || (!archiveVersionUnknown(rec) && !durationUnknown(rec))) return text;
  return JSON.stringify(unknownNumbers(JSON.parse(text) as Record<string, unknown>, rec, ctx.version));
}

/** Bug site (hook listBody): the same for every item of a list. */
export function opencastUnknownNumbersList(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('opencast-unknown-numbers-absent')) return text;
  const items = JSON.parse(text) as unknown;
  if (!Array.isArray(items)) return text;
  return JSON.stringify(items.map((o: Record<string, unknown>) => unknownNumbers(o, typeof o?.identifier === 'string' ? ctx.app.store.get(o.identifier) : undefined, ctx.version)));
}

/** Bug site (hook listFilters.groups): subject matches the whole comma-joined subject string. */
export function opencastSubjectJoined(ctx: Ctx, groups: FilterGroup[]): FilterGroup[] {
  if (!ctx.app.bug('opencast-subject-filter-joined')) return groups;
  return groups.map((g) => (g.name !== 'subject' ? g : {
    ...g,
    test: {
      label: 'opencast-subject-joined',
      match: (v) => (g.any ? g.values.some((x) => v.subjects.join(',') === x) : g.values.every((x) => v.subjects.join(',') === x)),
    },
  }));
}

/** Bug site (hook authorize): an ACL change of an event whose workflow runs is refused (403). */
export function opencastAclLocked(ctx: Ctx, locked: boolean, rec: EventRecord): boolean {
  return locked || (ctx.app.bug('opencast-acl-locked-while-processing') && rec.processingState === 'RUNNING');
}

/** Bug site (hook writeInput): each part of an update is applied on its own, in order. */
export function opencastPartByPart(ctx: Ctx, partByPart: boolean): boolean {
  return partByPart || ctx.app.bug('opencast-update-part-by-part');
}

const LIST_FIELDS = new Set(['subjects', 'subject', 'creator', 'contributor']);
const TEXT_FIELDS = new Set(EPISODE_FIELDS.filter((f) => (f.type === 'text' || f.type === 'text_long') && !LIST_FIELDS.has(f.id)).map((f) => f.id));

/** Bug site (hook writeInput): a text field sent as an object or array is stored as its JSON text. */
export function opencastPutAsText(ctx: Ctx, fields: FieldInput[], type: string): FieldInput[] {
  if (!ctx.app.bug('opencast-metadata-put-as-text') || type !== EPISODE_FLAVOR) return fields;
  return fields.map((f) => (TEXT_FIELDS.has(f.id) && f.value !== null && typeof f.value === 'object' ? { ...f, value: JSON.stringify(f.value) } : f));
}

/** Bug site (hook metadataPut.episode): subjects joined with "," and split again on the way back. */
export function opencastSubjectsSplit(ctx: Ctx, next: EpisodeValues, fields: FieldInput[]): EpisodeValues {
  if (!ctx.app.bug('opencast-subjects-comma-split') || !fields.some((f) => f.id === 'subjects' || f.id === 'subject')) return next;
  return { ...next, subjects: next.subjects.join(',').split(',').map((s) => s.trim()).filter((s) => s !== '') };
}
