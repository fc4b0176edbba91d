import type { Ctx } from '../app.js';
import { applyExtra, extraFields } from '../catalogs.js';
import { applyEpisode, EPISODE_FLAVOR, episodeFields, type FieldInput } from '../episode.js';
import { HttpError, type EpisodeValues, type EventRecord } from '../types.js';
import { everySecond, firstState, LATE_MS, latin1Value, metadataBehind } from './spec-state.js';
import { family } from './types.js';

/**
 * Metadata mutants written from the spec alone (spec § Metadata: GET with "query type (flavor string) | 200 with
 * an array of metadata fields of that catalog"; PUT "query type … Fields not included are not updated. | 204; 400
 * (invalid or inconsistent request)"; DELETE "query type (flavor string). Removes all fields and values of that
 * catalog. | 204; 403 (the catalog dublincore/episode …)"). Bug sites: handlers/metadata.ts.
 */
export const SPEC_METADATA_MUTANTS = family({
  'spec-metadata-get-type-ignored': {
    rule: 'metadata.get-type.values',
    description: 'GET /metadata?type=X ignores type and answers the fields of dublincore/episode for every X.',
  },
  'spec-metadata-put-type-ignored': {
    rule: 'metadata.put.applies',
    description: 'PUT /metadata?type=X ignores type and applies the fields to dublincore/episode (400 for ids that catalog lacks).',
  },
  'spec-metadata-delete-type-ignored': {
    rule: 'metadata.delete.204',
    description: 'DELETE /metadata?type=X ignores type and targets dublincore/episode: every delete answers 403.',
  },
  'spec-metadata-put-reverts-earlier': {
    rule: 'metadata.put.unsent-unchanged',
    description: 'PUT /metadata?type=dublincore/episode applies the sent fields to the catalog as it was created: fields changed by an earlier write revert.',
  },
  'spec-metadata-read-flaky': {
    rule: 'metadata.get-type.values',
    description: 'Every second GET /metadata?type= of an event answers from a replica one metadata change behind.',
  },
  'spec-metadata-put-latin1': {
    rule: 'metadata.put.applies',
    description: 'PUT /metadata decodes the values as ISO-8859-1: non-ASCII values are stored mangled ("Zürich" → "ZÃ¼rich").',
  },
  'spec-metadata-put-first-field-only': {
    rule: 'metadata.put.applies',
    description: 'PUT /metadata applies only the first field of the sent list; the others are dropped silently.',
  },
  'spec-metadata-put-list-first-value': {
    rule: 'metadata.put.applies',
    description: 'PUT /metadata keeps only the first element of an array value (subjects, creator, contributor).',
  },
  'spec-metadata-400-lands-late': {
    rule: 'metadata.put.400',
    description: 'A PUT /metadata refused with 400 (one invalid field) applies its valid fields about a second later.',
  },
});

/** Bug site (handlers/metadata.ts): the catalog a request names, as a server that ignores `type` reads it. */
export function metadataType(ctx: Ctx, method: 'GET' | 'PUT' | 'DELETE', type: string): string {
  const { bug } = ctx.app;
  const ignored = method === 'GET' ? bug('spec-metadata-get-type-ignored')
    : method === 'PUT' ? bug('spec-metadata-put-type-ignored') : bug('spec-metadata-delete-type-ignored');
  return ignored ? EPISODE_FLAVOR : type;
}

/** Bug site (handlers/metadata.ts getCatalogFields): the fields a GET ?type= answers. */
export function metadataRead(ctx: Ctx, rec: EventRecord, type: string, fields: Record<string, unknown>[]): Record<string, unknown>[] {
  // Counted per event: a replica behind for this event's catalogs, not a server-wide alternation that concurrent readers of
  // other events would take turns with.
  if (!ctx.app.bug('spec-metadata-read-flaky') || !everySecond(rec, 'metadata-read')) return fields;
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
  return (ctx.app.bug('spec-metadata-put-reverts-earlier') && firstState(rec)?.episode) || rec.episode;
}

/** Bug site (handlers/metadata.ts putMetadata): the fields as a buggy server reads them. */
export function putFields(ctx: Ctx, fields: FieldInput[]): FieldInput[] {
  const { bug } = ctx.app;
  if (bug('spec-metadata-put-latin1')) return fields.map((f) => ({ ...f, value: latin1Value(f.value) }));
  if (bug('spec-metadata-put-first-field-only')) return fields.slice(0, 1);
  if (bug('spec-metadata-put-list-first-value')) return fields.map((f) => (Array.isArray(f.value) ? { ...f, value: f.value.slice(0, 1) } : f));
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
  if (!app.bug('spec-metadata-400-lands-late')) return;
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
