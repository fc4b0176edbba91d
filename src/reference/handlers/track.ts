import { randomUUID } from 'node:crypto';
import { empty, type Ctx, type Reply } from '../app.js';
import { writableEvent } from '../event-access.js';
import { serverHas } from '../features.js';
import { readForm } from '../form.js';
import { md5 } from '../processing.js';
import { badRequest, HttpError, notFound, type UploadedTrack } from '../types.js';

/** A flavor is type/subtype (addendum § POST /track: "Flavor, form type/subtype"; "An unparsable value gives 400"). */
const FLAVOR = /^[^/\s]+\/[^/\s]+$/;

/** Rule 2: "If the event has a workflow in state INSTANTIATED, RUNNING, PAUSED or FAILING, the answer is 409". */
const ACTIVE: ReadonlySet<string> = new Set(['INSTANTIATED', 'RUNNING', 'PAUSED', 'FAILING']);

/** The flavor a track of the media package has (GET /media `flavor`). */
export const flavorOf = (t: UploadedTrack): string => t.flavor ?? `${t.part}/source`;

/**
 * POST /api/events/{event_id}/track (addendum specs/events-api-1.7-1.11.md § POST /api/events/{event_id}/track; a
 * server-release feature: server version 1.9.0 and above, whatever the requested version). 409 while the event's
 * processing runs (the body is not read); flavor unparsable → 400; overwriteExisting=true without flavor → 400; each
 * part named track becomes a new track of that flavor; overwriteExisting=true first removes the tracks of that flavor,
 * from server version 1.11.0 only those carrying the first `lang:` tag when tags name one; tags (1.11.0) split at
 * commas, empty entries dropped, not trimmed. 200 with an empty body.
 */
export async function postTrack(ctx: Ctx): Promise<Reply> {
  if (!serverHas(ctx, 'track')) throw notFound(`no such resource: ${ctx.url.pathname}`);
  const rec = writableEvent(ctx);
  if (ACTIVE.has(rec.processingState) && !ctx.app.bug('track-ignores-running-workflow')) {
    throw new HttpError(409, `A workflow is running on event '${rec.id}'`);
  }
  const form = await readForm(ctx.req);
  const flavor = form.text('flavor')?.trim();
  const overwrite = (form.text('overwriteExisting') ?? '').trim().toLowerCase() === 'true';
  if (flavor !== undefined && flavor !== '' && !FLAVOR.test(flavor) && !ctx.app.bug('track-unparsable-flavor-accepted')) throw badRequest(`Could not parse flavor '${flavor}'`);
  if ((flavor === undefined || flavor === '') && overwrite && !ctx.app.bug('track-overwrite-without-flavor-accepted')) throw badRequest('Could not add track: overwriteExisting=true needs a flavor');
  // Planted bug track-tags-applied-below-1.11.0: a server below 1.11.0 applies the tags part (13.x to 15.x ignore it).
  const withTags = serverHas(ctx, 'track-tags') || ctx.app.bug('track-tags-applied-below-1.11.0');
  const tags = withTags ? (form.text('tags') ?? '').split(',').map((t) => (ctx.app.bug('track-tags-trimmed') ? t.trim() : t)).filter((t) => t !== '') : [];
  const files = ctx.app.bug('track-adds-first-part-only') ? form.files('track').slice(0, 1) : form.files('track');
  const added: UploadedTrack[] = files.map((f) => {
    const mediatype = f.type === '' ? 'application/octet-stream' : f.type.split(';')[0].trim();
    return { id: randomUUID(), part: mediatype.startsWith('audio/') ? 'audio' : 'presenter', filename: f.filename, mediatype, size: f.bytes.length, checksum: md5(f.bytes), ...(flavor ? { flavor } : {}), tags: [...tags] };
  });
  let kept = rec.tracks;
  if (overwrite && flavor) {
    // Planted bug track-lang-applied-below-1.11.0: a server below 1.11.0 keeps the other languages (13.x to 15.x remove the whole flavor).
    const langTags = serverHas(ctx, 'track-tags') ? tags : ctx.app.bug('track-lang-applied-below-1.11.0') ? (form.text('tags') ?? '').split(',') : [];
    const lang = !ctx.app.bug('track-overwrite-ignores-lang') ? langTags.map((t) => t.trim()).find((t) => t.startsWith('lang:')) : undefined;
    // Planted bug track-overwrite-keeps-existing: only the lang: branch removes anything.
    if (lang !== undefined || !ctx.app.bug('track-overwrite-keeps-existing')) kept = rec.tracks.filter((t) => flavorOf(t) !== flavor || (lang !== undefined && !(t.tags ?? []).includes(lang)));
  }
  rec.tracks = [...kept, ...added];
  ctx.app.store.commit(rec);
  return empty(200);
}
