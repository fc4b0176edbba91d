import type { App } from '../app.js';
import { EPISODE_FLAVOR, type FieldInput } from '../episode.js';
import { badRequest, type ExtraCatalog } from '../types.js';

/**
 * Latitude choice extra-catalog (spec § Metadata catalog: "Further configurable catalogs exist, for example
 * license/episode."): which catalogs besides dublincore/episode a server has, and which fields, is its configuration.
 * The spec gives license/episode no fields. Alternatives other than `sent-only` and `configured` make a strict server
 *: it has only its configured catalogs, refuses any other flavor and any other field id with 400,
 * and (required-fields) refuses a catalog sent without its required fields, or a write that empties one.
 */

interface FieldConf {
  id: string;
  type: string;
  required: boolean;
  /** Allowed value keys ("collection | object | Optional. Maps allowed value keys to translation keys."). */
  collection?: Record<string, string>;
}

type Catalogs = ReadonlyMap<string, readonly FieldConf[]>;

const LICENSE = 'license/episode';

const CONFIGS: Record<string, Catalogs | undefined> = {
  // Free catalogs: any flavor and field id is kept as sent.
  'sent-only': undefined,
  configured: undefined,
  'own-fields': new Map([[LICENSE, [
    { id: 'holder', type: 'text', required: false },
    { id: 'terms', type: 'text_long', required: false },
    { id: 'usage', type: 'text', required: false, collection: { open: 'LICENSE.USAGE.OPEN', internal: 'LICENSE.USAGE.INTERNAL', none: 'LICENSE.USAGE.NONE' } },
  ]]]),
  'required-fields': new Map([[LICENSE, [
    { id: 'license', type: 'text', required: true },
    { id: 'holder', type: 'text', required: true },
    { id: 'year', type: 'number', required: true },
  ]]]),
  'episode-only': new Map(),
};

/** The configured catalogs of a strict server, or undefined when the server keeps any catalog sent. */
function configured(app: App): Catalogs | undefined {
  return CONFIGS[app.lat('extra-catalog')];
}

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Validates the extra catalogs of a create (`mode` create: required fields must be sent with a value), an update or
 * a PUT /metadata (a required field must not be emptied). Throws 400 naming what this server does not know.
 */
export function checkExtraCatalogs(app: App, extras: ReadonlyMap<string, readonly FieldInput[]>, mode: 'create' | 'write'): void {
  const conf = configured(app);
  if (!conf) return;
  for (const [flavor, fields] of extras) {
    const defs = conf.get(flavor);
    if (!defs) {
      const known = [EPISODE_FLAVOR, ...conf.keys()].join(', ');
      throw badRequest(`unknown catalog flavor '${flavor}' (this server has: ${known})`);
    }
    for (const f of fields) {
      const def = defs.find((d) => d.id === f.id);
      if (!def) throw badRequest(`catalog '${flavor}' has no field '${f.id}' (its fields: ${defs.map((d) => d.id).join(', ')})`);
      if (def.required && empty(f.value)) throw badRequest(`field '${f.id}' of catalog '${flavor}' is required`);
      if (def.collection && !empty(f.value) && !(typeof f.value === 'string' && f.value in def.collection)) {
        throw badRequest(`field '${f.id}' of catalog '${flavor}' takes one of: ${Object.keys(def.collection).join(', ')}`);
      }
      if (def.type === 'number' && !empty(f.value) && !(typeof f.value === 'string' && /^-?\d+(\.\d+)?$/.test(f.value)) && typeof f.value !== 'number') {
        throw badRequest(`field '${f.id}' of catalog '${flavor}' takes a number`);
      }
    }
    if (mode === 'create') {
      const missing = defs.filter((d) => d.required && !fields.some((f) => f.id === d.id && !empty(f.value)));
      if (missing.length > 0) throw badRequest(`catalog '${flavor}' needs its required fields: ${missing.map((d) => d.id).join(', ')}`);
    }
  }
}

/** Whether PUT /metadata?type=<flavor> names a catalog this strict server has not got (it answers 400 then). */
export function unknownFlavor(app: App, flavor: string): boolean {
  const conf = configured(app);
  return conf !== undefined && flavor !== EPISODE_FLAVOR && !conf.has(flavor);
}

/** The configured catalogs every new event has (empty values), besides those it was sent. */
export function configuredNewCatalogs(app: App, extras: Map<string, ExtraCatalog>): void {
  const alt = app.lat('extra-catalog');
  if (alt === 'configured' && !extras.has(LICENSE)) extras.set(LICENSE, new Map([['license', '']]));
  for (const [flavor, defs] of configured(app) ?? []) {
    const c = extras.get(flavor) ?? new Map<string, string | string[]>();
    for (const d of defs) if (!c.has(d.id)) c.set(d.id, '');
    // Definition order, whatever order the fields were sent in.
    extras.set(flavor, new Map(defs.map((d) => [d.id, c.get(d.id)!] as const)));
  }
}

/** The fields of a configured catalog as returned: the type, required flag and collection of each definition. */
export function configuredFieldsShown(app: App, flavor: string, fields: Record<string, unknown>[]): Record<string, unknown>[] {
  const defs = configured(app)?.get(flavor);
  if (!defs) return fields;
  return fields.map((f) => {
    const d = defs.find((x) => x.id === f.id);
    return d ? { ...f, type: d.type, required: d.required, ...(d.collection ? { collection: { ...d.collection } } : {}) } : f;
  });
}
