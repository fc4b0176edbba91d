import type { Ctx } from '../app.js';
import { applyExtra, extraFields } from '../catalogs.js';
import { EPISODE_FLAVOR, type FieldInput } from '../episode.js';
import type { EventParts } from '../event-parts.js';
import type { EventRecord, ExtraCatalog } from '../types.js';
import { family } from './types.js';

/**
 * Second catalogs: writes through a catalog other than dublincore/episode (license/episode, …), read back through
 * that catalog or through every catalog of the event.
 */
export const SECOND_CATALOG_MUTANTS = family({
  'update-extra-catalog-unsent-fields-cleared': {
    rule: 'events.update.partial',
    description: 'POST /api/events/{id} with a metadata part carrying a catalog other than dublincore/episode replaces that catalog by the fields sent: a field of license/episode not in the update is gone afterwards; dublincore/episode fields not sent are kept.',
  },
  'extra-catalog-list-value-joined': {
    rule: 'metadata.get-type.values',
    description: 'GET /api/events/{id}/metadata?type=<a catalog other than dublincore/episode> shows a list value as one comma-joined string ("a,b" for ["a","b"]); GET …/metadata (every catalog) shows the list, so the two views of one catalog disagree (a server joining list values, latitude list-field-value=joined, joins them in every view); dublincore/episode lists are right.',
  },
  'metadata-catalogs-extra-stale-after-put': {
    rule: 'metadata.get.status',
    description: 'GET /api/events/{id}/metadata (every catalog) keeps showing a catalog other than dublincore/episode as it was before its first PUT /metadata?type=<that catalog> (a cache of the catalog list filled by the create); GET …/metadata?type=<that catalog> shows the new values.',
  },
  'metadata-put-second-extra-into-first': {
    rule: 'metadata.put.applies',
    description: 'PUT /api/events/{id}/metadata?type=<flavor> on an event with two catalogs besides dublincore/episode writes the fields into the first of them (a lookup of "the extra catalog" that takes the first): PUT ?type=custom/episode [{note: b}] leaves custom/episode as it was and adds note to license/episode; with one extra catalog, or PUT into the first, the write is right.',
  },
});

// --- metadata-put-second-extra-into-first (hook writeInput) -----------------------------------------------

/** Bug site (handlers/metadata.ts PUT, the fields to apply): fields for a later extra catalog land in the first. */
export function secondCatalogPutFields(ctx: Ctx, fields: FieldInput[], rec: EventRecord, type: string): FieldInput[] {
  if (type === EPISODE_FLAVOR || !ctx.app.bug('metadata-put-second-extra-into-first') || !rec.extraCatalogs.has(type)) return fields;
  const first = [...rec.extraCatalogs.keys()][0];
  if (first === type) return fields;
  rec.extraCatalogs.set(first, applyExtra(rec.extraCatalogs.get(first), fields, first));
  return [];
}

// --- update-extra-catalog-unsent-fields-cleared (hook stored) ----------------------------------------

/** Bug site (handlers/update.ts, after the parts are applied): each extra catalog sent holds only the fields sent. */
export function secondCatalogUpdated(ctx: Ctx, rec: EventRecord, parts: EventParts): void {
  if (!ctx.app.bug('update-extra-catalog-unsent-fields-cleared')) return;
  for (const [flavor, fields] of parts.metadata?.extras ?? []) rec.extraCatalogs.set(flavor, applyExtra(undefined, fields, flavor));
}

// --- extra-catalog-list-value-joined (hook metadataRead.fields) ---------------------------------------------------

type Obj = Record<string, unknown>;

/** Bug site (handlers/metadata.ts GET ?type=, the fields shown): list values of an extra catalog joined. */
export function secondCatalogFields(ctx: Ctx, fields: Obj[], type: string): Obj[] {
  if (type === EPISODE_FLAVOR || !ctx.app.bug('extra-catalog-list-value-joined')) return fields;
  return fields.map((f) => (Array.isArray(f.value) ? { ...f, value: (f.value as string[]).join(',') } : f));
}

// --- metadata-catalogs-extra-stale-after-put (hooks writeInput, metadataRead.catalogs) ------------------

/** The extra catalogs of an event as they were before its first PUT /metadata of an extra catalog. */
const BEFORE_PUT = new WeakMap<EventRecord, Map<string, ExtraCatalog>>();

/** Bug site (handlers/metadata.ts PUT, the fields about to be applied): remembers the catalogs as created. */
export function secondCatalogPutting(ctx: Ctx, rec: EventRecord, type: string, _fields: FieldInput[]): void {
  if (type === EPISODE_FLAVOR || !ctx.app.bug('metadata-catalogs-extra-stale-after-put') || BEFORE_PUT.has(rec)) return;
  BEFORE_PUT.set(rec, new Map([...rec.extraCatalogs].map(([f, c]) => [f, new Map(c)])));
}

/** Bug site (handlers/metadata.ts GET, every catalog): extra catalogs shown as remembered. */
export function secondCatalogCatalogs(ctx: Ctx, list: Obj[], rec: EventRecord): Obj[] {
  const old = ctx.app.bug('metadata-catalogs-extra-stale-after-put') ? BEFORE_PUT.get(rec) : undefined;
  if (!old) return list;
  return list.map((c) => {
    const kept = typeof c.flavor === 'string' ? old.get(c.flavor) : undefined;
    return kept ? { ...c, fields: extraFields(kept) } : c;
  });
}
