import type { Ctx } from '../app.js';
import { renderCatalogs } from '../catalogs.js';
import { EPISODE_FLAVOR, type EpisodeView, type FieldInput } from '../episode.js';
import type { EventRecord } from '../types.js';
import { hashedStale, metadataOneBehind, whenWritten } from './spec3b-state.js';
import { nth } from './spec-state.js';
import { family } from './types.js';

/**
 * Metadata mutants of the third spec-only round, author B (spec § Metadata: GET "200 with an array of metadata
 * catalogs (label, flavor, fields)"; GET with type "200 with an array of metadata fields of that catalog"; PUT "Form
 * parameter metadata (values: JSON array of objects with id and value). Fields not included are not updated."; DELETE
 * "Removes all fields and values of that catalog."; § Metadata catalog: "label | string | Translation key for the
 * catalog name"; Metadata field (as returned): "readOnly | boolean"). Bug sites: handlers/metadata.ts.
 */
export const SPEC3B_METADATA_MUTANTS = family({
  'spec3b-metadata-all-stale': {
    rule: 'metadata.put.applies',
    description: 'On a pseudo-random subset (about 2 in 5) of GET /metadata requests (all catalogs, no type) the catalogs come from a replica one metadata change behind.',
  },
  'spec3b-metadata-type-cache-by-flavor': {
    rule: 'metadata.get-type.values',
    description: 'GET /metadata?type=<extra flavor> caches the fields by flavor only, not by event: reading the catalog of event B after event A\'s answers A\'s fields (until the next write).',
  },
  'spec3b-metadata-put-last-field-dropped': {
    rule: 'metadata.put.applies',
    description: 'PUT /metadata with two or more fields drops the last one (a de-duplication loop that stops one short); a single field is applied.',
  },
  'spec3b-metadata-delete-first-extra': {
    rule: 'metadata.delete.removes',
    description: 'DELETE /metadata?type=X removes the event\'s first extra catalog instead of X (an index mix-up): X stays when it is not the first.',
  },
  'spec3b-metadata-extra-no-label': {
    rule: 'metadata.get.schema',
    description: 'In GET /metadata only dublincore/episode carries label; the other catalogs lack the member (their label lookup finds no translation key).',
  },
  'spec3b-metadata-put-extra-second-clears': {
    rule: 'metadata.put.unsent-unchanged',
    description: 'From the second PUT /metadata on one extra catalog (not dublincore/episode) of an event, fields not sent are removed; the first PUT keeps them.',
  },
  'spec3b-oldest-metadata-no-readonly': {
    rule: 'metadata.get.schema',
    description: 'In 1.0.0 the fields in GET /metadata (all catalogs) lack the member readOnly; later versions have it.',
    until: '1.0.0',
  },
});

type Obj = Record<string, unknown>;

/** Bug site (handlers/metadata.ts getCatalogs): the catalog list a buggy server answers. */
export function spec3bCatalogs(ctx: Ctx, rec: EventRecord, view: EpisodeView, list: Obj[]): Obj[] {
  const { bug } = ctx.app;
  let out = list;
  if (bug('spec3b-metadata-all-stale') && hashedStale(nth(ctx.app, '3b:metadata-all'), 29)) {
    const old = metadataOneBehind(rec);
    if (old) out = renderCatalogs(old.episode, view, old.extras);
  }
  if (bug('spec3b-metadata-extra-no-label')) out = out.map((c) => (c.flavor === EPISODE_FLAVOR ? c : (({ label: _l, ...rest }) => rest)(c)));
  if (bug('spec3b-oldest-metadata-no-readonly') && ctx.version === '1.0.0') {
    out = out.map((c) => ({ ...c, fields: (c.fields as Obj[]).map(({ readOnly: _r, ...rest }) => rest) }));
  }
  return out;
}

const byFlavor = new WeakMap<object, Map<string, Obj[]>>();

/** Bug site (handlers/metadata.ts getCatalogFields): the fields of an extra catalog as a buggy cache answers them. */
export function spec3bExtraFields(ctx: Ctx, flavor: string, fields: Obj[]): Obj[] {
  if (!ctx.app.bug('spec3b-metadata-type-cache-by-flavor')) return fields;
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
export function spec3bPutFields(ctx: Ctx, fields: FieldInput[]): FieldInput[] {
  if (!ctx.app.bug('spec3b-metadata-put-last-field-dropped') || fields.length < 2) return fields;
  const out: FieldInput[] = [];
  for (let i = 0; i < fields.length - 1; i++) if (fields[i].id !== fields[i + 1].id) out.push(fields[i]);
  return out;
}

/** Bug site (handlers/metadata.ts putMetadata): true when a buggy PUT rebuilds the extra catalog from the sent fields. */
export function spec3bPutClears(ctx: Ctx, rec: EventRecord, type: string): boolean {
  if (!ctx.app.bug('spec3b-metadata-put-extra-second-clears') || type === EPISODE_FLAVOR || !rec.extraCatalogs.has(type)) return false;
  return nth(rec, `3b:put:${type}`) >= 2;
}

/** Bug site (handlers/metadata.ts deleteMetadata): the flavor a buggy DELETE removes. */
export function spec3bDeleteType(ctx: Ctx, rec: EventRecord, type: string): string {
  if (!ctx.app.bug('spec3b-metadata-delete-first-extra') || type === EPISODE_FLAVOR || !rec.extraCatalogs.has(type)) return type;
  return [...rec.extraCatalogs.keys()][0] ?? type;
}
