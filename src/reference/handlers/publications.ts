import { json, type Ctx, type Reply } from '../app.js';
import { readableEvent } from '../event-access.js';
import { canRead } from '../auth.js';
import { publicationObject, publicationSummary } from '../serialize.js';
import { shownPublication } from '../latitude/shape.js';
import { notFound, type Publication } from '../types.js';
import { hook } from '../hooks.js';

/**
 * Publications (spec § Publications). `sign` is accepted and ignored unless latitude url-signing=on. The list sends
 * id, channel, mediatype and url; media, attachments and metadata are "Only in the single-publication response".
 */

export function listPublications(ctx: Ctx): Reply {
  const bug = ctx.app.bug;
  if (bug('publications-unknown-event-empty') && !ctx.app.store.get(ctx.params[0])) return json(200, []);
  const list = readableEvent(ctx).publications.map((p) => shownPublication(ctx, hook(ctx).publications.listed(ctx, publicationSummary(p), p)));
  hook(ctx).publications.list(ctx, list);
  if (bug('publications-list-no-url')) return json(200, list.map(({ url: _url, ...rest }) => rest));
  return json(bug('publications-list-201') ? 201 : 200, list);
}

/** Planted bug: the publication is found by its id among every event the caller may read. */
function anyEventsPublication(ctx: Ctx, pid: string): Publication | undefined {
  for (const rec of ctx.app.store.values()) {
    const p = canRead(rec, ctx.caller) ? rec.publications.find((x) => x.id === pid) : undefined;
    if (p) return p;
  }
  return undefined;
}

function notFoundPublication(id: string, pid: string): never {
  throw notFound(`event '${id}' has no publication '${pid}'`);
}

export function getPublication(ctx: Ctx): Reply {
  const bug = ctx.app.bug;
  const pid = ctx.params[1];
  if (bug('publication-get-ignores-event')) {
    const p = anyEventsPublication(ctx, pid);
    if (p) return json(200, shownPublication(ctx, publicationObject(p)));
  }
  const rec = readableEvent(ctx);
  const p = rec.publications.find((x) => x.id === pid) ?? (bug('publication-get-falls-back-first') ? rec.publications[0] : hook(ctx).publications.fallback(ctx, undefined, { rec, pid }));
  if (!p) return hook(ctx).publications.missing(ctx, undefined, pid) ?? notFoundPublication(rec.id, pid);
  if (bug('publication-get-no-media')) {
    const { media: _media, ...rest } = publicationObject(p);
    return json(200, shownPublication(ctx, rest));
  }
  return json(bug('publication-get-201') ? 201 : 200, hook(ctx).publications.shown(ctx, shownPublication(ctx, publicationObject(p))));
}
