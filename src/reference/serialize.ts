import type { ApiVersion } from '../model/version.js';
import { versionHas } from './features.js';
import { shownPublications } from './internal-publication.js';
import { renderCatalogs } from './catalogs.js';
import { isoSeconds } from './time.js';
import type { EventRecord, Publication, Schedule } from './types.js';
import { atLeast } from './version.js';
import type { EventView } from './view.js';

/** Event object per version (spec § Event (response object)). */

/** Which extra members the with* flags ask for (spec § GET /api/events query parameters). */
export interface WithFlags {
  acl: boolean;
  metadata: boolean;
  publications: boolean;
  scheduling: boolean;
  /** includeInternalPublication shows the internal publication here (src/reference/internal-publication.ts); absent = no. */
  internalPublication?: boolean;
}

/** Legal shapes the latitude mode picks (src/reference/latitude/shape.ts); absent = the default shapes. */
export interface ShapeStyle {
  /** number-fields=strings: archive_version and (1.1.0+) duration as strings of digits. */
  stringNumbers?: boolean;
  /** with-member-names=flag-names: withacl, withmetadata, ... instead of acl, metadata, ... */
  flagNames?: boolean;
  /** extra-members=extra: members the spec does not name. */
  extraMembers?: boolean;
  /** inputs-echo. */
  inputs?: 'as-sent' | 'empty' | 'default';
  /** with-scheduling-unscheduled=omitted: no scheduling member for an unscheduled event. */
  omitUnscheduled?: boolean;
  /** with-publications-shape=summary: withpublications adds id, channel, mediatype, url only. */
  publicationSummaries?: boolean;
  /** internal-publication-position=first: the internal publication comes first in a publications array. */
  internalFirst?: boolean;
  /** scheduling-duration=shown: scheduling objects also show duration (ms). */
  schedulingDuration?: boolean;
  /** The catalogs as this server shows them (latitude/fields.ts); identity when absent. */
  catalogs?: (cats: Record<string, unknown>[]) => Record<string, unknown>[];
}

/** Deliberate deviations, used only by mutants. */
export interface SerializeVariant {
  dropCreated?: boolean;
  legacyNames?: boolean;
  /** Derived values replaced before serializing (mutants of processing_state and start). */
  view?: Partial<EventView>;
}

type Shape = 'v1.0' | 'v1.1' | 'v1.4';

function shapeOf(v: ApiVersion): Shape {
  if (!atLeast(v, '1.1.0')) return 'v1.0';
  return atLeast(v, '1.4.0') ? 'v1.4' : 'v1.1';
}

/** The oldest variant: presenters, contributors, start_time (technical start), integer duration. */
function oldestObject(rec: EventRecord, v: EventView): Record<string, unknown> {
  return {
    archive_version: rec.archiveVersion,
    created: v.created,
    creator: rec.creator,
    contributors: v.contributors,
    description: v.description,
    duration: Math.round(v.durationMs),
    has_previews: v.hasPreviews,
    identifier: v.id,
    location: v.location,
    presenters: v.presenters,
    publication_status: v.publicationStatus,
    processing_state: v.processingState,
    start_time: isoSeconds(v.techStartMs),
    subjects: v.subjects,
    title: v.title,
  };
}

/** 1.1.0+: `start` is the technical start below 1.4.0 and the bibliographic start from 1.4.0. */
function currentObject(rec: EventRecord, v: EventView, shape: Shape): Record<string, unknown> {
  return {
    identifier: v.id,
    creator: rec.creator,
    presenter: v.presenters,
    created: v.created,
    subjects: v.subjects,
    start: isoSeconds(shape === 'v1.4' ? v.bibStartMs : v.techStartMs),
    description: v.description,
    title: v.title,
    processing_state: v.processingState,
    duration: v.durationMs,
    archive_version: rec.archiveVersion,
    contributor: v.contributors,
    has_previews: v.hasPreviews,
    location: v.location,
    publication_status: v.publicationStatus,
    language: v.language,
    rightsholder: v.rightsholder,
    license: v.license,
    is_part_of: v.isPartOf,
    series: v.series,
    source: v.source,
    status: v.status,
  };
}

function baseObject(rec: EventRecord, v: EventView, version: ApiVersion, style: ShapeStyle = {}): Record<string, unknown> {
  const shape = shapeOf(version);
  const o = shape === 'v1.0' ? oldestObject(rec, v) : currentObject(rec, v, shape);
  if (style.stringNumbers) {
    o.archive_version = String(o.archive_version);
    if (shape !== 'v1.0') o.duration = String(o.duration);
  }
  // The oldest variant lists its members ("the members are ..."): extra members only from 1.1.0.
  if (style.extraMembers && shape !== 'v1.0') Object.assign(o, { organization: 'mh_default_org', x_index_version: 1 });
  return o;
}

function variantObject(rec: EventRecord, v: EventView, version: ApiVersion, variant: SerializeVariant): Record<string, unknown> {
  const o = baseObject(rec, variant.view ? { ...v, ...variant.view } : v, version);
  if (variant.dropCreated) delete o.created;
  if (variant.legacyNames && 'presenter' in o) {
    const { presenter, contributor, start, ...rest } = o;
    return { ...rest, presenters: presenter, contributors: contributor, start_time: start };
  }
  return o;
}

/** Scheduling object (spec § Scheduling information): {agent_id, start, end, inputs?}. */
export function schedulingObject(s: Schedule, style: ShapeStyle = {}): Record<string, unknown> {
  const o: Record<string, unknown> = { agent_id: s.agentId, start: isoSeconds(s.startMs), end: isoSeconds(s.endMs) };
  if (style.schedulingDuration) o.duration = s.endMs - s.startMs;
  const inputs = style.inputs ?? 'as-sent';
  if (s.inputs) o.inputs = s.inputs;
  else if (inputs !== 'as-sent') o.inputs = inputs === 'default' ? ['default'] : [];
  if (style.extraMembers) o.x_agent_configuration = {};
  return o;
}

/** A publication as listed: id, channel, mediatype, url (spec § Publication: media, attachments and metadata are "Only in the single-publication response"). */
export function publicationSummary(p: Publication): Pick<Publication, 'id' | 'channel' | 'mediatype' | 'url'> {
  return { id: p.id, channel: p.channel, mediatype: p.mediatype, url: p.url };
}

/**
 * Full publication object (spec § Publication: the single-publication response). `trackMembers`: the tracks carry
 * is_master_playlist and is_live (addendum § Track inside a publication: "1.7.0 and above; absent below"; the
 * simulation never makes a master playlist or a live stream).
 */
export function publicationObject(p: Publication, trackMembers = false): Publication {
  return trackMembers ? { ...p, media: p.media.map((t) => ({ ...t, is_master_playlist: false, is_live: false })) } : p;
}

function extraMembers(rec: EventRecord, v: EventView, version: ApiVersion, flags: WithFlags, style: ShapeStyle): string {
  let out = '';
  const w = style.flagNames ? 'with' : '';
  if (flags.acl) out += `,"${w}acl":` + JSON.stringify(rec.acl);
  if (flags.metadata) {
    const cats = renderCatalogs(rec.episode, { id: rec.id, createdMs: rec.createdMs, startMs: v.bibStartMs, durationMs: v.durationMs }, rec.extraCatalogs);
    out += `,"${w}metadata":` + JSON.stringify(style.catalogs ? style.catalogs(cats) : cats);
  }
  if (flags.publications) out += `,"${w}publications":` + JSON.stringify(shownPublications(rec, flags.internalPublication === true, style.internalFirst === true).map((p) => (style.publicationSummaries ? publicationSummary(p) : publicationObject(p, versionHas(version, 'publication-track-members')))));
  if (flags.scheduling && atLeast(version, '1.1.0') && (rec.schedule || !style.omitUnscheduled)) {
    out += `,"${w}scheduling":` + JSON.stringify(rec.schedule ? schedulingObject(rec.schedule, style) : null);
  }
  return out;
}

/** JSON text of one event object in `version`, with the members the flags ask for. */
export function eventJson(
  rec: EventRecord,
  v: EventView,
  version: ApiVersion,
  flags: WithFlags,
  variant?: SerializeVariant,
  style: ShapeStyle = {},
): string {
  let base: string;
  if (variant && (variant.dropCreated || variant.legacyNames || variant.view)) {
    base = JSON.stringify(variantObject(rec, v, version, variant));
  } else {
    const key = shapeOf(version);
    const cached = rec.json.get(key);
    base = cached ?? JSON.stringify(baseObject(rec, v, version, style));
    if (cached === undefined) rec.json.set(key, base);
  }
  const extra = extraMembers(rec, v, version, flags, style);
  return extra === '' ? base : base.slice(0, -1) + extra + '}';
}
