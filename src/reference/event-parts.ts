import { randomUUID } from 'node:crypto';
import type { ApiVersion } from '../model/version.js';
import { parseCatalogs, type MetadataInput } from './catalogs.js';
import type { Form } from './form.js';
import { md5 } from './processing.js';
import { parseAcl, parseJsonParam, parseProcessing } from './input.js';
import { parseScheduleInput, type ScheduleInput } from './schedule.js';
import { badRequest, type AclEntry, type Processing, type UploadedTrack } from './types.js';
import { atLeast } from './version.js';

/** The multipart parts of POST /api/events and POST /api/events/{id} (spec § POST /api/events, parts table). */
export interface EventParts {
  metadata?: MetadataInput;
  acl?: AclEntry[];
  processing?: Processing;
  /** Only from 1.1.0 ("Part scheduling on create and update"); ignored below. */
  scheduling?: ScheduleInput;
  tracks: UploadedTrack[];
}

const MEDIA_PARTS = ['presenter', 'presentation', 'audio'] as const;

function present(s: string | undefined): s is string {
  return s !== undefined && s.trim() !== '';
}

function tracksOf(form: Form): UploadedTrack[] {
  const out: UploadedTrack[] = [];
  for (const part of MEDIA_PARTS) {
    const files = form.files(part);
    if (files.length === 0 && present(form.text(part))) throw badRequest(`part '${part}' must be a file`);
    for (const f of files) {
      out.push({
        id: randomUUID(),
        part,
        filename: f.filename,
        mediatype: f.type === '' ? 'application/octet-stream' : f.type.split(';')[0].trim(),
        size: f.bytes.length,
        checksum: md5(f.bytes),
      });
    }
  }
  return out;
}

/** How the parts are read. */
export interface PartsVariant {
  /** ACL entries without allow (latitude choices acl-allow-default / put-acl-allow): a default or 'required'. */
  aclDefault?: boolean | 'required';
}

/** Validates every part that was sent (nothing is applied here). Unknown parts (e.g. `acls`) are ignored. */
export function parseEventParts(form: Form, version: ApiVersion, variant: PartsVariant = {}): EventParts {
  const parts: EventParts = { tracks: tracksOf(form) };
  const metadata = form.text('metadata');
  if (present(metadata)) parts.metadata = parseCatalogs(parseJsonParam(metadata, 'metadata'));
  const acl = form.text('acl');
  if (present(acl)) parts.acl = parseAcl(parseJsonParam(acl, 'acl'), 'acl', variant.aclDefault);
  const processing = form.text('processing');
  if (present(processing)) parts.processing = parseProcessing(parseJsonParam(processing, 'processing'));
  const scheduling = form.text('scheduling');
  if (present(scheduling) && atLeast(version, '1.1.0')) {
    parts.scheduling = parseScheduleInput(parseJsonParam(scheduling, 'scheduling'));
  }
  return parts;
}
