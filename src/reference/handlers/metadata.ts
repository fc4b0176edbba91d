import { empty, json, readableEvent, writableEvent, type Ctx, type Reply } from '../app.js';
import { applyExtra, extraFields, parseFieldList, renderCatalogs } from '../catalogs.js';
import { applyEpisode, EPISODE_FLAVOR, episodeFields, type EpisodeView } from '../episode.js';
import { readForm } from '../form.js';
import { parseJsonParam } from '../input.js';
import { badRequest, HttpError, notFound, type EventRecord } from '../types.js';

/** Metadata endpoints (spec § Metadata). A catalog is identified by its flavor (query parameter type). */

function episodeView(ctx: Ctx, rec: EventRecord): EpisodeView {
  const v = ctx.app.store.view(rec.id);
  return { id: rec.id, createdMs: rec.createdMs, startMs: v.bibStartMs, durationMs: v.durationMs };
}

function typeParam(ctx: Ctx): string | undefined {
  const t = ctx.url.searchParams.get('type');
  return t === null || t.trim() === '' ? undefined : t.trim();
}

function requireType(ctx: Ctx): string {
  const t = typeParam(ctx);
  if (t === undefined) throw badRequest(`query parameter 'type' (a catalog flavor) is required`);
  return t;
}

function noCatalog(rec: EventRecord, type: string): HttpError {
  return notFound(`event '${rec.id}' has no catalog with flavor '${type}'`);
}

/** GET /metadata → all catalogs; GET /metadata?type=f → the fields of that catalog (404 when absent). */
export function getMetadata(ctx: Ctx): Reply {
  const rec = readableEvent(ctx);
  const type = typeParam(ctx);
  if (type === undefined) return json(200, renderCatalogs(rec.episode, episodeView(ctx, rec), rec.extraCatalogs));
  if (type === EPISODE_FLAVOR) return json(200, episodeFields(rec.episode, episodeView(ctx, rec)));
  const extra = rec.extraCatalogs.get(type);
  if (!extra) throw noCatalog(rec, type);
  return json(200, extraFields(extra));
}

/** PUT /metadata?type=f, form parameter metadata = [{id, value}]: "Fields not included are not updated." */
export async function putMetadata(ctx: Ctx): Promise<Reply> {
  const rec = writableEvent(ctx);
  const type = requireType(ctx);
  const extra = rec.extraCatalogs.get(type);
  if (type !== EPISODE_FLAVOR && !extra) throw noCatalog(rec, type);
  const text = (await readForm(ctx.req)).text('metadata');
  if (text === undefined || text.trim() === '') throw badRequest(`form parameter 'metadata' is required`);
  const fields = parseFieldList(parseJsonParam(text, 'metadata'), `parameter 'metadata'`);
  if (type === EPISODE_FLAVOR) {
    rec.episode = applyEpisode(rec.episode, fields, ctx.app.store.view(rec.id).bibStartMs, true);
  } else {
    rec.extraCatalogs.set(type, applyExtra(extra, fields, type));
  }
  rec.archiveVersion++;
  ctx.app.store.commit(rec);
  return empty(204);
}

/** DELETE /metadata?type=f: 204; 403 for dublincore/episode ("it has mandatory fields"); 404. */
export function deleteMetadata(ctx: Ctx): Reply {
  const rec = writableEvent(ctx);
  const type = requireType(ctx);
  if (type === EPISODE_FLAVOR) throw new HttpError(403, `the catalog '${EPISODE_FLAVOR}' cannot be deleted (it has mandatory fields)`);
  if (!rec.extraCatalogs.delete(type)) throw noCatalog(rec, type);
  rec.archiveVersion++;
  ctx.app.store.commit(rec);
  return empty(204);
}
