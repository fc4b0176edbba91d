import type { Ctx } from '../app.js';
import { family } from './types.js';

type Obj = Record<string, unknown>;

/**
 * Issue 23, class 5 (members restricted to one response): spec § Publication, "media | array[track] | Only in the
 * single-publication response" (attachments and metadata alike); § Publications: GET …/publications is "200 with an
 * array of publications (id, channel, mediatype, url)". Bug site: handlers/publications.ts (the list's items).
 */
export const BLIND4_SINGLE_ONLY_MUTANTS = family({
  'blind4-single-only-list-media': {
    rule: 'publications.list.schema',
    description: 'GET …/publications lists each publication with its media (the tracks), a member "Only in the single-publication response" (attachments and metadata are left out).',
  },
});

/** Bug site (handlers/publications.ts listPublications): the items of the publication list. */
export function blind4PublicationsList(ctx: Ctx, list: Obj[]): void {
  if (!ctx.app.bug('blind4-single-only-list-media')) return;
  const rec = ctx.app.store.get(ctx.params[0]);
  for (const item of list) {
    const p = rec?.publications.find((x) => x.id === item.id);
    if (p) item.media = p.media;
  }
}
