import { family } from './types.js';
import { json, type Ctx, type Reply } from '../app.js';
import { hasFeature } from '../features.js';
import type { UploadedTrack } from '../types.js';

/**
 * Planted bugs of GET /api/events/{event_id}/media (addendum specs/events-api-1.7-1.11.md § GET
 * /api/events/{event_id}/media, § Media track, § What a server must not do below each threshold). Faults: below, a
 * request, the tracks listed and the reply out of GET /media.
 */
export const MEDIA_MUTANTS = family({
  'media-answers-202': {
    rule: 'media.get.status',
    description: 'GET /media answers 202 (with the tracks) instead of 200. Addendum: "200 with a JSON array of media tracks."',
  },
  'media-track-size-missing': {
    rule: 'media.get.schema',
    description: 'Media tracks leave size out (a Go `omitempty` of an unknown size). Addendum § Media track: "size | integer | always | File size in bytes; -1 when unknown".',
  },
  'media-ingested-tracks-missing': {
    rule: 'media.get.tracks',
    description: 'GET /media leaves out the tracks uploaded with the event (it lists only those added by POST /track), so an event created with a media file lists none. Addendum: "all tracks of the event\'s current media package".',
  },
  'media-unknown-event-empty-list': {
    rule: 'media.get.404',
    description: 'GET /media of an unknown event answers 200 [] instead of 404. Addendum: "404 when the event does not exist".',
  },
  'media-track-members-missing': {
    rule: 'media.track.members',
    description: 'From 1.7.0 media tracks still lack has_video, has_audio, is_master_playlist and is_live (the 1.6.0 serializer). Addendum § Media track: "always from 1.7.0".',
    since: '1.7.0',
  },
  'media-track-members-below-1.7.0': {
    rule: 'media.track.members-absent',
    description: 'Below 1.7.0 media tracks carry has_video, has_audio, is_master_playlist and is_live (the newest serializer for every requested version). Addendum: "below 1.7.0 | Put has_video, has_audio, is_master_playlist or is_live in GET /media tracks."',
    until: '1.6.0',
  },
});

/** Fault (request in): GET /media of an unknown event answers 200 []. */
export function mediaUnknownEmpty(ctx: Ctx, reply: Reply | undefined): Reply | undefined {
  return reply ?? (ctx.app.bug('media-unknown-event-empty-list') && !ctx.app.store.get(ctx.params[0]) ? json(200, []) : undefined);
}

/** Fault (the tracks listed): the tracks uploaded with the event (no flavor of POST /track) left out. */
export function mediaIngestedMissing(ctx: Ctx, tracks: UploadedTrack[]): UploadedTrack[] {
  return ctx.app.bug('media-ingested-tracks-missing') ? tracks.filter((t) => t.flavor !== undefined) : tracks;
}

const MEMBERS = ['has_video', 'has_audio', 'is_master_playlist', 'is_live'] as const;

/**
 * Fault (reply out, the JSON of GET /media): from 1.7.0 the tracks without has_video, has_audio, is_master_playlist and
 * is_live, or below 1.7.0 with them; size left out.
 */
export function mediaTracksShown(ctx: Ctx, list: unknown): unknown {
  const { bug } = ctx.app;
  const members = hasFeature(ctx, 'media-track-members');
  const dropped = members && bug('media-track-members-missing');
  const added = !members && bug('media-track-members-below-1.7.0');
  const sizeless = bug('media-track-size-missing');
  if ((!dropped && !added && !sizeless) || !Array.isArray(list)) return list;
  for (const o of list as Record<string, unknown>[]) {
    if (dropped) for (const k of MEMBERS) delete o[k];
    if (added) Object.assign(o, { has_video: o.streams !== null && typeof o.streams === 'object' && 'video-1' in o.streams, has_audio: true, is_master_playlist: false, is_live: false });
    if (sizeless) delete o.size;
  }
  return list;
}
