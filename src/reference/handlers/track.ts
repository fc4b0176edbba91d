import { randomUUID } from 'node:crypto';
import { empty, type Ctx, type Reply } from '../app.js';
import { writableEvent } from '../event-access.js';
import { serverHas } from '../features.js';
import { readForm } from '../form.js';
import { md5 } from '../processing.js';
import { badRequest, HttpError, notFound, type UploadedTrack } from '../types.js';
import { hook, type TrackInput } from '../hooks.js';

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
  if (!hook(ctx).authorize(ctx, !ACTIVE.has(rec.processingState), { access: 'track', rec, caller: ctx.caller })) {
    throw new HttpError(409, `A workflow is running on event '${rec.id}'`);
  }
  const form = await readForm(ctx.req);
  const sentFlavor = form.text('flavor')?.trim();
  const overwrite = (form.text('overwriteExisting') ?? '').trim().toLowerCase() === 'true';
  const withFlavor = sentFlavor !== undefined && sentFlavor !== '';
  // Tags from server version 1.11.0: split at commas, empty entries dropped, not trimmed.
  const tags = serverHas(ctx, 'track-tags') ? (form.text('tags') ?? '').split(',').filter((t) => t !== '') : [];
  const sent: TrackInput = {
    at: 'POST /api/events/{id}/track', rec, form, flavor: sentFlavor, overwrite,
    badFlavor: withFlavor && !FLAVOR.test(sentFlavor), overwriteWithoutFlavor: !withFlavor && overwrite,
    tags, files: form.files('track'), lang: tags.map((t) => t.trim()).find((t) => t.startsWith('lang:')), replaces: true,
  };
  const read = hook(ctx).writeInput(ctx, sent) as TrackInput;
  const { flavor } = read;
  if (read.badFlavor) throw badRequest(`Could not parse flavor '${flavor}'`);
  if (read.overwriteWithoutFlavor) throw badRequest('Could not add track: overwriteExisting=true needs a flavor');
  const added: UploadedTrack[] = read.files.map((f) => {
    const mediatype = f.type === '' ? 'application/octet-stream' : f.type.split(';')[0].trim();
    return { id: randomUUID(), part: mediatype.startsWith('audio/') ? 'audio' : 'presenter', filename: f.filename, mediatype, size: f.bytes.length, checksum: md5(f.bytes), ...(flavor ? { flavor } : {}), tags: [...read.tags] };
  });
  const { lang } = read;
  const kept = overwrite && flavor && read.replaces ? rec.tracks.filter((t) => flavorOf(t) !== flavor || (lang !== undefined && !(t.tags ?? []).includes(lang))) : rec.tracks;
  rec.tracks = [...kept, ...added];
  ctx.app.store.commit(rec);
  return empty(200);
}
