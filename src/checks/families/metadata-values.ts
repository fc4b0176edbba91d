import type { CheckDef, CheckVerdict } from '../types.js';
import { excerpt, isVerdict, jsonOrFail, responseOrFail, toJson } from '../evidence.js';
import { instant } from '../../spec/datetime.js';
import { PRECISION_QUESTION, PrecisionJudge } from '../../spec/precision.js';

/**
 * Checks of the metadata family on catalog values: the start as a pair startDate/startTime (a write of one part keeps
 * the other), and a flavor that only looks like a catalog the event has shows none of that catalog's values.
 */

const skip = (why: string): CheckVerdict => ({ pass: false, skip: why, message: why });

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const EPISODE = 'dublincore/episode';

/** The field list of dublincore/episode in a body: the body itself (GET ?type=) or that catalog of a catalog list. */
function episodeFields(body: unknown): unknown[] | undefined {
  if (!Array.isArray(body)) return undefined;
  if (body.some((x) => isRecord(x) && Array.isArray(x.fields))) {
    const c = body.find((x) => isRecord(x) && x.flavor === EPISODE);
    return isRecord(c) && Array.isArray(c.fields) ? c.fields : undefined;
  }
  return body;
}

/**
 * The start a catalog holds: startDate (format date) + startTime (format time with UTC designator), spec § Metadata
 * field. Seconds and fractions are optional (servers show HH:MM, HH:MM:SS or HH:MM:SS.sss); the designator is Z (or
 * +00:00). Undefined, with why, when the fields are not there or not in those formats.
 */
export function catalogStart(fields: unknown[]): { ms: number } | { why: string } {
  const value = (id: string) => (fields.find((f) => isRecord(f) && f.id === id) as { value?: unknown } | undefined)?.value;
  const date = value('startDate');
  const time = value('startTime');
  if (typeof date !== 'string' || typeof time !== 'string') return { why: `the catalog shows no startDate and startTime strings (startDate ${JSON.stringify(date ?? null)}, startTime ${JSON.stringify(time ?? null)})` };
  const d = /^(\d{4}-\d{2}-\d{2})$/.exec(date.trim());
  const t = /^(\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?(?:Z|\+00:?00)$/i.exec(time.trim());
  if (!d || !t) return { why: `startDate ${JSON.stringify(date)} / startTime ${JSON.stringify(time)} are not a date and a UTC time` };
  const ms = Date.parse(`${d[1]}T${t[1]}${t[2] ?? ':00'}Z`);
  return Number.isNaN(ms) ? { why: `startDate ${date} startTime ${time} is no instant` } : { ms };
}

/**
 * metadata.put.unsent-unchanged ("Fields not included are not updated") and events.update.metadata (the update's
 * catalog applied as sent): the start is two fields, startDate and startTime; a write of one keeps the other. The
 * catalog read back holds the start `at` (the part written with the part not written, as before). A write the server
 * refused (`writeStatus` not 2xx) is judged by its own rules: skipped here.
 */
export const catalogStartIsCheck: CheckDef = {
  name: 'catalog-start-is',
  doc: 'the dublincore/episode field list (or that catalog of a catalog list) holds startDate + startTime = the instant `at`; skipped when `writeStatus` is not 2xx or the catalog shows no start fields',
  params: {
    type: 'object', required: ['at'], additionalProperties: false,
    properties: { at: { type: 'string' }, writeStatus: { description: 'the status of the write this read judges' } },
  },
  run(ctx, p) {
    const ws = Number(p.writeStatus);
    if (p.writeStatus !== undefined && !(ws >= 200 && ws < 300)) return skip(`precondition: the write this read judges answered ${String(p.writeStatus)} (judged by its own rules)`);
    const want = instant(p.at);
    if (want === undefined) throw new Error(`check parameter "at" is not a date-time: ${String(p.at)}`);
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const fields = episodeFields(j.value);
    if (!fields) return { pass: false, message: 'the body is not a field list (nor a catalog list with dublincore/episode)', actual: toJson(j.value) };
    const s = catalogStart(fields);
    if ('why' in s) return skip(`precondition: ${s.why}`);
    const got = new Date(s.ms).toISOString();
    const show = (id: string) => (fields.find((f) => isRecord(f) && f.id === id) as { value?: unknown } | undefined)?.value;
    return new PrecisionJudge(ctx.readings?.get(PRECISION_QUESTION)).same(got, want)
      ? { pass: true, message: `startDate/startTime hold ${got}` }
      : { pass: false, message: `startDate/startTime hold ${got}, expected ${String(p.at)}: the part not written changed`, expected: String(p.at), actual: toJson({ startDate: show('startDate'), startTime: show('startTime') }) };
  },
};

/** Every string in a JSON value. */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (isRecord(v)) return Object.values(v).flatMap(strings);
  return [];
}

/**
 * metadata.get-type.values: spec § Metadata, GET ?type "200 with an array of metadata fields of that catalog; 404";
 * § Metadata catalog: "flavor | Unique type of the catalog". Asked for a flavor the event lacks that looks like one it
 * has (same main type, another subtype), the answer is a refusal (4xx: no such catalog) or a field list of that
 * flavor, which holds none of the values (`values`) of the catalog it only looks like.
 */
export const noForeignValuesCheck: CheckDef = {
  name: 'no-foreign-values',
  doc: 'the answer is a 4xx, or a 2xx whose body holds none of `values` (the values of another catalog)',
  params: {
    type: 'object', required: ['values'], additionalProperties: false,
    properties: { values: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } } },
  },
  run(ctx, p) {
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return r;
    if (r.status >= 400 && r.status < 500) return { pass: true, message: `answered ${r.status}: no such catalog` };
    if (r.status < 200 || r.status >= 300) return { pass: false, message: `answered ${r.status}, neither the catalog's fields nor a refusal: ${excerpt(r.body, 200)}`, actual: r.status };
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const values = p.values as string[];
    const found = values.filter((v) => strings(j.value).includes(v));
    return found.length === 0
      ? { pass: true, message: 'the answer holds none of the other catalog\'s values' }
      : { pass: false, message: `asked for a flavor the event lacks, the answer holds ${found.map((v) => JSON.stringify(v)).join(', ')}: the values of another catalog of the event`, expected: 'a 4xx, or fields without those values', actual: toJson(j.value) };
  },
};

export const CHECKS_METADATA_VALUES: CheckDef[] = [catalogStartIsCheck, noForeignValuesCheck];
