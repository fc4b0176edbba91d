import type { Capabilities, CatalogFieldDef, LearnedCatalog } from '../model/index.js';
import { Unavailable } from './unavailable.js';

/**
 * The catalogs besides dublincore/episode that evconf writes. spec § Metadata catalog: "Further
 * configurable catalogs exist, for example license/episode." — which ones, and which fields they have, is the
 * server's configuration. The probe learns them (src/core/probe.ts): the catalogs a new event shows, with each
 * field's id, type, readOnly, required and collection; where it shows none, whether evconf's own catalogs are kept.
 * Every stage writes only those, in fields the server lists as writable, with values of the field's type.
 */

/** evconf's own catalogs, offered to a server that lists fewer of its own than the checks need. */
export const OWN_CATALOGS: readonly LearnedCatalog[] = [
  { flavor: 'license/episode', source: 'accepted', fields: [{ id: 'license', type: 'text', readOnly: false, required: false }] },
  {
    flavor: 'evconf/notes', source: 'accepted', fields: [
      { id: 'topic', type: 'text', readOnly: false, required: false },
      { id: 'note', type: 'text', readOnly: false, required: false },
    ],
  },
];

const EPISODE = 'dublincore/episode';
/** spec § Metadata field: "type | string | Kinds seen: text, text_long". */
const TEXT_TYPES = new Set(['text', 'text_long']);

function fieldDef(raw: unknown): CatalogFieldDef | undefined {
  const f = raw as { id?: unknown; type?: unknown; readOnly?: unknown; required?: unknown; collection?: unknown } | null;
  if (!f || typeof f.id !== 'string' || f.id === '') return undefined;
  const keys = f.collection && typeof f.collection === 'object' && !Array.isArray(f.collection) ? Object.keys(f.collection) : undefined;
  return {
    id: f.id,
    ...(typeof f.type === 'string' ? { type: f.type } : {}),
    readOnly: f.readOnly === true,
    required: f.required === true,
    ...(keys && keys.length > 0 ? { keys } : {}),
  };
}

/** The catalogs of a GET /api/events/{id}/metadata answer other than dublincore/episode, as definitions. */
export function catalogDefs(body: unknown, source: LearnedCatalog['source'] = 'listed'): LearnedCatalog[] {
  if (!Array.isArray(body)) return [];
  const out: LearnedCatalog[] = [];
  for (const c of body as { flavor?: unknown; fields?: unknown }[]) {
    if (!c || typeof c.flavor !== 'string' || c.flavor === EPISODE || out.some((x) => x.flavor === c.flavor)) continue;
    const fields = Array.isArray(c.fields) ? c.fields.map(fieldDef).filter((x): x is CatalogFieldDef => x !== undefined) : [];
    out.push({ flavor: c.flavor, fields, source });
  }
  return out;
}

/** A field evconf can write a free value to: not read-only, text (or no type given), no collection. */
const isFreeText = (f: CatalogFieldDef) => !f.readOnly && !f.keys && (f.type === undefined || TEXT_TYPES.has(f.type));

/**
 * Fields evconf can write distinct values to, best first: free text fields, then fields with a collection (their
 * keys are the values: "collection | object | Optional. Maps allowed value keys to translation keys.").
 */
export function writableFields(c: LearnedCatalog): CatalogFieldDef[] {
  return [...c.fields.filter(isFreeText), ...c.fields.filter((f) => !f.readOnly && f.keys && f.keys.length >= 2)];
}

/**
 * The n-th (0-based) distinct value of field `f` for the scenario tagged `tag`, of the field's type; undefined when
 * the field cannot hold that many distinct values (a collection with fewer keys, a boolean past two).
 */
export function fieldValue(f: CatalogFieldDef, n: number, tag: string): string | undefined {
  if (f.keys) return f.keys[n];
  switch ((f.type ?? 'text').toLowerCase()) {
    case 'date': return `209${n % 10}-06-1${n % 10}`;
    case 'time': return `1${n % 10}:30:00Z`;
    case 'number': case 'integer': case 'long': case 'double': case 'float': return String(17 + n);
    case 'boolean': return n === 0 ? 'true' : n === 1 ? 'false' : undefined;
    default: return `evconf-v${n + 1} ${tag}`;
  }
}

/** The catalogs evconf may write for this server: what the probe learned, or its own where nothing was probed. */
export function learnedCatalogs(caps: Capabilities | undefined): readonly LearnedCatalog[] {
  return caps?.catalogs?.list ?? OWN_CATALOGS;
}

/** The learned definition of a catalog, by flavor. */
export function learnedCatalog(caps: Capabilities | undefined, flavor: string): LearnedCatalog | undefined {
  return learnedCatalogs(caps).find((c) => c.flavor === flavor);
}

/**
 * The fields of `flavor` the server marks required (and writable) that `sent` lacks, each with a value of its type,
 * so that a catalog evconf sends is complete in the server's own terms.
 */
export function requiredFill(caps: Capabilities | undefined, flavor: string, sent: readonly string[], tag: string): Record<string, string> {
  const c = learnedCatalog(caps, flavor);
  const out: Record<string, string> = {};
  for (const f of c?.fields ?? []) {
    if (!f.required || f.readOnly || sent.includes(f.id)) continue;
    const v = fieldValue(f, 0, tag);
    if (v !== undefined) out[f.id] = v;
  }
  return out;
}

const usable = (c: LearnedCatalog) => writableFields(c).length > 0;

/** One catalog as scenario variables: flavor, field/field2 and three distinct values of each (v1..v3, w1..w3). */
function catalogVar(c: LearnedCatalog, tag: string, why: (what: string) => string): Record<string, unknown> {
  const [f1, f2] = writableFields(c);
  const val = (f: CatalogFieldDef | undefined, n: number) => {
    if (!f) return new Unavailable(why(`a second writable field in ${c.flavor}`));
    const v = fieldValue(f, n, tag);
    return v ?? new Unavailable(why(`${n + 1} distinct values of field ${f.id} of ${c.flavor}`));
  };
  return {
    flavor: c.flavor,
    field: f1.id,
    field2: f2 ? f2.id : new Unavailable(why(`a second writable field in ${c.flavor}`)),
    v1: val(f1, 0), v2: val(f1, 1), v3: val(f1, 2),
    w1: val(f2, 0), w2: val(f2, 1), w3: val(f2, 2),
  };
}

/**
 * Field ids that dublincore/episode holds as free text and that the spec names (§ Metadata field: "Field ids used in
 * the samples: title, subjects, description, startDate (format date), startTime (format time with UTC designator),
 * license"); title is left out (evconf tags every title with the run), subjects is a list, the start a date and a time.
 */
export const EPISODE_TEXT_IDS: readonly string[] = ['license', 'description'];

/**
 * `catalogs.shared`: a catalog besides dublincore/episode with a writable free-text field whose id dublincore/episode
 * has too (license/episode's `license`, evconf's own or the server's): flavor, field, two values of it (v1, v2) and a
 * third value for the episode's field of that id (e1), all distinct. A PUT ?type=<flavor> of the field must leave
 * the episode's field alone (spec § Metadata: "Fields not included are not updated").
 */
function sharedVar(list: readonly LearnedCatalog[], tag: string, why: (what: string) => string): Record<string, unknown> | Unavailable {
  for (const c of list) {
    const f = writableFields(c).find((x) => isFreeText(x) && EPISODE_TEXT_IDS.includes(x.id));
    if (!f) continue;
    return { flavor: c.flavor, field: f.id, v1: fieldValue(f, 0, tag), v2: fieldValue(f, 1, tag), e1: `evconf-episode ${tag}` };
  }
  return new Unavailable(why(`a catalog besides dublincore/episode with a writable text field whose id dublincore/episode also has (${EPISODE_TEXT_IDS.join(', ')})`));
}

/**
 * The scenario variables `catalogs.a` (a catalog besides dublincore/episode with a writable field), `catalogs.b` (a
 * second such catalog), `catalogs.two` (one with two writable fields) and `catalogs.shared` (one with a text field
 * whose id dublincore/episode also has: sharedVar). What the server lacks is Unavailable with the probe's finding, so
 * a scenario built on it is skipped with that reason (never failed, never an error).
 */
export function catalogVars(caps: Capabilities | undefined, tag: string): Record<string, unknown> {
  const list = learnedCatalogs(caps).filter(usable);
  const finding = caps?.catalogs?.note ?? `the server keeps ${list.map((c) => c.flavor).join(', ') || 'no catalog with a writable field besides dublincore/episode'}`;
  const why = (what: string) => `needs ${what}: ${finding}`;
  const a = list[0];
  const b = list[1];
  const two = list.find((c) => writableFields(c).length >= 2);
  return {
    a: a ? catalogVar(a, tag, why) : new Unavailable(why('a catalog besides dublincore/episode')),
    b: b ? catalogVar(b, tag, why) : new Unavailable(why('two catalogs besides dublincore/episode')),
    two: two ? catalogVar(two, tag, why) : new Unavailable(why('a catalog besides dublincore/episode with two writable fields')),
    shared: sharedVar(list, tag, why),
  };
}

/** One line per catalog for the observations: "license/episode: holder (text), terms (text_long, required)". */
export function describeCatalog(c: LearnedCatalog): string {
  const f = c.fields.map((x) => {
    const bits = [x.type ?? 'no type', ...(x.readOnly ? ['read-only'] : []), ...(x.required ? ['required'] : []), ...(x.keys ? [`collection: ${x.keys.slice(0, 5).join('|')}${x.keys.length > 5 ? '|…' : ''}`] : [])];
    return `${x.id} (${bits.join(', ')})`;
  });
  return `${c.flavor}: ${f.join(', ') || 'no fields'} [${c.source === 'listed' ? 'shown on every event' : 'kept when evconf sent it'}]`;
}
