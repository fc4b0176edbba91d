import { family } from './types.js';

/**
 * Planted bugs of GET /api/events/{event_id}/media (addendum specs/events-api-1.7-1.11.md § GET
 * /api/events/{event_id}/media, § Media track, § What a server must not do below each threshold). Bug sites:
 * src/reference/handlers/media.ts.
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
