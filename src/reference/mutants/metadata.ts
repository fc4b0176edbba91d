import { family } from './types.js';
import { empty, json, type Ctx, type Reply } from '../app.js';
import { emptyEpisode, EPISODE_FLAVOR, type FieldInput, type EpisodeView, applyEpisode, episodeFields } from '../episode.js';
import { HttpError, type EventRecord, type EpisodeValues } from '../types.js';
import { hashedStale, metadataOneBehind, whenWritten } from './write-state.js';
import { nth, everySecond, firstState, LATE_MS, latin1Value, metadataBehind } from './mutant-state.js';
import { catalogLabel, renderCatalogs, applyExtra, extraFields, typeParam } from '../catalogs.js';
import { writableEvent } from '../event-access.js';

/** The metadata family: planted bugs of the metadata endpoints (rules metadata.*). */

/** Mutants of the metadata endpoints (spec § Metadata): GET/PUT/DELETE /api/events/{id}/metadata[?type=]. */
export const METADATA_MUTANTS = family({
  'metadata-get-status-201': { rule: 'metadata.get.status', description: 'GET /metadata (all catalogs) answers 201 instead of 200.' },
  'metadata-catalog-title-key': {
    rule: 'metadata.get.schema',
    description: 'Catalogs name themselves with the member title instead of label.',
  },
  'metadata-no-episode': {
    rule: 'metadata.get.episode',
    description: 'GET /metadata lists only the extra catalogs, without dublincore/episode.',
  },
  'metadata-unknown-200': { rule: 'metadata.get.404', description: 'GET /metadata of an unknown event answers 200 with [].' },
  'metadata-type-status-201': { rule: 'metadata.get-type.status', description: 'GET /metadata?type= answers 201 instead of 200.' },
  'metadata-type-whole-catalog': {
    rule: 'metadata.get-type.values',
    description: 'GET /metadata?type= answers the whole catalog object {label, flavor, fields} instead of its fields.',
  },
  'metadata-type-stale': {
    rule: 'metadata.get-type.values',
    description: 'GET /metadata?type= serves the fields cached at its first read of the event, never refreshed.',
  },
  'metadata-type-unknown-200': { rule: 'metadata.get-type.404', description: 'GET /metadata?type= of an unknown event answers 200 with [].' },
  'metadata-put-status-200': { rule: 'metadata.put.204', description: 'PUT /metadata answers 200 instead of 204.' },
  'metadata-put-ignores-values': { rule: 'metadata.put.applies', description: 'PUT /metadata answers 204 but changes nothing.' },
  'metadata-put-clears-unsent': {
    rule: 'metadata.put.unsent-unchanged',
    description: 'PUT /metadata rebuilds the catalog from the sent fields only: fields not sent are emptied.',
  },
  'metadata-put-bad-json-204': {
    rule: 'metadata.put.400',
    description: 'PUT /metadata treats a metadata parameter that is not JSON as an empty list and answers 204.',
  },
  'metadata-put-unknown-204': { rule: 'metadata.put.404', description: 'PUT /metadata of an unknown event answers 204.' },
  'metadata-delete-episode-allowed': {
    rule: 'metadata.delete.403',
    description: 'DELETE /metadata?type=dublincore/episode empties the episode catalog and answers 204.',
  },
  'metadata-delete-status-200': { rule: 'metadata.delete.204', description: 'DELETE /metadata?type= answers 200 instead of 204.' },
  'metadata-delete-keeps': { rule: 'metadata.delete.removes', description: 'DELETE /metadata?type= answers 204 but keeps the catalog.' },
  'metadata-delete-unknown-204': { rule: 'metadata.delete.404', description: 'DELETE /metadata?type= of an unknown event answers 204.' },
});

/**
 * Metadata mutants (spec § Metadata: PUT "Form parameter metadata (values: JSON array
 * of objects with id and value)"; DELETE "query type (flavor string). Removes all fields and values of that catalog.
 * | 204; 403 (the catalog dublincore/episode cannot be deleted because it has mandatory fields)"). Bug sites:
 * handlers/metadata.ts putMetadata and deleteMetadata.
 */
export const METADATA_WRITE_MUTANTS = family({
  'metadata-third-put-lost': {
    rule: 'metadata.put.applies',
    description: 'Every third PUT /metadata on one event answers 204 but changes nothing.',
  },
  'metadata-put-comma-split': {
    rule: 'metadata.put.applies',
    description: 'PUT /metadata splits each element of an array value on commas: subjects ["Art, Design"] is stored as ["Art", "Design"].',
  },
  'metadata-put-empty-ignored': {
    rule: 'metadata.put.applies',
    description: 'PUT /metadata skips fields whose value is "" (`if (value)`): a field cannot be emptied, the old value stays.',
  },
  'metadata-delete-all-events': {
    rule: 'metadata.delete.removes',
    description: 'DELETE /metadata?type=X removes catalog X from every event, not only from the one named.',
  },
  'metadata-delete-episode-case': {
    rule: 'metadata.delete.403',
    description: 'DELETE /metadata?type=DublinCore/Episode (other letter case) empties dublincore/episode (204): the 403 guard compares case-sensitively, the lookup does not.',
  },
});

/** Bug site (handlers/metadata.ts putMetadata, before applying): true when a buggy server loses this write. */
export function sectionPutLost(ctx: Ctx, rec: EventRecord): boolean {
  return ctx.app.bug('metadata-third-put-lost') && nth(rec, 'metadata-put') % 3 === 0;
}

/** Bug site (handlers/metadata.ts putMetadata): the fields as a buggy server reads them. */
export function sectionPutFields(ctx: Ctx, fields: FieldInput[]): FieldInput[] {
  const { bug } = ctx.app;
  if (bug('metadata-put-empty-ignored')) return fields.filter((f) => f.value !== '');
  if (!bug('metadata-put-comma-split')) return fields;
  return fields.map((f) => (Array.isArray(f.value)
    ? { ...f, value: f.value.flatMap((x: unknown) => (typeof x === 'string' ? x.split(',').map((s) => s.trim()) : [x])) }
    : f));
}

/** Bug site (handlers/metadata.ts deleteMetadata, before the catalog is looked up): a buggy server's answer, if any. */
export function sectionDeleteMetadata(ctx: Ctx, rec: EventRecord, type: string): Reply | undefined {
  const { bug, store } = ctx.app;
  if (bug('metadata-delete-episode-case') && type !== EPISODE_FLAVOR && type.toLowerCase() === EPISODE_FLAVOR) {
    rec.episode = emptyEpisode();
    rec.archiveVersion++;
    store.commit(rec);
    return empty(204);
  }
  if (bug('metadata-delete-all-events') && rec.extraCatalogs.has(type)) {
    for (const other of store.values()) {
      if (other === rec || !other.extraCatalogs.delete(type)) continue;
      other.archiveVersion++;
      store.commit(other);
    }
  }
  return undefined;
}

/**
 * Metadata mutants (spec § Metadata: GET "200 with an array of metadata
 * catalogs (label, flavor, fields)"; GET with type "200 with an array of metadata fields of that catalog"; PUT "Form
 * parameter metadata (values: JSON array of objects with id and value). Fields not included are not updated."; DELETE
 * "Removes all fields and values of that catalog."; § Metadata catalog: "label | string | Translation key for the
 * catalog name"; Metadata field (as returned): "readOnly | boolean"). Bug sites: handlers/metadata.ts.
 */
export const METADATA_CATALOG_MUTANTS = family({
  'metadata-all-stale': {
    rule: 'metadata.put.applies',
    description: 'On a pseudo-random subset (about 2 in 5) of GET /metadata requests (all catalogs, no type) the catalogs come from a replica one metadata change behind.',
  },
  'metadata-type-cache-by-flavor': {
    rule: 'metadata.get-type.values',
    description: 'GET /metadata?type=<extra flavor> caches the fields by flavor only, not by event: reading the catalog of event B after event A\'s answers A\'s fields (until the next write).',
  },
  'metadata-put-last-field-dropped': {
    rule: 'metadata.put.applies',
    description: 'PUT /metadata with two or more fields drops the last one (a de-duplication loop that stops one short); a single field is applied.',
  },
  'metadata-delete-first-extra': {
    rule: 'metadata.delete.removes',
    description: 'DELETE /metadata?type=X removes the event\'s first extra catalog instead of X (an index mix-up): X stays when it is not the first.',
  },
  'metadata-extra-no-label': {
    rule: 'metadata.get.schema',
    description: 'In GET /metadata only dublincore/episode carries label; the other catalogs lack the member (their label lookup finds no translation key).',
  },
  'metadata-put-extra-second-clears': {
    rule: 'metadata.put.unsent-unchanged',
    description: 'From the second PUT /metadata on one extra catalog (not dublincore/episode) of an event, fields not sent are removed; the first PUT keeps them.',
  },
  'oldest-metadata-no-readonly': {
    rule: 'metadata.get.schema',
    description: 'In 1.0.0 the fields in GET /metadata (all catalogs) lack the member readOnly; later versions have it.',
    until: '1.0.0',
  },
});

type Obj = Record<string, unknown>;

/** Bug site (handlers/metadata.ts getCatalogs): the catalog list a buggy server answers. */
export function readBackCatalogs(ctx: Ctx, rec: EventRecord, view: EpisodeView, list: Obj[]): Obj[] {
  const { bug } = ctx.app;
  let out = list;
  if (bug('metadata-all-stale') && hashedStale(nth(ctx.app, 'stale-metadata-all'), 29)) {
    const old = metadataOneBehind(rec);
    if (old) out = renderCatalogs(old.episode, view, old.extras);
  }
  if (bug('metadata-extra-no-label')) out = out.map((c) => (c.flavor === EPISODE_FLAVOR ? c : (({ label: _l, ...rest }) => rest)(c)));
  if (bug('oldest-metadata-no-readonly') && ctx.version === '1.0.0') {
    out = out.map((c) => ({ ...c, fields: (c.fields as Obj[]).map(({ readOnly: _r, ...rest }) => rest) }));
  }
  return out;
}

const byFlavor = new WeakMap<object, Map<string, Obj[]>>();

/** Bug site (handlers/metadata.ts getCatalogFields): the fields of an extra catalog as a buggy cache answers them. */
export function readBackExtraFields(ctx: Ctx, flavor: string, fields: Obj[]): Obj[] {
  if (!ctx.app.bug('metadata-type-cache-by-flavor')) return fields;
  let m = byFlavor.get(ctx.app);
  if (!m) {
    const made = new Map<string, Obj[]>();
    byFlavor.set(ctx.app, (m = made));
    whenWritten(ctx.app, () => made.clear());
  }
  const hit = m.get(flavor);
  if (hit) return hit.map((f) => ({ ...f }));
  m.set(flavor, fields.map((f) => ({ ...f })));
  return fields;
}

/** Bug site (handlers/metadata.ts putMetadata): the fields a buggy PUT applies. */
export function readBackPutFields(ctx: Ctx, fields: FieldInput[]): FieldInput[] {
  if (!ctx.app.bug('metadata-put-last-field-dropped') || fields.length < 2) return fields;
  const out: FieldInput[] = [];
  for (let i = 0; i < fields.length - 1; i++) if (fields[i].id !== fields[i + 1].id) out.push(fields[i]);
  return out;
}

/** Bug site (handlers/metadata.ts putMetadata): true when a buggy PUT rebuilds the extra catalog from the sent fields. */
export function readBackPutClears(ctx: Ctx, rec: EventRecord, type: string): boolean {
  if (!ctx.app.bug('metadata-put-extra-second-clears') || type === EPISODE_FLAVOR || !rec.extraCatalogs.has(type)) return false;
  return nth(rec, `put:${type}`) >= 2;
}

/** Bug site (handlers/metadata.ts deleteMetadata): the flavor a buggy DELETE removes. */
export function readBackDeleteType(ctx: Ctx, rec: EventRecord, type: string): string {
  if (!ctx.app.bug('metadata-delete-first-extra') || type === EPISODE_FLAVOR || !rec.extraCatalogs.has(type)) return type;
  return [...rec.extraCatalogs.keys()][0] ?? type;
}

/**
 * An unknown event is 404 before any other refusal (spec § Metadata: DELETE "204; 403 (the
 * catalog dublincore/episode cannot be deleted because it has mandatory fields); 404"; § Errors: "404 | The event does
 * not exist"). Bug site: handlers/metadata.ts deleteMetadata (first), via mutants/sites.ts.
 *
 * Dropped in triage: scheduling-put-unknown-400 (PUT …/scheduling of an unknown event answering 400 for a
 * missing or malformed scheduling parameter). The spec allows it: § Errors "400 | Invalid or inconsistent request
 * (event creation, metadata update, scheduling update)" describes that request as truly as "404 | The event does not
 * exist" does, and the spec orders neither before the other. (The 403 above differs: its reason, "the catalog
 * dublincore/episode cannot be deleted because it has mandatory fields", presupposes the event's catalog.)
 */
export const UNKNOWN_EVENT_404_MUTANTS = family({
  'metadata-delete-episode-unknown-403': {
    rule: 'metadata.delete.404',
    description: 'DELETE /metadata?type=dublincore/episode of an event that does not exist answers 403 (the mandatory-catalog guard runs before the event lookup).',
  },
});

/** Bug site (DELETE /metadata, first). */
export function unknownDeleteMetadata(ctx: Ctx): void {
  if (!ctx.app.bug('metadata-delete-episode-unknown-403') || ctx.app.store.get(ctx.params[0])) return;
  if (ctx.url.searchParams.get('type')?.trim() === EPISODE_FLAVOR) {
    throw new HttpError(403, `the catalog '${EPISODE_FLAVOR}' cannot be deleted (it has mandatory fields)`);
  }
}

/**
 * Blind-spot class 3 of suites/DISCRIMINATING-DATA.md (composite values written in part): spec § Metadata, PUT /metadata "Fields not included are not
 * updated"; the start is startDate (format date) and startTime (format time with UTC designator). Bug site:
 * handlers/metadata.ts (the episode values a PUT stores).
 */
export const START_PARTS_MUTANTS = family({
  'composite-date-resets-time': {
    rule: 'metadata.put.unsent-unchanged',
    description: 'PUT /metadata?type=dublincore/episode with startDate but no startTime stores the start at midnight of that date: the start time not sent is lost.',
  },
});

const DAY_MS = 86_400_000;

/** Bug site (handlers/metadata.ts putMetadata, dublincore/episode): the episode values stored. */
export function blindSpotPutEpisode(ctx: Ctx, fields: FieldInput[], next: EpisodeValues): EpisodeValues {
  if (!ctx.app.bug('composite-date-resets-time') || next.startMs === undefined) return next;
  if (!fields.some((f) => f.id === 'startDate') || fields.some((f) => f.id === 'startTime')) return next;
  return { ...next, startMs: Math.floor(next.startMs / DAY_MS) * DAY_MS };
}

/**
 * Blind-spot class 12 of suites/DISCRIMINATING-DATA.md (an unknown event is 404 before anything else): spec § Metadata, DELETE …/metadata "204; 403 (the
 * catalog dublincore/episode cannot be deleted because it has mandatory fields); 404"; § Errors "404 | The event does
 * not exist". Bug site: handlers/metadata.ts (deleteMetadata, before the event is looked up).
 */
export const UNKNOWN_FIRST_MUTANTS = family({
  'unknown-episode-delete-403-first': {
    rule: 'metadata.delete.404',
    description: 'DELETE …/metadata?type=dublincore/episode checks the flavor before the event: for an event that does not exist it answers 403 (the episode catalog cannot be deleted), not 404.',
  },
});

/** Bug site (handlers/metadata.ts deleteMetadata, first thing): the flavor guard a buggy server runs before the lookup. */
export function blindSpotDeleteGuardFirst(ctx: Ctx): void {
  if (!ctx.app.bug('unknown-episode-delete-403-first')) return;
  if (ctx.url.searchParams.get('type') === EPISODE_FLAVOR) throw new HttpError(403, `the catalog '${EPISODE_FLAVOR}' cannot be deleted (it has mandatory fields)`);
}

function unknownEvent(ctx: Ctx): boolean {
  return !ctx.app.store.get(ctx.params[0]);
}

/** Bug sites (hook metadataRead.early, first): GET of an unknown event's metadata answers 200 [] (extra: the type). */
export function metadataGetUnknown(ctx: Ctx, reply: Reply | undefined, type: string | undefined): Reply | undefined {
  if (reply) return reply;
  return ctx.app.bug(type === undefined ? 'metadata-unknown-200' : 'metadata-type-unknown-200') && unknownEvent(ctx) ? json(200, []) : undefined;
}

/** Bug sites (hook metadataRead.catalogs, last): dublincore/episode left out, or `label` dropped. */
export function metadataCatalogBugs(ctx: Ctx, list: Obj[]): Obj[] {
  let out = list;
  if (ctx.app.bug('metadata-no-episode')) out = out.filter((c) => c.flavor !== EPISODE_FLAVOR);
  if (ctx.app.bug('metadata-catalog-title-key')) out = out.map(({ label: _label, ...rest }) => rest);
  return out;
}

/** Fields the stale-cache mutant served first, per event (metadata-type-stale). */
const staleFields = new WeakMap<EventRecord, Obj[]>();

/** Bug site (hook metadataRead.fields, last): the fields first served for an event, forever. */
export function metadataTypeStale(ctx: Ctx, fields: Obj[], rec: EventRecord): Obj[] {
  if (!ctx.app.bug('metadata-type-stale')) return fields;
  const out = staleFields.get(rec) ?? fields;
  staleFields.set(rec, out);
  return out;
}

/** Bug site (hook metadataRead.body): the fields answered as the whole catalog. */
export function metadataWholeCatalog(ctx: Ctx, body: unknown, type: string): unknown {
  return ctx.app.bug('metadata-type-whole-catalog') ? { label: catalogLabel(type), flavor: type, fields: body } : body;
}

/** Bug sites (hook metadataRead.status): GET answers 201. */
export function metadataGetStatus(ctx: Ctx, status: number, what: 'catalogs' | 'fields'): number {
  return ctx.app.bug(what === 'catalogs' ? 'metadata-get-status-201' : 'metadata-type-status-201') ? 201 : status;
}

/** Bug site (hook metadataPut.early): PUT to an unknown event answers 204. */
export function metadataPutUnknown(ctx: Ctx, reply: Reply | undefined): Reply | undefined {
  return reply ?? (ctx.app.bug('metadata-put-unknown-204') && unknownEvent(ctx) ? empty(204) : undefined);
}

/** Bug site (hook writeInput): a `metadata` parameter that is no JSON reads as []. */
export function metadataPutBadJson(ctx: Ctx, fields: unknown): unknown {
  return fields ?? (ctx.app.bug('metadata-put-bad-json-204') ? [] : undefined);
}

/** Bug site (hook metadataPut.status): PUT answers 200. */
export function metadataPutStatus(ctx: Ctx, status: number): number {
  return ctx.app.bug('metadata-put-status-200') ? 200 : status;
}

/** Bug site (hook metadataPut.lost, first): the values sent are dropped. */
export function metadataPutIgnoresValues(ctx: Ctx, lost: boolean): boolean {
  return lost || ctx.app.bug('metadata-put-ignores-values');
}

/** Bug site (hook metadataPut.clears, first): the fields not sent are cleared. */
export function metadataPutClearsUnsent(ctx: Ctx, clears: boolean): boolean {
  return clears || ctx.app.bug('metadata-put-clears-unsent');
}

/** Bug site (hook metadataDelete.unknown): DELETE of an unknown event's catalog answers 204. */
export function metadataDeleteUnknown(ctx: Ctx, reply: Reply | undefined): Reply | undefined {
  return reply ?? (ctx.app.bug('metadata-delete-unknown-204') && unknownEvent(ctx) ? empty(204) : undefined);
}

/** Bug site (hook metadataDelete.status): DELETE answers 200. */
export function metadataDeleteStatus(ctx: Ctx, status: number): number {
  return ctx.app.bug('metadata-delete-status-200') ? 200 : status;
}

/** Bug site (hook metadataDelete.episodeAllowed): dublincore/episode may be deleted. */
export function metadataDeleteEpisodeAllowed(ctx: Ctx, allowed: boolean): boolean {
  return allowed || ctx.app.bug('metadata-delete-episode-allowed');
}

/** Bug site (hook metadataDelete.kept): DELETE answers success and keeps the catalog. */
export function metadataDeleteKeeps(ctx: Ctx, kept: boolean): boolean {
  return kept || ctx.app.bug('metadata-delete-keeps');
}

/**
 * Metadata mutants written from the spec alone (spec § Metadata: GET with "query type (flavor string) | 200 with
 * an array of metadata fields of that catalog"; PUT "query type … Fields not included are not updated. | 204; 400
 * (invalid or inconsistent request)"; DELETE "query type (flavor string). Removes all fields and values of that
 * catalog. | 204; 403 (the catalog dublincore/episode …)"). Bug sites: handlers/metadata.ts.
 */
export const SPEC_METADATA_MUTANTS = family({
  'metadata-get-type-ignored': {
    rule: 'metadata.get-type.values',
    description: 'GET /metadata?type=X ignores type and answers the fields of dublincore/episode for every X.',
  },
  'metadata-put-type-ignored': {
    rule: 'metadata.put.applies',
    description: 'PUT /metadata?type=X ignores type and applies the fields to dublincore/episode (400 for ids that catalog lacks).',
  },
  'metadata-delete-type-ignored': {
    rule: 'metadata.delete.204',
    description: 'DELETE /metadata?type=X ignores type and targets dublincore/episode: every delete answers 403.',
  },
  'metadata-put-reverts-earlier': {
    rule: 'metadata.put.unsent-unchanged',
    description: 'PUT /metadata?type=dublincore/episode applies the sent fields to the catalog as it was created: fields changed by an earlier write revert.',
  },
  'metadata-read-flaky': {
    rule: 'metadata.get-type.values',
    description: 'Every second GET /metadata?type= of an event answers from a replica one metadata change behind.',
  },
  'metadata-put-latin1': {
    rule: 'metadata.put.applies',
    description: 'PUT /metadata decodes the values as ISO-8859-1: non-ASCII values are stored mangled ("Zürich" → "ZÃ¼rich").',
  },
  'metadata-put-first-field-only': {
    rule: 'metadata.put.applies',
    description: 'PUT /metadata applies only the first field of the sent list; the others are dropped silently.',
  },
  'metadata-put-list-first-value': {
    rule: 'metadata.put.applies',
    description: 'PUT /metadata keeps only the first element of an array value (subjects, creator, contributor).',
  },
  'metadata-400-lands-late': {
    rule: 'metadata.put.400',
    description: 'A PUT /metadata refused with 400 (one invalid field) applies its valid fields about a second later.',
  },
});

/** Bug site (handlers/metadata.ts): the catalog a request names, as a server that ignores `type` reads it. */
export function metadataType(ctx: Ctx, method: 'GET' | 'PUT' | 'DELETE', type: string): string {
  const { bug } = ctx.app;
  const ignored = method === 'GET' ? bug('metadata-get-type-ignored')
    : method === 'PUT' ? bug('metadata-put-type-ignored') : bug('metadata-delete-type-ignored');
  return ignored ? EPISODE_FLAVOR : type;
}

/** Bug site (handlers/metadata.ts getCatalogFields): the fields a GET ?type= answers. */
export function metadataRead(ctx: Ctx, rec: EventRecord, type: string, fields: Record<string, unknown>[]): Record<string, unknown>[] {
  // Counted per event: a replica behind for this event's catalogs, not a server-wide alternation that concurrent readers of
  // other events would take turns with.
  if (!ctx.app.bug('metadata-read-flaky') || !everySecond(rec, 'metadata-read')) return fields;
  const old = metadataBehind(rec);
  if (!old) return fields;
  if (type !== EPISODE_FLAVOR) {
    const c = old.extras.get(type);
    return c ? extraFields(c) : fields;
  }
  const v = ctx.app.store.view(rec.id);
  return episodeFields(old.episode, { id: rec.id, createdMs: rec.createdMs, startMs: old.episode.startMs ?? v.techStartMs, durationMs: old.episode.durationMs ?? v.durationMs });
}

/** Bug site (handlers/metadata.ts putMetadata): the episode catalog a PUT applies its fields to. */
export function putBase(ctx: Ctx, rec: EventRecord): EpisodeValues {
  return (ctx.app.bug('metadata-put-reverts-earlier') && firstState(rec)?.episode) || rec.episode;
}

/** Bug site (handlers/metadata.ts putMetadata): the fields as a buggy server reads them. */
export function putFields(ctx: Ctx, fields: FieldInput[]): FieldInput[] {
  const { bug } = ctx.app;
  if (bug('metadata-put-latin1')) return fields.map((f) => ({ ...f, value: latin1Value(f.value) }));
  if (bug('metadata-put-first-field-only')) return fields.slice(0, 1);
  if (bug('metadata-put-list-first-value')) return fields.map((f) => (Array.isArray(f.value) ? { ...f, value: f.value.slice(0, 1) } : f));
  return fields;
}

function applies(rec: EventRecord, type: string, fields: FieldInput[], startMs: number): boolean {
  try {
    if (type === EPISODE_FLAVOR) applyEpisode(rec.episode, fields, startMs, true);
    else applyExtra(rec.extraCatalogs.get(type), fields, type);
    return true;
  } catch (e) {
    if (e instanceof HttpError) return false;
    throw e;
  }
}

/**
 * Bug site (handlers/metadata.ts putMetadata, before applying): when the request will be refused with 400, a buggy
 * server still queues its valid fields and applies them LATE_MS later.
 */
export function lateMetadata(ctx: Ctx, rec: EventRecord, type: string, fields: FieldInput[]): void {
  const { app } = ctx;
  if (!app.bug('metadata-400-lands-late')) return;
  const startMs = app.store.view(rec.id).bibStartMs;
  if (applies(rec, type, fields, startMs)) return;
  const valid = fields.filter((f) => applies(rec, type, [f], startMs));
  if (valid.length === 0) return;
  app.timers.after(`spec-late-metadata:${rec.id}`, LATE_MS, () => {
    if (app.store.get(rec.id) !== rec) return;
    if (type === EPISODE_FLAVOR) rec.episode = applyEpisode(rec.episode, valid, app.store.view(rec.id).bibStartMs, true);
    else if (rec.extraCatalogs.has(type)) rec.extraCatalogs.set(type, applyExtra(rec.extraCatalogs.get(type), valid, type));
    rec.archiveVersion++;
    app.store.commit(rec);
  });
}

/**
 * Fault (request in, DELETE /metadata): what a buggy server does before it looks the catalog up: the episode catalog
 * emptied (its deletion allowed, or the flavor named in another case), or an extended catalog deleted from every event
 * first. Asked only while one of these bugs is on; the event is checked for write access as the handler checks it.
 */
export function metadataDeleteAnswered(ctx: Ctx, reply: Reply | undefined): Reply | undefined {
  const { bug, store } = ctx.app;
  const type = typeParam(ctx);
  if (reply || type === undefined || (!bug('metadata-delete-episode-allowed') && !bug('metadata-delete-episode-case') && !bug('metadata-delete-all-events'))) return reply;
  const rec = writableEvent(ctx);
  const early = sectionDeleteMetadata(ctx, rec, type);
  if (early || type !== EPISODE_FLAVOR || !metadataDeleteEpisodeAllowed(ctx, false)) return early;
  rec.episode = emptyEpisode();
  rec.archiveVersion++;
  store.commit(rec);
  return empty(204);
}
