import { EPISODE_FLAVOR, EPISODE_LABEL, episodeFields, type EpisodeView, type FieldInput } from './episode.js';
import { isFlavor, isObject } from './input.js';
import { badRequest, type EpisodeValues, type EventRecord, type ExtraCatalog } from './types.js';
import type { EventStore } from './store.js';

/** Metadata catalogs as sent (spec § Metadata catalog: "the catalog is an object with flavor and fields"). */
export interface MetadataInput {
  episode?: FieldInput[];
  extras: Map<string, FieldInput[]>;
}

/** What the episode catalog's derived fields are shown from: the event's identifier, creation, and its start and duration as the store derives them. */
export function episodeView(store: EventStore, rec: EventRecord): EpisodeView {
  const v = store.view(rec.id);
  return { id: rec.id, createdMs: rec.createdMs, startMs: v.bibStartMs, durationMs: v.durationMs };
}

/** The `type` query parameter of the metadata endpoints (a catalog flavor), trimmed; undefined when absent or blank. */
export function typeParam(ctx: { url: URL }): string | undefined {
  const t = ctx.url.searchParams.get('type');
  return t === null || t.trim() === '' ? undefined : t.trim();
}

/** Validates an array of {id, value} (PUT /metadata "values", or the fields of one catalog). */
export function parseFieldList(v: unknown, where: string): FieldInput[] {
  if (!Array.isArray(v)) throw badRequest(`${where} must be a JSON array of {id, value}`);
  return v.map((f, i) => {
    if (!isObject(f) || typeof f.id !== 'string' || f.id === '') {
      throw badRequest(`${where} entry ${i} must be an object with a string 'id'`);
    }
    return { id: f.id, value: f.value };
  });
}

/** Parses the `metadata` part of create/update: a JSON array of catalogs {flavor, fields}. */
export function parseCatalogs(v: unknown): MetadataInput {
  if (!Array.isArray(v)) throw badRequest(`parameter 'metadata' must be a JSON array of catalogs`);
  const out: MetadataInput = { extras: new Map() };
  v.forEach((c, i) => {
    const where = `parameter 'metadata' catalog ${i}`;
    if (!isObject(c)) throw badRequest(`${where} must be an object with flavor and fields`);
    if (typeof c.flavor !== 'string' || !isFlavor(c.flavor)) throw badRequest(`${where}: 'flavor' must be a flavor type/subtype`);
    const fields = parseFieldList(c.fields ?? [], `${where} fields`);
    if (c.flavor === EPISODE_FLAVOR) out.episode = [...(out.episode ?? []), ...fields];
    else out.extras.set(c.flavor, [...(out.extras.get(c.flavor) ?? []), ...fields]);
  });
  return out;
}

function extraValue(f: FieldInput, flavor: string): string | string[] {
  const v = f.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return [...(v as string[])];
  throw badRequest(`metadata field '${f.id}' of catalog '${flavor}' takes a string or an array of strings`);
}

/** Applies fields to a copy of an extra catalog (free field ids). */
export function applyExtra(current: ExtraCatalog | undefined, fields: FieldInput[], flavor: string): ExtraCatalog {
  const next: ExtraCatalog = new Map(current ?? []);
  for (const f of fields) next.set(f.id, extraValue(f, flavor));
  return next;
}

export function catalogLabel(flavor: string): string {
  return flavor === EPISODE_FLAVOR ? EPISODE_LABEL : `EVENTS.EVENTS.DETAILS.CATALOG.${flavor.split('/')[0].toUpperCase()}`;
}

/** Fields of an extra catalog as returned. */
export function extraFields(c: ExtraCatalog): Record<string, unknown>[] {
  return [...c].map(([id, value]) => ({
    id,
    label: `EVENTS.EVENTS.DETAILS.METADATA.${id.toUpperCase()}`,
    value: Array.isArray(value) ? [...value] : value,
    type: 'text',
    readOnly: false,
    required: false,
  }));
}

/** All catalogs of an event: {label, title, flavor, fields} (catalog name under both keys; docs/opencast-notes.md). */
export function renderCatalogs(
  episode: EpisodeValues,
  view: EpisodeView,
  extras: ReadonlyMap<string, ExtraCatalog>,
): Record<string, unknown>[] {
  const one = (flavor: string, fields: Record<string, unknown>[]) => {
    const label = catalogLabel(flavor);
    return { label, title: label, flavor, fields };
  };
  return [one(EPISODE_FLAVOR, episodeFields(episode, view)), ...[...extras].map(([f, c]) => one(f, extraFields(c)))];
}
