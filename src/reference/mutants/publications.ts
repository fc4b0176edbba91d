import { family } from './types.js';
import { hasFeature } from '../features.js';
import { empty, json, type Ctx, type Reply } from '../app.js';
import { canRead } from '../auth.js';
import { shownPublication } from '../latitude/shape.js';
import { publicationObject } from '../serialize.js';
import { isTrue } from '../input.js';
import { notFound, type Publication, type EventRecord } from '../types.js';
import { atLeast } from '../version.js';
import { readableEvent } from '../event-access.js';
import { internalByIdFor } from '../internal-publication.js';

/** The publications family: planted bugs of the publication endpoints (rules publications.*). */

/** Mutants of the publications endpoints and of the 1.6.0 DELETE that retracts publications. */
export const PUBLICATION_MUTANTS = family({
  'publications-list-201': {
    rule: 'publications.list.status',
    description: 'GET /api/events/{id}/publications answers 201 (with the list).',
  },
  'publications-list-no-url': {
    rule: 'publications.list.schema',
    description: 'The items of the publication list lack the member `url` (the single publication keeps it).',
  },
  'publications-unknown-event-empty': {
    rule: 'publications.list.404',
    description: 'The publication list of an event that does not exist answers 200 [] instead of 404.',
  },
  'publication-get-201': {
    rule: 'publications.get.status',
    description: 'GET /api/events/{id}/publications/{pid} answers 201 (with the publication).',
  },
  'publication-get-no-media': {
    rule: 'publications.get.schema',
    description: 'The single publication lacks the member `media` (attachments and metadata are sent).',
  },
  'publication-get-ignores-event': {
    rule: 'publications.get.404-event',
    description: 'The single publication is looked up by its id among all events: an unknown event id with a real publication id answers 200.',
  },
  'publication-get-falls-back-first': {
    rule: 'publications.get.404-publication',
    description: 'An unknown publication id answers 200 with the first publication of the event.',
  },
  'delete-published-retraction-stalls': {
    rule: 'events.delete.retracts',
    description: 'DELETE of a published event answers 202 but the retraction never completes: the event stays forever.',
    since: '1.6.0',
  },
});

/**
 * Publication mutants (spec § Publications: GET …/publications/{publication_id} "200
 * with one publication including media, attachments and metadata; 404 when the event does not exist; 404 when the
 * publication does not exist"). Bug site: handlers/publications.ts getPublication.
 */
export const PUBLICATION_GET_MUTANTS = family({
  'publication-other-event': {
    rule: 'publications.get.404-publication',
    description: 'GET /api/events/A/publications/{pid} answers 200 with a publication of another event B (the pid is looked up alone once A is found).',
  },
  'publication-unknown-204': {
    rule: 'publications.get.404-publication',
    description: 'An unknown publication id on a known event answers 204 with no body instead of 404.',
  },
});

/** Bug site (handlers/publications.ts, when the event has no publication `pid`): a buggy server's answer, if any. */
export function sectionMissingPublication(ctx: Ctx, pid: string): Reply | undefined {
  const { bug, store } = ctx.app;
  if (bug('publication-other-event')) {
    for (const rec of store.values()) {
      const p = canRead(rec, ctx.caller) ? rec.publications.find((x) => x.id === pid) : undefined;
      if (p) return json(200, shownPublication(ctx, publicationObject(p, hasFeature(ctx, 'publication-track-members'))));
    }
  }
  return bug('publication-unknown-204') ? empty(204) : undefined;
}

/**
 * Publication mutants (spec § Publication: "media | array[track] | Only in the
 * single-publication response"; "Track (element of media): ... size integer, ... has_audio boolean, has_video
 * boolean"; § Publications: GET …/publications/{publication_id} "query sign (boolean) ... 200 with one publication";
 * § Event: "publication_status | array[string] | Publications available for the event"; § POST /api/events/{event_id}:
 * "Only what is sent is changed"). Bug sites: handlers/publications.ts; publication_status and the update's
 * publications: mutants/event-body.ts (lifecycleGetBody) and mutants/event-write.ts (lifecycleUpdated).
 */
export const TRACK_MEMBER_MUTANTS = family({
  'publication-track-size-string': {
    rule: 'publications.get.schema',
    description: 'The single publication sends the size of its media tracks as a string of digits (an int64 column written by a protobuf-style JSON mapper); attachments and metadata keep integers. Spec: "size integer".',
  },
  'publication-has-video-omitted': {
    rule: 'publications.get.schema',
    description: 'Tracks of the single publication omit has_video when it is false (Go `omitempty`): an audio-only track has no has_video member. Spec: "has_video boolean".',
  },
  'publications-list-full-when-signed': {
    // `sign` on the publication endpoints is defined only "in the later descriptions" (1.1.0+).
    since: '1.1.0',
    rule: 'publications.list.schema',
    description: 'GET …/publications?sign=true lists whole publications (media, attachments, metadata): the signing path reuses the single-publication serializer. Spec: media, attachments, metadata are "Only in the single-publication response".',
  },
  'publication-sign-404': {
    // `sign` on the publication endpoints is defined only "in the later descriptions" (1.1.0+).
    since: '1.1.0',
    rule: 'publications.get.status',
    description: 'GET …/publications/{pid}?sign=true answers 404 while URL signing is turned off (the signer finds no key and the miss is reported as "no such publication").',
  },
  'publication-status-oldest-empty': {
    rule: 'events.get.publication-status',
    description: 'In 1.0.0 only, the single GET sends publication_status [] for a published event (the oldest serializer reads a field filled from 1.1.0 on).',
    until: '1.0.0',
  },
  'update-drops-publications': {
    rule: 'events.update.partial',
    description: 'POST /api/events/{id} carrying only a metadata part rebuilds the media package from the parts sent: the event\'s publications are lost (GET …/publications answers []).',
  },
});

type Obj = Record<string, unknown>;

/** Bug site (handlers/publications.ts getPublication, the 200): the publication object as a buggy server sends it. */
export function lifecyclePublication<T extends Partial<Publication>>(ctx: Ctx, p: T): T {
  const { bug } = ctx.app;
  if (bug('publication-sign-404') && isTrue(ctx.url.searchParams.get('sign'))) {
    throw notFound(`event '${ctx.params[0]}' has no publication '${ctx.params[1]}'`);
  }
  const size = bug('publication-track-size-string');
  const video = bug('publication-has-video-omitted');
  if ((!size && !video) || !Array.isArray(p.media)) return p;
  const media = p.media.map((t) => {
    const o: Obj = { ...t };
    if (size) o.size = String(t.size);
    if (video && t.has_video === false) delete o.has_video;
    return o;
  });
  return { ...p, media } as T;
}

/** Bug site (handlers/publications.ts listPublications): list items as a buggy signing path fills them (in place). */
export function lifecyclePublicationsList(ctx: Ctx, list: Obj[]): void {
  if (!ctx.app.bug('publications-list-full-when-signed') || !isTrue(ctx.url.searchParams.get('sign'))) return;
  const rec = ctx.app.store.get(ctx.params[0]);
  for (const item of list) {
    const p = rec?.publications.find((x) => x.id === item.id);
    if (p) Object.assign(item, { media: p.media, attachments: p.attachments, metadata: p.metadata });
  }
}

/**
 * Members restricted to one response (spec § Publication: "media | array[track] | Only in the
 * single-publication response", attachments and metadata likewise; § Publications: the list is "200 with an array
 * of publications (id, channel, mediatype, url)"). Bug site: handlers/publications.ts (via mutants/sites.ts);
 * the update marks re-processed events (discriminatingUpdateParts).
 */
export const SINGLE_ONLY_MEMBER_MUTANTS = family({
  'publications-list-full-oldest': {
    rule: 'publications.list.schema',
    description: 'In 1.0.0 GET …/publications lists whole publications with media, attachments and metadata (the oldest serializer has no summary type); later versions list id, channel, mediatype, url.',
    until: '1.0.0',
  },
  'publications-list-full-after-reprocess': {
    rule: 'publications.list.schema',
    description: 'After an update uploads a new track and the event is processed again, GET …/publications lists the re-published publications whole (media, attachments, metadata); first publications are listed right.',
  },
});

/** Events re-processed by an update carrying a track. */
const reprocessed = new WeakSet<EventRecord>();

/** Bug site (POST /api/events/{id}): remembers that the update carries media (processing starts again). */
export function restrictedUpdate(rec: EventRecord, tracks: number): void {
  if (tracks > 0 && !rec.schedule) reprocessed.add(rec);
}

/** Bug site (GET …/publications): the items as a buggy server lists them. */
export function restrictedList(ctx: Ctx, list: Record<string, unknown>[]): void {
  const { bug, store } = ctx.app;
  const rec = store.get(ctx.params[0]);
  if (!rec) return;
  const whole = (bug('publications-list-full-oldest') && !atLeast(ctx.version, '1.1.0'))
    || (bug('publications-list-full-after-reprocess') && reprocessed.has(rec));
  if (!whole) return;
  list.forEach((item, i) => {
    const p = rec.publications[i];
    if (p) Object.assign(item, { media: p.media, attachments: p.attachments, metadata: p.metadata });
  });
}

/**
 * Blind-spot class 5 of suites/DISCRIMINATING-DATA.md (members restricted to one response): spec § Publication, "media | array[track] | Only in the
 * single-publication response" (attachments and metadata alike); § Publications: GET …/publications is "200 with an
 * array of publications (id, channel, mediatype, url)". Bug site: handlers/publications.ts (the list's items).
 */
export const PUBLICATION_LIST_MEMBER_MUTANTS = family({
  'single-only-list-media': {
    rule: 'publications.list.schema',
    description: 'GET …/publications lists each publication with its media (the tracks), a member "Only in the single-publication response" (attachments and metadata are left out).',
  },
});

/** Bug site (handlers/publications.ts listPublications): the items of the publication list. */
export function blindSpotPublicationsList(ctx: Ctx, list: Obj[]): void {
  if (!ctx.app.bug('single-only-list-media')) return;
  const rec = ctx.app.store.get(ctx.params[0]);
  for (const item of list) {
    const p = rec?.publications.find((x) => x.id === item.id);
    if (p) item.media = p.media;
  }
}

/** Bug sites (hook publications.early): answers before the event is looked up. */
export function publicationsEarly(ctx: Ctx, reply: Reply | undefined, endpoint: 'list' | 'get'): Reply | undefined {
  if (reply) return reply;
  if (endpoint === 'list') {
    return ctx.app.bug('publications-unknown-event-empty') && !ctx.app.store.get(ctx.params[0]) ? json(200, []) : undefined;
  }
  if (!ctx.app.bug('publication-get-ignores-event')) return undefined;
  // The publication is found by its id among every event the caller may read.
  for (const rec of ctx.app.store.values()) {
    const p = canRead(rec, ctx.caller) ? rec.publications.find((x) => x.id === ctx.params[1]) : undefined;
    if (p) return json(200, shownPublication(ctx, publicationObject(p, hasFeature(ctx, 'publication-track-members'))));
  }
  return undefined;
}

/** Bug sites (hook publications.listReply): the list answered 201, or without url. */
export function publicationsListReply(ctx: Ctx, reply: Reply, list: Obj[]): Reply {
  if (ctx.app.bug('publications-list-no-url')) return json(200, list.map(({ url: _url, ...rest }) => rest));
  return ctx.app.bug('publications-list-201') ? { ...reply, status: 201 } : reply;
}

/** Bug site (hook publications.fallback): an unknown publication id answers the event's first publication. */
export function publicationFirst(ctx: Ctx, p: Publication | undefined, rec: EventRecord): Publication | undefined {
  return p ?? (ctx.app.bug('publication-get-falls-back-first') ? rec.publications[0] : undefined);
}

/** Bug sites (hook publications.reply): the single publication answered 201, or without media. */
export function publicationReply(ctx: Ctx, reply: Reply, p: Publication): Reply {
  if (ctx.app.bug('publication-get-no-media')) {
    const { media: _media, ...rest } = publicationObject(p, hasFeature(ctx, 'publication-track-members'));
    return json(200, shownPublication(ctx, rest));
  }
  return ctx.app.bug('publication-get-201') ? { ...reply, status: 201 } : reply;
}

/** Bug site (hook stored): the retraction of a 1.6.0 DELETE never ends. */
export function retractionStalls(ctx: Ctx, stalls: boolean): boolean {
  return stalls || ctx.app.bug('delete-published-retraction-stalls');
}

/**
 * Publication mutants written from the spec alone (spec § Publications: "GET /api/events/{event_id}/publications |
 * 200 with an array of publications (id, channel, mediatype, url); 404"; single publication: "404 when the
 * publication does not exist"). Bug sites: handlers/publications.ts. (publication_status: mutants/events.ts.)
 */
export const SPEC_PUBLICATION_MUTANTS = family({
  'publications-unpublished-500': {
    rule: 'publications.list.status',
    description: 'GET /api/events/{id}/publications answers 500 for an event that has no publication (an empty result is not handled).',
  },
  'publication-by-event-id': {
    rule: 'publications.get.404-publication',
    description: 'GET …/publications/{pid} with the event\'s own identifier as pid answers 200 with its first publication (ids of the media package match too).',
  },
});

/** Bug site (handlers/publications.ts listPublications): throws (→ 500) where a buggy server fails. */
export function publicationsListBugs(ctx: Ctx, list: unknown[]): void {
  if (ctx.app.bug('publications-unpublished-500') && list.length === 0) {
    throw new Error('publication index has no entry for this event');
  }
}

/** Bug site (handlers/publications.ts getPublication): a publication a buggy server finds for `pid`. */
export function publicationByEventId(ctx: Ctx, rec: EventRecord, pid: string): Publication | undefined {
  return ctx.app.bug('publication-by-event-id') && pid === rec.id ? rec.publications[0] : undefined;
}

/**
 * Planted bugs of what the addendum (specs/events-api-1.7-1.11.md) changes in publications per requested version:
 * § Track inside a publication (is_master_playlist, is_live from 1.7.0) and § Publications, signing rule 2 (the
 * publication's own url is signed from 1.7.0 only). Bug sites: handlers/publications.ts (trackMembers) and
 * latitude/shape.ts (shownPublication).
 */
export const PUBLICATION_VERSION_MUTANTS = family({
  'publication-track-members-missing': {
    rule: 'publications.track.members',
    description: 'From 1.7.0 the tracks of a single publication still lack is_master_playlist and is_live. Addendum: "is_master_playlist | boolean | 1.7.0 and above".',
    since: '1.7.0',
  },
  'publication-track-members-below-1.7.0': {
    rule: 'publications.track.members-absent',
    description: 'Below 1.7.0 the tracks of a single publication carry is_master_playlist and is_live. Addendum: "below 1.7.0 | ... Put is_master_playlist or is_live in publication tracks."',
    until: '1.6.0',
  },
  'publication-url-signed-below-1.7.0': {
    rule: 'publications.sign.url-unsigned',
    description: 'With sign=true the url of the publication itself is signed below 1.7.0 too (the 1.7.0 behaviour at every version). Addendum: "Below 1.7.0 it stays unsigned."',
    since: '1.1.0',
    until: '1.6.0',
  },
});

/** The publication GET …/publications/{publication_id} names, as the handler finds it (undefined: 404). */
function named(ctx: Ctx, rec: EventRecord, pid: string): Publication | undefined {
  return rec.publications.find((x) => x.id === pid) ?? internalByIdFor(ctx, rec, pid);
}

/**
 * Fault (request in, GET …/publications/{publication_id}): a publication id the event does not have read as another
 * one (the event's first publication, or the event's own id as its first publication): the path rewritten.
 */
export function publicationNamed(ctx: Ctx, reply: Reply | undefined): Reply | undefined {
  const { bug } = ctx.app;
  if (reply || (!bug('publication-get-falls-back-first') && !bug('publication-by-event-id'))) return reply;
  const rec = readableEvent(ctx);
  const pid = ctx.params[1];
  if (named(ctx, rec, pid)) return reply;
  const p = publicationFirst(ctx, undefined, rec) ?? publicationByEventId(ctx, rec, pid);
  if (p) ctx.params[1] = p.id;
  return reply;
}

/** Fault (request in, GET …/publications/{publication_id}): what a buggy server answers for a publication the event lacks. */
export function publicationMissing(ctx: Ctx, reply: Reply | undefined): Reply | undefined {
  const { bug } = ctx.app;
  if (reply || (!bug('publication-other-event') && !bug('publication-unknown-204'))) return reply;
  const rec = readableEvent(ctx);
  return named(ctx, rec, ctx.params[1]) ? reply : sectionMissingPublication(ctx, ctx.params[1]);
}

/** Fault (response, GET …/publications/{publication_id}): the single publication answered 201, or without media. */
export function publicationReplied(ctx: Ctx, reply: Reply): Reply {
  const { bug } = ctx.app;
  if (reply.status !== 200 || (!bug('publication-get-no-media') && !bug('publication-get-201'))) return reply;
  const rec = ctx.app.store.readCopy(ctx.params[0]);
  const p = rec && named(ctx, rec, ctx.params[1]);
  return p ? publicationReply(ctx, reply, p) : reply;
}
