import type { MultipartPart } from '../http/index.js';
import { serverField, type Capabilities } from './capabilities.js';
import { mediaPart } from './media.js';

/** What a scenario asks to create (fields of dublincore/episode, optional scheduling, ACL, media). */
export interface EventSpec {
  fields: Record<string, string | string[]>;
  scheduling?: Record<string, unknown>;
  acl?: { action: string; role: string; allow?: boolean }[];
  media?: boolean;
  /** With media: how many seconds of the shipped tone to upload (default 1, the shipped file; src/core/media.ts toneBytes). */
  mediaSeconds?: number;
}

export interface FormOptions {
  /** The scenario's tag: prefixed to the title so the run's events are recognisable and can be found again. */
  tag: string;
  workflow: string;
  adminRoles: string[];
  /** What the probe learned (media to upload, field ids); absent = a server that accepts everything optional. */
  caps?: Capabilities;
}

/**
 * Whether a create of `spec` uploads media: asked for (`media: true`), or needed by the server (the probe found it
 * refuses an event without media) for a create without a schedule (a scheduled event gets its media from the agent).
 */
export function sendsMedia(spec: Pick<EventSpec, 'media' | 'scheduling'>, caps: Capabilities | undefined): boolean {
  return Boolean(spec.media) || (Boolean(caps?.media) && !spec.scheduling);
}

/** The title the server will hold for a given title: tagged with the run. */
export function taggedTitle(tag: string, title: string | undefined): string {
  return title === undefined ? tag : `${tag} ${title}`;
}

/** A schedule with the inputs the probe found the server to require, unless it names its own (spec § Scheduling). */
export function withInputs(scheduling: Record<string, unknown>, caps: Capabilities | undefined): Record<string, unknown> {
  return caps?.inputs && !('inputs' in scheduling) ? { ...scheduling, inputs: caps.inputs } : scheduling;
}

/**
 * The multipart body of POST /api/events (spec § POST /api/events: parts acl, metadata, processing,
 * presenter, scheduling). Sends every part real servers require (docs/opencast-notes.md: acl, metadata, processing).
 */
export function eventCreateParts(spec: EventSpec, opts: FormOptions): MultipartPart[] {
  const fields: Record<string, string | string[]> = { ...spec.fields, title: taggedTitle(opts.tag, spec.fields.title as string | undefined) };
  if (fields.subjects === undefined) fields.subjects = [opts.tag];
  const metadata = [{
    flavor: 'dublincore/episode',
    fields: Object.entries(fields).map(([id, value]) => ({ id: serverField(opts.caps, id), value })),
  }];
  const acl = spec.acl ?? opts.adminRoles.flatMap((role) => [
    { allow: true, action: 'read', role },
    { allow: true, action: 'write', role },
  ]);
  const parts: MultipartPart[] = [
    { name: 'acl', value: JSON.stringify(acl) },
    { name: 'metadata', value: JSON.stringify(metadata) },
    { name: 'processing', value: JSON.stringify({ workflow: opts.workflow, configuration: {} }) },
  ];
  if (spec.scheduling) parts.push({ name: 'scheduling', value: JSON.stringify(withInputs(spec.scheduling, opts.caps)) });
  if (sendsMedia(spec, opts.caps)) parts.push(mediaPart(opts.caps?.media ?? undefined, spec.mediaSeconds));
  return parts;
}

/** The identifiers a create response names: body.identifier, an array of them (rrule), or the Location path. */
export function createdIdentifiers(body: unknown, location: string | undefined): string[] {
  if (Array.isArray(body)) {
    return body.map((e) => (e as { identifier?: unknown })?.identifier).filter((x): x is string => typeof x === 'string');
  }
  const b = body as { identifier?: unknown; id?: unknown } | null;
  if (b && typeof b.identifier === 'string') return [b.identifier];
  if (b && typeof b.id === 'string') return [b.id];
  const m = location ? /\/api\/events?\/([^/?#]+)/.exec(location) : null;
  return m ? [decodeURIComponent(m[1])] : [];
}
