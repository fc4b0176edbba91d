import { randomUUID } from 'node:crypto';
import { baseUrl, json, type Ctx, type Reply } from '../app.js';
import { readableEvent } from '../event-access.js';
import { hasFeature } from '../features.js';
import type { UploadedTrack } from '../types.js';
import { flavorOf } from './track.js';
import { hook } from '../hooks.js';

/**
 * GET /api/events/{event_id}/media (addendum specs/events-api-1.7-1.11.md § GET /api/events/{event_id}/media, every
 * version): the tracks of the event's current media package, as media track objects (§ Media track): identifier,
 * flavor, mimetype, size (always), checksum "<value> (md5)", duration when known, description "" (always), uri, tags
 * and streams (always); from 1.7.0 has_video, has_audio, is_master_playlist and is_live. 404 for an unknown event.
 */
export function getMedia(ctx: Ctx): Reply {
  const rec = readableEvent(ctx);
  const members = hasFeature(ctx, 'media-track-members');
  const root = `${baseUrl(ctx)}/assets/${encodeURIComponent(rec.id)}`;
  const { tracks } = hook(ctx).shown(ctx, { at: 'GET /api/events/{id}/media', rec, tracks: rec.tracks }) as { tracks: UploadedTrack[] };
  const list = tracks.map((t) => mediaTrack(t, root, rec.episode.durationMs, members));
  return json(200, list);
}

function mediaTrack(t: UploadedTrack, root: string, durationMs: number | undefined, members: boolean): Record<string, unknown> {
  t.id ??= randomUUID();
  const video = t.part !== 'audio' && !t.mediatype.startsWith('audio/');
  const uri = `${root}/${t.id}/${encodeURIComponent(t.filename || `${t.part}.bin`)}`;
  const streams: Record<string, unknown> = video
    ? { 'video-1': { identifier: 'video-1', format: 'evconf' }, 'audio-1': { identifier: 'audio-1', format: 'evconf' } }
    : { 'audio-1': { identifier: 'audio-1', format: 'PCM', channels: 1 } };
  const o: Record<string, unknown> = {
    identifier: t.id,
    flavor: flavorOf(t),
    mimetype: t.mediatype,
    size: t.size,
    checksum: `${t.checksum} (md5)`,
    ...(durationMs !== undefined ? { duration: Math.round(durationMs) } : {}),
    description: '',
    'element-description': uri,
    uri,
    tags: [...(t.tags ?? [])],
    streams,
  };
  if (members) Object.assign(o, { has_video: video, has_audio: true, is_master_playlist: false, is_live: false });
  return o;
}
