import type { Ctx } from '../app.js';
import { isTrue } from '../input.js';
import { notFound, type Publication } from '../types.js';
import { family } from './types.js';

/**
 * Publication mutants of the third spec-only round, author A (spec § Publication: "media | array[track] | Only in the
 * single-publication response"; "Track (element of media): ... size integer, ... has_audio boolean, has_video
 * boolean"; § Publications: GET …/publications/{publication_id} "query sign (boolean) ... 200 with one publication";
 * § Event: "publication_status | array[string] | Publications available for the event"; § POST /api/events/{event_id}:
 * "Only what is sent is changed"). Bug sites: handlers/publications.ts; publication_status and the update's
 * publications: mutants/spec3a-flags.ts (spec3aGetBody) and mutants/spec3a-update.ts (spec3aUpdated).
 */
export const SPEC3A_PUBLICATION_MUTANTS = family({
  'spec3a-publication-track-size-string': {
    rule: 'publications.get.schema',
    description: 'The single publication sends the size of its media tracks as a string of digits (an int64 column written by a protobuf-style JSON mapper); attachments and metadata keep integers. Spec: "size integer".',
  },
  'spec3a-publication-has-video-omitted': {
    rule: 'publications.get.schema',
    description: 'Tracks of the single publication omit has_video when it is false (Go `omitempty`): an audio-only track has no has_video member. Spec: "has_video boolean".',
  },
  'spec3a-publications-list-full-when-signed': {
    // `sign` on the publication endpoints is defined only "in the later descriptions" (1.1.0+).
    since: '1.1.0',
    rule: 'publications.list.schema',
    description: 'GET …/publications?sign=true lists whole publications (media, attachments, metadata): the signing path reuses the single-publication serializer. Spec: media, attachments, metadata are "Only in the single-publication response".',
  },
  'spec3a-publication-sign-404': {
    // `sign` on the publication endpoints is defined only "in the later descriptions" (1.1.0+).
    since: '1.1.0',
    rule: 'publications.get.status',
    description: 'GET …/publications/{pid}?sign=true answers 404 while URL signing is turned off (the signer finds no key and the miss is reported as "no such publication").',
  },
  'spec3a-publication-status-oldest-empty': {
    rule: 'events.get.publication-status',
    description: 'In 1.0.0 only, the single GET sends publication_status [] for a published event (the oldest serializer reads a field filled from 1.1.0 on).',
    until: '1.0.0',
  },
  'spec3a-update-drops-publications': {
    rule: 'events.update.partial',
    description: 'POST /api/events/{id} carrying only a metadata part rebuilds the media package from the parts sent: the event\'s publications are lost (GET …/publications answers []).',
  },
});

type Obj = Record<string, unknown>;

/** Bug site (handlers/publications.ts getPublication, the 200): the publication object as a buggy server sends it. */
export function spec3aPublication<T extends Partial<Publication>>(ctx: Ctx, p: T): T {
  const { bug } = ctx.app;
  if (bug('spec3a-publication-sign-404') && isTrue(ctx.url.searchParams.get('sign'))) {
    throw notFound(`event '${ctx.params[0]}' has no publication '${ctx.params[1]}'`);
  }
  const size = bug('spec3a-publication-track-size-string');
  const video = bug('spec3a-publication-has-video-omitted');
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
export function spec3aPublicationsList(ctx: Ctx, list: Obj[]): void {
  if (!ctx.app.bug('spec3a-publications-list-full-when-signed') || !isTrue(ctx.url.searchParams.get('sign'))) return;
  const rec = ctx.app.store.get(ctx.params[0]);
  for (const item of list) {
    const p = rec?.publications.find((x) => x.id === item.id);
    if (p) Object.assign(item, { media: p.media, attachments: p.attachments, metadata: p.metadata });
  }
}
