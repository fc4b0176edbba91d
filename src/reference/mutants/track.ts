import { family } from './types.js';

/**
 * Planted bugs of POST /api/events/{event_id}/track (addendum specs/events-api-1.7-1.11.md § POST
 * /api/events/{event_id}/track). Bug sites: src/reference/handlers/track.ts.
 */
export const TRACK_MUTANTS = family({
  'track-answers-204': {
    rule: 'track.post.200',
    description: 'POST /track answers 204 instead of 200. Addendum rule 7: "On success the answer is 200 with an empty body."',
  },
  'track-adds-first-part-only': {
    rule: 'track.post.adds',
    description: 'Of several parts named track only the first becomes a track. Addendum: "Every part named track becomes one new track with a newly generated identifier."',
  },
  'track-overwrite-keeps-existing': {
    rule: 'track.post.overwrite',
    description: 'overwriteExisting=true without a lang: tag keeps the existing tracks of the flavor (it adds beside them; only the 16.0 lang: branch removes). Addendum rule 5: "overwriteExisting=true removes the existing tracks whose flavor matches the given flavor."',
  },
  'track-unparsable-flavor-accepted': {
    rule: 'track.post.400-flavor',
    description: 'A flavor that is not type/subtype is stored as sent, 200. Addendum: "An unparsable value gives 400."',
  },
  'track-overwrite-without-flavor-accepted': {
    rule: 'track.post.400-overwrite',
    description: 'overwriteExisting=true without a flavor answers 200. Addendum rule 6: "When flavor is missing and overwriteExisting is true, the answer is 400."',
  },
  'track-unknown-event-200': {
    rule: 'track.post.404',
    description: 'POST /track for an unknown event answers 200 (nothing to add to). Addendum rule 1: "If it is unknown, the answer is 404".',
  },
  'track-ignores-running-workflow': {
    rule: 'track.post.409',
    description: 'POST /track while the event\'s processing runs adds the track, 200. Addendum rule 2: "If the event has a workflow in state INSTANTIATED, RUNNING, PAUSED or FAILING, the answer is 409".',
    // The POST must come while processing runs: the self-test processes in 50 ms otherwise.
    selftest: { processingDelayMs: 3000 },
  },
  'track-tags-applied-below-1.11.0': {
    rule: 'track.post.tags-ignored',
    description: 'A server of version 1.10.0 (Opencast 13.x to 15.x) applies the tags part of POST /track as 16.0 does. Addendum § What a server must not do below each threshold: "below 1.11.0 (Opencast 15.x and older) | Apply a tags part on POST /track: 13.x to 15.x ignore it."',
    selftest: { serverVersion: '1.10.0' },
  },
  'track-lang-applied-below-1.11.0': {
    rule: 'track.post.lang-ignored',
    description: 'A server of version 1.10.0 (Opencast 13.x to 15.x) applies the 16.0 lang: rule: overwriteExisting=true with a lang: tag keeps the flavor\'s tracks of other languages. Addendum rule 5: "overwriteExisting=true removes the existing tracks whose flavor matches the given flavor. From 16.0 there is one exception."',
    selftest: { serverVersion: '1.10.0' },
  },
  'track-tags-trimmed': {
    rule: 'track.post.tags',
    description: 'The tags part\'s entries are trimmed (" archive" becomes "archive"). Addendum rule 4: "The entries are not trimmed."',
  },
  'track-overwrite-ignores-lang': {
    rule: 'track.post.lang',
    description: 'overwriteExisting=true with a lang: tag removes every track of the flavor, all languages. Addendum rule 5: "only existing tracks of that flavor that carry exactly that trimmed tag are removed. Other tracks of the flavor stay."',
  },
});
