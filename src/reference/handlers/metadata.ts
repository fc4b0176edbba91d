import { empty, json, type Ctx, type Reply } from '../app.js';
import { readableEvent, writableEvent } from '../event-access.js';
import { applyExtra, episodeView, extraFields, parseFieldList, renderCatalogs, typeParam } from '../catalogs.js';
import { applyEpisode, EPISODE_FLAVOR, episodeFields, type FieldInput } from '../episode.js';
import { readParams } from '../latitude/form-encoding.js';
import { parseJsonParam } from '../input.js';
import { badRequest, HttpError, notFound, type EventRecord } from '../types.js';
import { hook, type CatalogWrite, type MetadataPutInput } from '../hooks.js';
import { checkSeries } from '../latitude/events.js';
import { episodeInput, shownCatalogs, shownFields } from '../latitude/fields.js';
import { absentCatalogOnPut, deleteCatalog } from '../latitude/catalogs.js';
import { checkExtraCatalogs, unknownFlavor } from '../latitude/extra-catalogs.js';

/** Metadata endpoints (spec § Metadata). A catalog is identified by its flavor (query parameter type). */

function requireType(ctx: Ctx): string {
  const t = typeParam(ctx);
  if (t === undefined) throw badRequest(`query parameter 'type' (a catalog flavor) is required`);
  return t;
}

function noCatalog(rec: EventRecord, type: string): HttpError {
  return notFound(`event '${rec.id}' has no catalog with flavor '${type}'`);
}

/** The catalogs (no `type`) or the fields of one catalog GET /metadata shows (hook point shown). */
function shownList(ctx: Ctx, rec: EventRecord, type: string | undefined, list: Record<string, unknown>[]): Record<string, unknown>[] {
  return (hook(ctx).shown(ctx, { at: 'GET /api/events/{id}/metadata', rec, type, list }) as { list: Record<string, unknown>[] }).list;
}

/** GET /metadata → all catalogs (spec: "200 with an array of metadata catalogs (label, flavor, fields)"). */
function getCatalogs(ctx: Ctx, rec: EventRecord): Reply {
  const list = shownList(ctx, rec, undefined, renderCatalogs(rec.episode, episodeView(ctx.app.store, rec), rec.extraCatalogs));
  return json(200, shownCatalogs(ctx.app, list));
}

/** GET /metadata?type=f → "200 with an array of metadata fields of that catalog" (404 when absent). */
function getCatalogFields(ctx: Ctx, rec: EventRecord, type: string): Reply {
  let fields: Record<string, unknown>[];
  if (type === EPISODE_FLAVOR) fields = episodeFields(rec.episode, episodeView(ctx.app.store, rec));
  else {
    const extra = rec.extraCatalogs.get(type);
    // Latitude choice metadata-unknown-type: the spec's 404 is "The event does not exist" (§ Errors).
    if (!extra && ctx.app.lat('metadata-unknown-type') === 'empty-200') return json(200, []);
    if (!extra) throw noCatalog(rec, type);
    fields = extraFields(extra);
  }
  fields = shownFields(ctx.app, type, shownList(ctx, rec, type, fields));
  return json(200, fields);
}

/** GET /metadata → all catalogs; GET /metadata?type=f → the fields of that catalog (404 when absent). */
export function getMetadata(ctx: Ctx): Reply {
  const type = typeParam(ctx);
  const rec = readableEvent(ctx);
  return type === undefined ? getCatalogs(ctx, rec) : getCatalogFields(ctx, rec, type);
}

const PUT = 'PUT /api/events/{id}/metadata';

/** The `metadata` form parameter: JSON [{id, value}] (hook point writeInput: what a buggy server reads bad JSON as). */
function sentFields(ctx: Ctx, rec: EventRecord, type: string, text: string): FieldInput[] {
  let parsed: unknown;
  try {
    parsed = parseJsonParam(text, 'metadata');
  } catch (err) {
    parsed = (hook(ctx).writeInput(ctx, { at: PUT, rec, type }) as MetadataPutInput).read;
    if (parsed === undefined) throw err;
  }
  return parseFieldList(parsed, `parameter 'metadata'`);
}

/** PUT /metadata?type=f, form parameter metadata = [{id, value}]: "Fields not included are not updated." */
export async function putMetadata(ctx: Ctx): Promise<Reply> {
  const rec = writableEvent(ctx);
  const type = requireType(ctx);
  const extra = rec.extraCatalogs.get(type);
  if (unknownFlavor(ctx.app, type)) throw badRequest(`unknown catalog flavor '${type}'`);
  if (type !== EPISODE_FLAVOR && !extra) absentCatalogOnPut(ctx, type, noCatalog(rec, type));
  const text = (await readParams(ctx)).text('metadata');
  if (text === undefined || text.trim() === '') throw badRequest(`form parameter 'metadata' is required`);
  const sent = sentFields(ctx, rec, type, text);
  if (type !== EPISODE_FLAVOR) checkExtraCatalogs(ctx.app, new Map([[type, sent]]), 'write');
  const read = hook(ctx).writeInput(ctx, { at: PUT, rec, type, fields: type === EPISODE_FLAVOR ? episodeInput(ctx, sent) : sent }) as MetadataPutInput;
  const fields = read.fields ?? [];
  const done = empty(204);
  if (hook(ctx).writeSkipped(ctx, false, rec)) return done;
  const applied: CatalogWrite = type === EPISODE_FLAVOR
    ? { episode: applyEpisode(rec.episode, fields, ctx.app.store.view(rec.id).bibStartMs, true) }
    : { extra: applyExtra(extra, fields, type) };
  const { catalog } = hook(ctx).stored(ctx, { at: PUT, rec, type, fields, catalog: applied }) as { catalog: CatalogWrite };
  if (catalog.episode) {
    checkSeries(ctx, catalog.episode);
    rec.episode = catalog.episode;
  } else rec.extraCatalogs.set(type, catalog.extra);
  rec.archiveVersion++;
  ctx.app.store.commit(rec);
  return done;
}

/** DELETE /metadata?type=f: 204; 403 for dublincore/episode ("it has mandatory fields"); 404. */
export function deleteMetadata(ctx: Ctx): Reply {
  const rec = writableEvent(ctx);
  const type = requireType(ctx);
  const done = empty(204);
  if (type === EPISODE_FLAVOR) throw new HttpError(403, `the catalog '${EPISODE_FLAVOR}' cannot be deleted (it has mandatory fields)`);
  if (!rec.extraCatalogs.has(type)) {
    if (ctx.app.lat('metadata-delete-unknown-type') === '204') return done;
    throw noCatalog(rec, type);
  }
  if (hook(ctx).writeSkipped(ctx, false, rec)) return done;
  deleteCatalog(ctx, rec, type);
  rec.archiveVersion++;
  ctx.app.store.commit(rec);
  return done;
}
