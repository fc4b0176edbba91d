import { json, readableEvent, type Ctx, type Reply } from '../app.js';
import { publicationObject } from '../serialize.js';
import { notFound } from '../types.js';

/** Publications (spec § Publications). `sign` is accepted and ignored (no URL signing configured). */

export function listPublications(ctx: Ctx): Reply {
  return json(200, readableEvent(ctx).publications.map(publicationObject));
}

export function getPublication(ctx: Ctx): Reply {
  const rec = readableEvent(ctx);
  const pid = ctx.params[1];
  const p = rec.publications.find((x) => x.id === pid);
  if (!p) throw notFound(`event '${rec.id}' has no publication '${pid}'`);
  return json(200, publicationObject(p));
}
