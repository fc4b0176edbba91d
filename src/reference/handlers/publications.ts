import { json, type Ctx, type Reply } from '../app.js';
import { readableEvent } from '../event-access.js';
import { publicationObject, publicationSummary } from '../serialize.js';
import { flagOn, shownPublication } from '../latitude/shape.js';
import { notFound } from '../types.js';
import { hook } from '../hooks.js';
import { hasFeature } from '../features.js';
import { internalByIdFor, internalFirst, internalShown, shownPublications } from '../internal-publication.js';

/**
 * Publications (spec § Publications). `sign` is accepted and ignored unless latitude url-signing=on. The list sends
 * id, channel, mediatype and url; media, attachments and metadata are "Only in the single-publication response".
 */


export function listPublications(ctx: Ctx): Reply {
  const rec = readableEvent(ctx);
  const list = shownPublications(rec, internalShown(ctx, flagOn(ctx.app, ctx.url.searchParams.get('includeInternalPublication'))), internalFirst(ctx)).map((p) => shownPublication(ctx, (hook(ctx).shown(ctx, { at: 'GET /api/events/{id}/publications', publication: p, item: publicationSummary(p) }) as { item: Record<string, unknown> }).item));
  return json(200, list);
}

function notFoundPublication(id: string, pid: string): never {
  throw notFound(`event '${id}' has no publication '${pid}'`);
}

/** GET …/publications/{pid}; its tracks carry is_master_playlist and is_live from 1.7.0 (addendum § Track inside a publication). */
export function getPublication(ctx: Ctx): Reply {
  const pid = ctx.params[1];
  const rec = readableEvent(ctx);
  const p = rec.publications.find((x) => x.id === pid) ?? internalByIdFor(ctx, rec, pid);
  if (!p) return notFoundPublication(rec.id, pid);
  return json(200, shownPublication(ctx, publicationObject(p, hasFeature(ctx, 'publication-track-members'))));
}
