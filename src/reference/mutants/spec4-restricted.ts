import type { Ctx } from '../app.js';
import type { EventRecord } from '../types.js';
import { atLeast } from '../version.js';
import { family } from './types.js';

/**
 * Members restricted to one response, fourth spec-only round (spec § Publication: "media | array[track] | Only in the
 * single-publication response", attachments and metadata likewise; § Publications: the list is "200 with an array
 * of publications (id, channel, mediatype, url)"). Bug site: handlers/publications.ts (via mutants/spec4-sites.ts);
 * the update marks re-processed events (spec4UpdateParts).
 */
export const SPEC4_RESTRICTED_MUTANTS = family({
  'spec4-publications-list-full-oldest': {
    rule: 'publications.list.schema',
    description: 'In 1.0.0 GET …/publications lists whole publications with media, attachments and metadata (the oldest serializer has no summary type); later versions list id, channel, mediatype, url.',
    until: '1.0.0',
  },
  'spec4-publications-list-full-after-reprocess': {
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
  const whole = (bug('spec4-publications-list-full-oldest') && !atLeast(ctx.version, '1.1.0'))
    || (bug('spec4-publications-list-full-after-reprocess') && reprocessed.has(rec));
  if (!whole) return;
  list.forEach((item, i) => {
    const p = rec.publications[i];
    if (p) Object.assign(item, { media: p.media, attachments: p.attachments, metadata: p.metadata });
  });
}
