import { empty, json, type Ctx, type Reply } from '../app.js';
import { canRead } from '../auth.js';
import { shownPublication } from '../latitude/shape.js';
import { publicationObject } from '../serialize.js';
import { family } from './types.js';

/**
 * Publication mutants of the second spec-only round (spec § Publications: GET …/publications/{publication_id} "200
 * with one publication including media, attachments and metadata; 404 when the event does not exist; 404 when the
 * publication does not exist"). Bug site: handlers/publications.ts getPublication.
 */
export const SPEC2_PUBLICATION_MUTANTS = family({
  'spec2-publication-other-event': {
    rule: 'publications.get.404-publication',
    description: 'GET /api/events/A/publications/{pid} answers 200 with a publication of another event B (the pid is looked up alone once A is found).',
  },
  'spec2-publication-unknown-204': {
    rule: 'publications.get.404-publication',
    description: 'An unknown publication id on a known event answers 204 with no body instead of 404.',
  },
});

/** Bug site (handlers/publications.ts, when the event has no publication `pid`): a buggy server's answer, if any. */
export function spec2MissingPublication(ctx: Ctx, pid: string): Reply | undefined {
  const { bug, store } = ctx.app;
  if (bug('spec2-publication-other-event')) {
    for (const rec of store.values()) {
      const p = canRead(rec, ctx.caller) ? rec.publications.find((x) => x.id === pid) : undefined;
      if (p) return json(200, shownPublication(ctx, publicationObject(p)));
    }
  }
  return bug('spec2-publication-unknown-204') ? empty(204) : undefined;
}
