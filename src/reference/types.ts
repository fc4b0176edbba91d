/** Internal data model of the reference server (not part of the public API). */

export interface AclEntry {
  allow: boolean;
  action: string;
  role: string;
}

export interface Processing {
  workflow?: string;
  configuration?: Record<string, unknown>;
}

/** Scheduling information (spec § Scheduling information), times in ms since the epoch. */
export interface Schedule {
  agentId: string;
  startMs: number;
  endMs: number;
  inputs?: string[];
}

/** A file of a publication (spec § Publication: file item). */
export interface FileItem {
  id: string;
  mediatype: string;
  url: string;
  flavor: string;
  size: number;
  checksum: string;
  tags: string[];
}

/** A media track of a publication (spec § Publication: track). */
export interface Track extends FileItem {
  has_audio: boolean;
  has_video: boolean;
  duration: number;
  description: string;
}

export interface Publication {
  id: string;
  channel: string;
  mediatype: string;
  url: string;
  media: Track[];
  attachments: FileItem[];
  metadata: FileItem[];
}

/** An uploaded media file, kept as a description (the bytes are not stored). */
export interface UploadedTrack {
  /** Identifier of the track within the media package (GET /media `identifier`); given on upload. */
  id?: string;
  /** Flavor set by POST /api/events/{event_id}/track (else `<part>/source`). */
  flavor?: string;
  /** Tags set by POST /track (else none). */
  tags?: string[];
  part: 'presenter' | 'presentation' | 'audio';
  filename: string;
  mediatype: string;
  size: number;
  checksum: string;
}

/** Values of the dublincore/episode catalog that are stored (the others are derived). */
export interface EpisodeValues {
  title: string;
  subjects: string[];
  description: string;
  language: string;
  rightsHolder: string;
  license: string;
  isPartOf: string;
  creator: string[];
  contributor: string[];
  location: string;
  source: string;
  /** Bibliographic duration in ms when given explicitly. */
  durationMs?: number;
  /** Bibliographic start in ms when given explicitly (startDate/startTime). */
  startMs?: number;
}

/** A catalog other than dublincore/episode: free field ids. */
export type ExtraCatalog = Map<string, string | string[]>;

export interface EventRecord {
  id: string;
  /** Insertion order (default list order). */
  seq: number;
  /** Technical creator. */
  creator: string;
  createdMs: number;
  episode: EpisodeValues;
  extraCatalogs: Map<string, ExtraCatalog>;
  acl: AclEntry[];
  processing?: Processing;
  schedule?: Schedule;
  processingState: string;
  tracks: UploadedTrack[];
  publications: Publication[];
  /**
   * The publication of channel "internal" (addendum specs/events-api-1.7-1.11.md § Publication (addition in 1.11.0)),
   * kept apart from `publications`: it is shown only where includeInternalPublication asks for it at 1.11.0.
   */
  internalPublication?: Publication;
  archiveVersion: number;
  /** Base URL for publication URLs (captured when the event was created). */
  baseUrl: string;
  /** 1.6.0 DELETE accepted: retraction running, the event disappears soon. */
  deleting: boolean;
  /** Serialization cache (shape key → JSON text); cleared on every write. */
  json: Map<string, string>;
}

/** The caller of a request. */
export interface Caller {
  name: string;
  roles: ReadonlySet<string>;
  admin: boolean;
}

/** An error that becomes an HTTP response (JSON body {"error": message} unless body is given). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, message);
}

export function notFound(message: string): HttpError {
  return new HttpError(404, message);
}
