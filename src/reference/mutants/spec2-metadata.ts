import { empty, type Ctx, type Reply } from '../app.js';
import { emptyEpisode, EPISODE_FLAVOR, type FieldInput } from '../episode.js';
import type { EventRecord } from '../types.js';
import { nth } from './spec-state.js';
import { family } from './types.js';

/**
 * Metadata mutants of the second spec-only round (spec § Metadata: PUT "Form parameter metadata (values: JSON array
 * of objects with id and value)"; DELETE "query type (flavor string). Removes all fields and values of that catalog.
 * | 204; 403 (the catalog dublincore/episode cannot be deleted because it has mandatory fields)"). Bug sites:
 * handlers/metadata.ts putMetadata and deleteMetadata.
 */
export const SPEC2_METADATA_MUTANTS = family({
  'spec2-metadata-third-put-lost': {
    rule: 'metadata.put.applies',
    description: 'Every third PUT /metadata on one event answers 204 but changes nothing.',
  },
  'spec2-metadata-put-comma-split': {
    rule: 'metadata.put.applies',
    description: 'PUT /metadata splits each element of an array value on commas: subjects ["Art, Design"] is stored as ["Art", "Design"].',
  },
  'spec2-metadata-put-empty-ignored': {
    rule: 'metadata.put.applies',
    description: 'PUT /metadata skips fields whose value is "" (`if (value)`): a field cannot be emptied, the old value stays.',
  },
  'spec2-metadata-delete-all-events': {
    rule: 'metadata.delete.removes',
    description: 'DELETE /metadata?type=X removes catalog X from every event, not only from the one named.',
  },
  'spec2-metadata-delete-episode-case': {
    rule: 'metadata.delete.403',
    description: 'DELETE /metadata?type=DublinCore/Episode (other letter case) empties dublincore/episode (204): the 403 guard compares case-sensitively, the lookup does not.',
  },
});

/** Bug site (handlers/metadata.ts putMetadata, before applying): true when a buggy server loses this write. */
export function spec2PutLost(ctx: Ctx, rec: EventRecord): boolean {
  return ctx.app.bug('spec2-metadata-third-put-lost') && nth(rec, 'spec2-metadata-put') % 3 === 0;
}

/** Bug site (handlers/metadata.ts putMetadata): the fields as a buggy server reads them. */
export function spec2PutFields(ctx: Ctx, fields: FieldInput[]): FieldInput[] {
  const { bug } = ctx.app;
  if (bug('spec2-metadata-put-empty-ignored')) return fields.filter((f) => f.value !== '');
  if (!bug('spec2-metadata-put-comma-split')) return fields;
  return fields.map((f) => (Array.isArray(f.value)
    ? { ...f, value: f.value.flatMap((x: unknown) => (typeof x === 'string' ? x.split(',').map((s) => s.trim()) : [x])) }
    : f));
}

/** Bug site (handlers/metadata.ts deleteMetadata, before the catalog is looked up): a buggy server's answer, if any. */
export function spec2DeleteMetadata(ctx: Ctx, rec: EventRecord, type: string): Reply | undefined {
  const { bug, store } = ctx.app;
  if (bug('spec2-metadata-delete-episode-case') && type !== EPISODE_FLAVOR && type.toLowerCase() === EPISODE_FLAVOR) {
    rec.episode = emptyEpisode();
    rec.archiveVersion++;
    store.commit(rec);
    return empty(204);
  }
  if (bug('spec2-metadata-delete-all-events') && rec.extraCatalogs.has(type)) {
    for (const other of store.values()) {
      if (other === rec || !other.extraCatalogs.delete(type)) continue;
      other.archiveVersion++;
      store.commit(other);
    }
  }
  return undefined;
}
