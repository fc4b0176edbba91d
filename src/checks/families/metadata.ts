import type { CheckContext, CheckDef, CheckVerdict } from '../types.js';
import { excerpt, isVerdict, jsonOrFail, responseOrFail, toJson } from '../evidence.js';
import { statusCheck } from '../status.js';
import { catalogStartMs, sameFieldValue } from '../field-value.js';
import { sameInstantAtAnyPrecision } from '../../spec/precision.js';

/**
 * Checks of the metadata rule family (spec § Metadata, § Metadata catalog). A catalog is identified by its
 * flavor; a field by its id. Values are compared as the run sent them: text exactly, lists as multisets (the
 * order of list values is not something the spec promises).
 */

type Value = string | string[];

/** Whether a value read back equals the value sent (checks/field-value.ts). */
export { sameFieldValue as sameValue };

/** Whether a field value counts as "no value" (spec § DELETE /metadata: "Removes all fields and values"). */
export function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === '' || x === null));
}

/** The fields of the catalog `flavor` in a catalog list, or a failing verdict saying why there are none. */
export function catalogFields(list: unknown, flavor: string): unknown[] | CheckVerdict {
  if (!Array.isArray(list)) return { pass: false, message: 'body is not a JSON array of catalogs', actual: toJson(list) };
  const c = list.find((x) => (x as { flavor?: unknown } | null)?.flavor === flavor) as { fields?: unknown } | undefined;
  const flavors = list.map((x) => (x as { flavor?: unknown } | null)?.flavor ?? null);
  if (!c) return { pass: false, message: `no catalog with flavor ${flavor} in the list`, expected: flavor, actual: toJson(flavors) };
  if (!Array.isArray(c.fields)) return { pass: false, message: `catalog ${flavor} has no fields array`, actual: toJson(c) };
  return c.fields;
}

function fieldList(v: unknown): unknown[] | CheckVerdict {
  if (Array.isArray(v)) return v;
  const keys = v && typeof v === 'object' ? ` (an object with members ${Object.keys(v).join(', ')})` : '';
  return { pass: false, message: `body is not a JSON array of metadata fields${keys}`, actual: toJson(v) };
}

/** Compares the fields' values with `values` (field id → value sent). */
export function compareValues(fields: unknown[], values: Record<string, Value>): CheckVerdict {
  const byId = new Map<string, unknown>();
  for (const f of fields) {
    const o = f as { id?: unknown; value?: unknown } | null;
    if (o && typeof o.id === 'string') byId.set(o.id, o.value);
  }
  const wrong: string[] = [];
  const actual: Record<string, unknown> = {};
  for (const [id, want] of Object.entries(values)) {
    const got = byId.get(id);
    actual[id] = byId.has(id) ? got : 'missing';
    if (!byId.has(id)) wrong.push(`field ${id} is missing`);
    else if (!sameFieldValue(want, got)) wrong.push(`field ${id} is ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  }
  const pass = wrong.length === 0;
  return { pass, message: pass ? `fields ${Object.keys(values).join(', ')} hold the values the run set` : wrong.join('; '), expected: toJson(values), actual: toJson(actual) };
}

const VALUES = {
  type: 'object',
  minProperties: 1,
  additionalProperties: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
};
const SKIP = { type: 'string', description: 'a precondition the server does not meet (from an action value); non-empty = skip' };

function skipped(p: Record<string, unknown>): CheckVerdict | undefined {
  const reason = p.skip;
  return typeof reason === 'string' && reason !== '' ? { pass: false, message: reason, skip: reason } : undefined;
}

/**
 * The fields of `ids` that hold a value (spec § PUT /metadata: a field sent with "" holds no value afterwards; "",
 * null, [] or the field left out all count as empty: isEmptyValue).
 */
export function nonEmpty(fields: unknown[], ids: string[]): CheckVerdict {
  const left = ids.flatMap((id) => fields.filter((f) => (f as { id?: unknown } | null)?.id === id && !isEmptyValue((f as { value?: unknown }).value)))
    .map((f) => ({ id: (f as { id: string }).id, value: (f as { value?: unknown }).value }));
  const pass = left.length === 0;
  return { pass, message: pass ? `fields ${ids.join(', ')} are empty` : `fields still hold values: ${left.map((f) => `${f.id} = ${JSON.stringify(f.value)}`).join('; ')}`, expected: toJson({ empty: ids }), actual: toJson(left) };
}

/** `held`, and also whether startDate + startTime of `fields` are the instant `startAt` (when given). */
function withStart(held: CheckVerdict, fields: unknown[], startAt: unknown): CheckVerdict {
  if (typeof startAt !== 'string') return held;
  const want = Date.parse(startAt);
  if (Number.isNaN(want)) throw new Error(`check parameter "startAt" is not a date-time: ${startAt}`);
  const got = catalogStartMs(fields);
  const shown = (id: string) => (fields.find((f) => (f as { id?: unknown } | null)?.id === id) as { value?: unknown } | undefined)?.value ?? 'missing';
  if (got !== undefined && sameInstantAtAnyPrecision(new Date(got).toISOString(), want)) return held.pass ? { ...held, message: `${held.message}; startDate and startTime are ${startAt}` } : held;
  const msg = `startDate ${JSON.stringify(shown('startDate'))} and startTime ${JSON.stringify(shown('startTime'))} are ${got === undefined ? 'no instant' : new Date(got).toISOString()}, expected ${startAt}`;
  return { pass: false, message: held.pass ? msg : `${held.message}; ${msg}`, expected: toJson({ values: held.expected ?? null, start: startAt }), actual: toJson({ values: held.actual ?? null, startDate: shown('startDate'), startTime: shown('startTime') }) };
}

/**
 * metadata.get.episode / metadata.get-type.values / metadata.put.*: the fields hold the values the run set, and
 * the fields of `empty` (sent with "") hold none. With `flavor`, the body is the list of catalogs (GET /metadata);
 * without, the fields of one catalog (?type=).
 */
export const metadataValuesCheck: CheckDef = {
  name: 'metadata-values',
  doc: 'the fields (of the catalog `flavor` in a catalog list, or the body\'s field list) hold `values`, the fields `empty` no value, and startDate + startTime the instant `startAt` (if given), unless `skip` names an unmet precondition',
  params: {
    type: 'object', required: ['values'], additionalProperties: false,
    properties: {
      flavor: { type: 'string' }, values: VALUES, empty: { type: 'array', minItems: 1, items: { type: 'string' } }, skip: SKIP,
      startAt: { type: 'string', description: 'the instant (ISO date-time) that the fields startDate and startTime make together (compared as instants: a server may show 10:00Z, 10:00:00Z or 10:00:00.000Z)' },
    },
  },
  run(ctx, p) {
    const s = skipped(p);
    if (s) return s;
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const fields = typeof p.flavor === 'string' ? catalogFields(j.value, p.flavor) : fieldList(j.value);
    if (isVerdict(fields)) return fields;
    const held = withStart(compareValues(fields, p.values as Record<string, Value>), fields, p.startAt);
    const empty = Array.isArray(p.empty) ? nonEmpty(fields, p.empty as string[]) : undefined;
    if (!empty || empty.pass) return held;
    if (held.pass) return empty;
    return { pass: false, message: `${held.message}; ${empty.message}`, expected: toJson({ values: p.values, empty: p.empty }), actual: toJson({ values: held.actual, empty: empty.actual }) };
  },
};

/**
 * metadata.delete.removes: "Removes all fields and values of that catalog." Read by type: 404 or fields without
 * values. With `flavor`, read from the catalog list (GET /metadata, which does not depend on ?type being honoured):
 * the catalog is absent or none of its fields holds a value.
 */
export const catalogEmptiedCheck: CheckDef = {
  name: 'catalog-emptied',
  doc: 'the catalog (read by type, or the catalog `flavor` in a catalog list) is gone or none of its fields holds a value',
  params: { type: 'object', additionalProperties: false, properties: { skip: SKIP, flavor: { type: 'string' } } },
  run(ctx: CheckContext, p) {
    const s = skipped(p);
    if (s) return s;
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return r;
    if (r.status === 404 && typeof p.flavor !== 'string') return { pass: true, message: 'the catalog is gone (404)' };
    if (r.status !== 200) return { pass: false, message: `expected ${typeof p.flavor === 'string' ? '200 with the catalog list' : '404 (gone) or 200 without values'}, got ${r.status}: ${excerpt(r.body, 200)}`, actual: r.status };
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    if (typeof p.flavor === 'string') {
      if (!Array.isArray(j.value)) return { pass: false, message: 'body is not a JSON array of catalogs', actual: toJson(j.value) };
      if (!j.value.some((x) => (x as { flavor?: unknown } | null)?.flavor === p.flavor)) return { pass: true, message: `the catalog list no longer holds ${p.flavor}` };
    }
    const fields = typeof p.flavor === 'string' ? catalogFields(j.value, p.flavor) : fieldList(j.value);
    if (isVerdict(fields)) return fields;
    const left = fields.filter((f) => !isEmptyValue((f as { value?: unknown } | null)?.value));
    const pass = left.length === 0;
    return {
      pass,
      message: pass ? `no field holds a value (${fields.length} fields)` : `fields still hold values: ${left.map((f) => (f as { id?: unknown }).id).join(', ')}`,
      expected: 'no values', actual: toJson(left),
    };
  },
};

/** The status check, skipped when the step's precondition (an action's `skip` reason) is not met. */
export const statusIfReadyCheck: CheckDef = {
  name: 'status-if-ready',
  doc: 'the response status is one of `in`, unless `skip` names an unmet precondition',
  params: {
    type: 'object', required: ['in'], additionalProperties: false,
    properties: { in: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 100, maximum: 599 } }, skip: SKIP },
  },
  run(ctx, p) {
    return skipped(p) ?? statusCheck.run(ctx, { in: p.in });
  },
};

/** The fields of a field list as one comparable text: id → value, sorted by id. */
function fieldsText(v: unknown): string | undefined {
  if (!Array.isArray(v)) return undefined;
  const pairs = v.map((f) => [String((f as { id?: unknown } | null)?.id), JSON.stringify((f as { value?: unknown } | null)?.value ?? null)]);
  return JSON.stringify(pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}

/**
 * metadata.get-type.values: "200 with an array of metadata fields of that catalog". Asked for a catalog other than
 * dublincore/episode, the answer must not be the fields of dublincore/episode (`episode`: the same event's field
 * list read with ?type=dublincore/episode): a server that ignores ?type answers that list for every flavor (issue
 * 11 item 4). Judged whatever the server keeps of the other catalog: a 404 or any other field list passes.
 */
export const otherCatalogCheck: CheckDef = {
  name: 'not-episode-fields',
  doc: 'the field list answered for another flavor is not the field list of dublincore/episode (`episode`)',
  params: { type: 'object', required: ['episode'], additionalProperties: false, properties: { episode: {} } },
  run(ctx, p) {
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return r;
    const mine = fieldsText(p.episode);
    if (mine === undefined || mine === '[]') {
      return { pass: false, skip: 'precondition: the dublincore/episode fields of the event could not be read (see metadata.get-type.status)', message: 'precondition' };
    }
    if (r.status !== 200) return { pass: true, message: `answered ${r.status}, not the fields of dublincore/episode` };
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const same = fieldsText(j.value) === mine;
    return {
      pass: !same,
      message: same ? 'the fields answered for another catalog are exactly those of dublincore/episode: ?type is ignored' : 'the fields answered are not those of dublincore/episode',
      actual: toJson(j.value),
    };
  },
};

/** The value of field `id` in a field list: {found: false} when the list has no such field. */
function fieldIn(fields: unknown[] | undefined, id: string): { found: boolean; value?: unknown } {
  const f = (fields ?? []).find((x) => (x as { id?: unknown } | null)?.id === id) as { value?: unknown } | undefined;
  return f ? { found: true, value: f.value } : { found: false };
}

/** Two field values as one server shows them in two views: equal JSON, list values in any order. */
function sameShown(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return JSON.stringify(a.map((x) => JSON.stringify(x)).sort()) === JSON.stringify(b.map((x) => JSON.stringify(x)).sort());
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

interface ViewsValue {
  list?: { status?: unknown; catalogs?: unknown[] };
  byType?: Record<string, { status?: unknown; fields?: unknown[] } | undefined>;
  withMetadata?: { status?: unknown; catalogs?: unknown[] };
}

/**
 * catalog-views: every view of an event's catalogs after a write (the action read-catalog-views), against what the
 * spec says each catalog holds (`catalogs`: flavor → the values written or kept, spec § Metadata: "Fields not
 * included are not updated"; § POST /api/events/{event_id}: "Only what is sent is changed"). The views are the
 * catalog list (GET /metadata: "200 with an array of metadata catalogs") and each catalog by type (GET ?type=: "200
 * with an array of metadata fields of that catalog", the same catalog, so the same fields and values). Each judgment
 * blames one rule, by `judge`:
 * - `write`: no view shows a value the catalog must hold (the write, or what it must keep, was not done);
 * - `list`: the catalog read by type shows the value and the catalog list does not (the list is stale or wrong);
 * - `type`: the catalog list shows the value and the read by type does not, or the two views of one catalog show
 *   one field with different values (e.g. a list value joined into one string in one view only);
 * - `with`: the catalog list or the read by type shows the value and the catalogs of the single GET with
 *   withmetadata=true (§ GET /api/events/{event_id}: "withmetadata", "Include metadata catalogs") do not. Where the
 *   single GET holds no member with the catalogs, that is judged by the with-member check: a skip here.
 * Values are compared as in metadata-values (a list may be one comma-joined string: checks/field-value.ts); views
 * with each other exactly, list values in any order. `writeStatus`: the write's status; a write that was not
 * accepted (not 2xx) wrote nothing to read back, a skip.
 */
export const catalogViewsCheck: CheckDef = {
  name: 'catalog-views',
  doc: 'after a write, the catalog list, each catalog read by type and the single GET with withmetadata=true show the values `catalogs` must hold, and agree with each other (`judge`: which rule a difference breaks: write, list, type or with)',
  params: {
    type: 'object', required: ['catalogs', 'judge'], additionalProperties: false,
    properties: {
      judge: { enum: ['write', 'list', 'type', 'with'] },
      catalogs: { type: 'array', minItems: 1, items: { type: 'object', required: ['flavor', 'values'], additionalProperties: false, properties: { flavor: { type: 'string' }, values: VALUES } } },
      writeStatus: { description: 'the status of the write read back here; not 2xx = skip' },
      skip: SKIP,
    },
  },
  run(ctx, p) {
    const s = skipped(p);
    if (s) return s;
    if (p.writeStatus !== undefined && !(typeof p.writeStatus === 'number' && p.writeStatus >= 200 && p.writeStatus < 300)) {
      return { pass: false, skip: `the write was not accepted (${String(p.writeStatus)}), so there is nothing to read back`, message: 'precondition' };
    }
    const v = (ctx.value ?? {}) as ViewsValue;
    if (v.list?.status !== 200 || !Array.isArray(v.list.catalogs)) {
      return { pass: false, skip: `precondition: GET /metadata answered ${String(v.list?.status)} without a catalog list (see metadata.get.status)`, message: 'precondition' };
    }
    const judge = p.judge as 'write' | 'list' | 'type' | 'with';
    const withCatalogs = v.withMetadata?.status === 200 ? v.withMetadata.catalogs : undefined;
    if (judge === 'with' && !withCatalogs) {
      return { pass: false, skip: `precondition: the single GET with withmetadata=true answered ${String(v.withMetadata?.status)} without a member holding the catalogs (see the with-member check of events.get.withmetadata)`, message: 'precondition' };
    }
    const wrong: string[] = [];
    const actual: Record<string, unknown> = {};
    for (const c of p.catalogs as { flavor: string; values: Record<string, Value> }[]) {
      const entry = v.list.catalogs.find((x) => (x as { flavor?: unknown } | null)?.flavor === c.flavor) as { fields?: unknown } | undefined;
      const listFields = entry && Array.isArray(entry.fields) ? entry.fields : undefined;
      const typed = v.byType?.[c.flavor];
      const typeFields = typed?.status === 200 ? typed.fields : undefined;
      for (const [id, want] of Object.entries(c.values)) {
        const inList = fieldIn(listFields, id);
        const inType = fieldIn(typeFields, id);
        actual[`${c.flavor} ${id}`] = { list: inList.found ? inList.value : listFields ? 'missing' : 'no such catalog in the list', type: inType.found ? inType.value : typeFields ? 'missing' : `GET ?type answered ${String(typed?.status)}` };
        const okList = inList.found && sameFieldValue(want, inList.value);
        const okType = inType.found && sameFieldValue(want, inType.value);
        const at = `field ${id} of ${c.flavor}`;
        if (judge === 'write' && !okList && !okType) wrong.push(`${at} holds ${JSON.stringify(inList.found ? inList.value : inType.value)} in every view, expected ${JSON.stringify(want)}`);
        if (judge === 'list' && okType && !okList) wrong.push(`${at} reads ${JSON.stringify(want)} by type but ${inList.found ? JSON.stringify(inList.value) : 'is missing'} in the catalog list`);
        if (judge === 'type' && okList && !okType) wrong.push(`${at} reads ${JSON.stringify(want)} in the catalog list but ${inType.found ? JSON.stringify(inType.value) : typeFields ? 'is missing' : `GET ?type answered ${String(typed?.status)}`} by type`);
        if (judge === 'type' && okList && okType && !sameShown(inList.value, inType.value)) wrong.push(`${at} reads ${JSON.stringify(inList.value)} in the catalog list but ${JSON.stringify(inType.value)} by type: two views of one catalog disagree`);
        if (judge === 'with' && (okList || okType)) {
          const wc = (withCatalogs ?? []).find((x) => (x as { flavor?: unknown } | null)?.flavor === c.flavor) as { fields?: unknown } | undefined;
          const inWith = fieldIn(wc && Array.isArray(wc.fields) ? wc.fields : undefined, id);
          if (!inWith.found || !sameFieldValue(want, inWith.value)) wrong.push(`${at} reads ${JSON.stringify(want)} through GET …/metadata but ${inWith.found ? JSON.stringify(inWith.value) : wc ? 'is missing' : 'its catalog is missing'} in the single GET with withmetadata=true`);
        }
      }
    }
    const pass = wrong.length === 0;
    const what = { write: 'some view shows every value written or kept', list: 'the catalog list agrees with each catalog read by type', type: 'each catalog read by type agrees with the catalog list', with: 'the single GET with withmetadata=true shows what GET …/metadata shows' }[judge];
    return { pass, message: pass ? what : wrong.join('; '), expected: toJson(p.catalogs), actual: toJson(actual) };
  },
};

export const CHECKS_METADATA: CheckDef[] = [metadataValuesCheck, catalogEmptiedCheck, statusIfReadyCheck, otherCatalogCheck, catalogViewsCheck];
