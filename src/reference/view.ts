import type { EventRecord } from './types.js';
import { isoSeconds } from './time.js';

/** Event values derived from a record, used by serializers, filters and sorting (recomputed on write). */
export interface EventView {
  id: string;
  /** Insertion order of the record. */
  seq: number;
  title: string;
  description: string;
  location: string;
  language: string;
  rightsholder: string;
  license: string;
  isPartOf: string;
  series: string;
  source: string;
  subjects: string[];
  presenters: string[];
  contributors: string[];
  created: string;
  createdMs: number;
  /** Bibliographic start (metadata startDate/startTime; default = technical start). */
  bibStartMs: number;
  /** Technical start: the schedule start for scheduled events, else the bibliographic start. */
  techStartMs: number;
  techEndMs: number;
  durationMs: number;
  processingState: string;
  status: string;
  agentId: string;
  hasPreviews: boolean;
  publicationStatus: string[];
  /** Lower-cased text searched by textFilter. */
  fullText: string;
}

/** processing_state → status (1.1.0+; docs/opencast-notes.md "status values"). */
export function statusOf(rec: EventRecord): string {
  // "" is a scheduled event's processing_state in Opencast (mutant opencast-scheduled-state-empty); its status stays SCHEDULED.
  if (rec.schedule && (rec.processingState === 'INSTANTIATED' || rec.processingState === '')) return 'EVENTS.EVENTS.STATUS.SCHEDULED';
  switch (rec.processingState) {
    case 'RUNNING':
    case 'FAILING':
      return 'EVENTS.EVENTS.STATUS.PROCESSING';
    case 'INSTANTIATED':
      return 'EVENTS.EVENTS.STATUS.PENDING';
    case 'PAUSED':
      return 'EVENTS.EVENTS.STATUS.PAUSED';
    case 'FAILED':
      return 'EVENTS.EVENTS.STATUS.PROCESSING_FAILURE';
    case 'STOPPED':
      return 'EVENTS.EVENTS.STATUS.PROCESSING_CANCELLED';
    default:
      return 'EVENTS.EVENTS.STATUS.PROCESSED';
  }
}

/** Latitude choices that change derived values (src/reference/latitude/catalogue.ts). */
export interface DeriveOptions {
  /** status-values=plain: PROCESSED instead of EVENTS.EVENTS.STATUS.PROCESSED. */
  plainStatus?: boolean;
  /** has-previews=never. */
  noPreviews?: boolean;
  /** publication-status=id: publication_status lists publication ids instead of channels. */
  publicationIds?: boolean;
  /** technical-start-unscheduled=created: an unscheduled event's technical start is its creation time. */
  createdTechStart?: boolean;
}

export function deriveView(rec: EventRecord, seriesTitle: (id: string) => string, opts: DeriveOptions = {}): EventView {
  const e = rec.episode;
  const techStartMs = rec.schedule ? rec.schedule.startMs : opts.createdTechStart ? rec.createdMs : (e.startMs ?? rec.createdMs);
  const bibStartMs = e.startMs ?? (rec.schedule ? rec.schedule.startMs : rec.createdMs);
  const durationMs = e.durationMs ?? (rec.schedule ? rec.schedule.endMs - rec.schedule.startMs : 0);
  const series = e.isPartOf === '' ? '' : seriesTitle(e.isPartOf);
  const created = isoSeconds(rec.createdMs);
  // Addendum § Publication (addition in 1.11.0): publication_status "lists the channel of every publication, internal
  // included, at every version".
  const all = rec.internalPublication ? [...rec.publications, rec.internalPublication] : rec.publications;
  const publicationStatus = all.map((p) => (opts.publicationIds ? p.id : p.channel));
  // textFilter: "Any metadata field matches the value" (spec § Filters): every text field of dublincore/episode.
  const searchable = [e.title, e.description, ...e.subjects, ...e.creator, ...e.contributor, e.location, series, rec.id,
    e.language, e.rightsHolder, e.license, e.isPartOf, e.source];
  return {
    id: rec.id,
    seq: rec.seq,
    title: e.title,
    description: e.description,
    location: e.location,
    language: e.language,
    rightsholder: e.rightsHolder,
    license: e.license,
    isPartOf: e.isPartOf,
    series,
    source: e.source,
    subjects: e.subjects,
    presenters: e.creator,
    contributors: e.contributor,
    created,
    createdMs: rec.createdMs,
    bibStartMs,
    techStartMs,
    techEndMs: rec.schedule ? rec.schedule.endMs : techStartMs + durationMs,
    durationMs,
    processingState: rec.processingState,
    status: opts.plainStatus ? statusOf(rec).replace('EVENTS.EVENTS.STATUS.', '') : statusOf(rec),
    agentId: rec.schedule?.agentId ?? '',
    hasPreviews: rec.publications.length > 0 && !opts.noPreviews,
    publicationStatus,
    fullText: searchable.join('\u0000').toLowerCase(),
  };
}
