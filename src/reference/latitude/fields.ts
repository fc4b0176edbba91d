import { configuredFieldsShown } from './extra-catalogs.js';
import type { App, Ctx } from '../app.js';
import { EPISODE_FIELDS, EPISODE_FLAVOR, type FieldInput } from '../episode.js';
import { badRequest } from '../types.js';

/**
 * Latitude choices of the dublincore/episode fields as sent and as returned (spec § Metadata catalog: "Field ids
 * used in the samples: title, subjects, description, startDate ..., startTime (format time with UTC designator),
 * license"; value "string or array[string]"; collection "Optional."; § Metadata PUT "400 (invalid or inconsistent
 * request)"). Internally the ids stay creator/contributor; these functions translate at the edge.
 */

type Field = Record<string, unknown>;

/** person-field-ids: the server's own id → the internal id (only the ids that differ). */
const PERSON_IDS: Record<string, Record<string, string>> = {
  creator: {},
  presenter: { presenter: 'creator' },
  presenters: { presenters: 'creator', contributors: 'contributor' },
};

const LIST_IDS = new Set(['subjects', 'creator', 'contributor']);
const READ_ONLY = new Set(EPISODE_FIELDS.filter((d) => d.readOnly).map((d) => d.id));

/** The internal ids the server does not know under their own name (renamed by person-field-ids). */
function renamedAway(alt: string): Set<string> {
  return new Set(Object.values(PERSON_IDS[alt]));
}

/** internal id → the id this server shows. */
function shownId(alt: string, id: string): string {
  for (const [own, internal] of Object.entries(PERSON_IDS[alt])) if (internal === id) return own;
  return id;
}

/** Fields sent for dublincore/episode (create, update, PUT metadata) in the internal ids; 400 where the server refuses. */
export function episodeInput(ctx: Ctx, fields: FieldInput[]): FieldInput[] {
  const { lat } = ctx.app;
  const defaults = lat('person-field-ids') === 'creator' && lat('read-only-field') === 'ignored' && lat('unknown-field') === 'rejected-400';
  if (defaults && lat('list-field-value') === 'array') return fields;
  const ids = PERSON_IDS[lat('person-field-ids')];
  const away = renamedAway(lat('person-field-ids'));
  const known = new Set([...EPISODE_FIELDS.map((d) => d.id), 'subject', ...Object.keys(ids)]);
  const out: FieldInput[] = [];
  for (const f of fields) {
    if (READ_ONLY.has(f.id) && lat('read-only-field') === 'rejected-400') throw badRequest(`metadata field '${f.id}' is read-only`);
    if (!known.has(f.id) || away.has(f.id)) {
      if (lat('unknown-field') === 'ignored') continue;
      throw badRequest(`unknown metadata field '${f.id}' in catalog '${EPISODE_FLAVOR}'`);
    }
    const id = ids[f.id] ?? f.id;
    const split = lat('list-field-value') === 'joined' && LIST_IDS.has(id) && typeof f.value === 'string';
    out.push({ id, value: split ? (f.value as string).split(',').map((s) => s.trim()).filter((s) => s !== '') : f.value });
  }
  return out;
}

const LICENSES = {
  'CC-BY': 'EVENTS.LICENSE.CCBY', 'CC-BY-SA': 'EVENTS.LICENSE.CCBYSA', 'CC-BY-NC': 'EVENTS.LICENSE.CCBYNC',
  'CC0': 'EVENTS.LICENSE.CC0', 'ALLRIGHTS': 'EVENTS.LICENSE.ALLRIGHTS',
};

function startTime(alt: string, v: unknown): unknown {
  if (typeof v !== 'string' || !/^\d{2}:\d{2}:\d{2}Z$/.test(v)) return v;
  return alt === 'millis' ? v.replace('Z', '.000Z') : alt === 'minutes' ? v.slice(0, 5) + 'Z' : v;
}

/**
 * The fields of one catalog as this server returns them (identity with every default); field-order=by-id sorts
 * them by id (§ Metadata catalog: "Fields of the catalog", no order given).
 */
export function shownFields(app: App, flavor: string, fields: Field[]): Field[] {
  const out = flavor === EPISODE_FLAVOR ? episodeFieldsShown(app, fields) : configuredFieldsShown(app, flavor, fields);
  if (app.lat('field-order') !== 'by-id') return out;
  return [...out].sort((a, b) => (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0));
}

function episodeFieldsShown(app: App, fields: Field[]): Field[] {
  const { lat } = app;
  const person = lat('person-field-ids');
  const joined = lat('list-field-value') === 'joined';
  const time = lat('start-time-format');
  const collection = lat('field-collection') === 'license';
  if (person === 'creator' && !joined && time === 'seconds' && !collection) return fields;
  return fields.map((f) => {
    const id = String(f.id);
    const out: Field = { ...f, id: shownId(person, id) };
    if (joined && LIST_IDS.has(id) && Array.isArray(f.value)) out.value = f.value.join(', ');
    if (id === 'startTime') out.value = startTime(time, f.value);
    if (collection && id === 'license') out.collection = { ...LICENSES };
    return out;
  });
}

/** All catalogs as returned: shownFields per catalog; catalog-order=by-flavor sorts them by flavor. */
export function shownCatalogs(app: App, catalogs: Field[]): Field[] {
  const out = catalogs.map((c) => (Array.isArray(c.fields) ? { ...c, fields: shownFields(app, String(c.flavor), c.fields as Field[]) } : c));
  if (app.lat('catalog-order') === 'by-flavor') out.sort((a, b) => (String(a.flavor) < String(b.flavor) ? -1 : String(a.flavor) > String(b.flavor) ? 1 : 0));
  return out;
}
