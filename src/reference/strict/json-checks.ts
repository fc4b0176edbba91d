import { readDatetime } from './datetime.js';
import { departure, type Departure } from './departure.js';
import type { QuoteKey } from './spec-quotes.js';

/** Shape checks of the JSON parameters (spec § Resources and their fields; § POST /api/events, scheduling rules). */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): boolean => Array.isArray(v) && v.every((s) => typeof s === 'string');

const show = (v: unknown): string => (JSON.stringify(v) ?? String(v)).slice(0, 80);
/** `metadata[0].fields[3].value (field 'x')` → `metadata[].fields[].value`: one group for every index. */
const valuePath = (where: string): string => where.replace(/\s*\(.*\)$/, '').replace(/\[\d+\]/g, '[]');
const wrong = (where: string, expected: string, got: unknown, quote: QuoteKey): Departure =>
  departure('wrong-type', where, `${where} must be ${expected}, got ${show(got)}`, quote, { about: 'value', name: valuePath(where) });

/** An ACL: array of {action: string, role: string, allow?: boolean} (spec § Access control list entry). */
export function checkAcl(v: unknown, name: string): Departure[] {
  if (!Array.isArray(v)) return [wrong(name, 'a JSON array of ACL entries', v, 'aclArray')];
  return v.flatMap((e, i): Departure[] => {
    const where = `${name}[${i}]`;
    if (!isObject(e)) return [wrong(where, 'an object with action and role', e, 'aclArray')];
    const out: Departure[] = [];
    if (typeof e.action !== 'string' || e.action === '') out.push(wrong(`${where}.action`, 'a non-empty string', e.action, 'aclAction'));
    if (typeof e.role !== 'string' || e.role === '') out.push(wrong(`${where}.role`, 'a non-empty string', e.role, 'aclRole'));
    if ('allow' in e && typeof e.allow !== 'boolean') out.push(wrong(`${where}.allow`, 'a boolean', e.allow, 'aclAllow'));
    return out;
  });
}

/** Metadata fields as sent: {id: string, value: string | array[string]}. */
function checkFields(v: unknown, where: string, quote: QuoteKey): Departure[] {
  if (!Array.isArray(v)) return [wrong(where, 'an array of {id, value} objects', v, quote)];
  return v.flatMap((f, i): Departure[] => {
    const at = `${where}[${i}]`;
    if (!isObject(f)) return [wrong(at, 'an object with id and value', f, 'fieldSent')];
    const out: Departure[] = [];
    if (typeof f.id !== 'string' || f.id === '') out.push(wrong(`${at}.id`, 'a non-empty string', f.id, 'fieldSent'));
    if (typeof f.value !== 'string' && !isStringArray(f.value)) {
      out.push(wrong(`${at}.value${typeof f.id === 'string' ? ` (field '${f.id}')` : ''}`, 'a string or an array of strings', f.value, 'fieldSent'));
    }
    return out;
  });
}

/** Catalogs: array of {flavor: string, fields: [...]} (spec § Metadata field, as sent). */
export function checkCatalogs(v: unknown, name: string): Departure[] {
  if (!Array.isArray(v)) return [wrong(name, 'a JSON array of catalogs', v, 'partMetadata')];
  return v.flatMap((c, i): Departure[] => {
    const where = `${name}[${i}]`;
    if (!isObject(c)) return [wrong(where, 'a catalog object with flavor and fields', c, 'catalogSent')];
    const out: Departure[] = [];
    if (typeof c.flavor !== 'string' || c.flavor === '') out.push(wrong(`${where}.flavor`, 'a non-empty string', c.flavor, 'catalogSent'));
    out.push(...checkFields(c.fields, `${where}.fields`, 'catalogSent'));
    return out;
  });
}

/** Values of PUT …/metadata: array of {id, value}. */
export function checkValues(v: unknown, name: string): Departure[] {
  return checkFields(v, name, 'putMetadata');
}

/** Processing: {workflow?: string, configuration?: {string: string}} (spec § Processing instructions). */
export function checkProcessing(v: unknown, name: string): Departure[] {
  if (!isObject(v)) return [wrong(name, 'a JSON object', v, 'processingObject')];
  const out: Departure[] = [];
  if ('workflow' in v && typeof v.workflow !== 'string') out.push(wrong(`${name}.workflow`, 'a string', v.workflow, 'processingObject'));
  if ('configuration' in v) {
    const c = v.configuration;
    if (!isObject(c)) out.push(wrong(`${name}.configuration`, 'an object mapping string keys to string values', c, 'processingObject'));
    else for (const [k, s] of Object.entries(c)) {
      if (typeof s !== 'string') out.push(wrong(`${name}.configuration.${k}`, 'a string', s, 'processingObject'));
    }
  }
  return out;
}

/**
 * Scheduling (spec § Scheduling information and the scheduling rules under POST /api/events). On creation the
 * rules apply in full; an update changes only what is sent, so only the types and rule 2 apply.
 */
export function checkScheduling(v: unknown, name: string, create: boolean): Departure[] {
  if (!isObject(v)) return [wrong(name, 'a JSON scheduling object', v, create ? 'partScheduling' : 'putScheduling')];
  const out: Departure[] = [];
  const has = (k: string) => k in v && v[k] !== undefined;
  if (has('agent_id') && (typeof v.agent_id !== 'string' || v.agent_id === '')) out.push(wrong(`${name}.agent_id`, 'a non-empty string', v.agent_id, 'schedAgent'));
  // "datetime (UTC)": Z and +00:00 alike, with or without fractional seconds (datetime.ts says which forms are noted).
  for (const [k, q] of [['start', 'schedStart'], ['end', 'schedEnd']] as const) {
    if (!has(k)) continue;
    const read = typeof v[k] === 'string' ? readDatetime(v[k] as string) : { ok: false as const };
    if (!read.ok || !read.utc) out.push(wrong(`${name}.${k}`, 'a UTC datetime (…Z or …+00:00)', v[k], q));
    else if (read.note) out.push(departure('lenient', `${name}.${k}`, read.note, q, { about: 'value', name: `${valuePath(`${name}.${k}`)} outside RFC 3339 UTC`, mark: v[k] as string }));
  }
  if (has('duration') && !Number.isInteger(v.duration)) out.push(wrong(`${name}.duration`, 'an integer (milliseconds)', v.duration, 'schedDuration'));
  if (has('rrule') && typeof v.rrule !== 'string') out.push(wrong(`${name}.rrule`, 'a recurrence rule string', v.rrule, 'schedRrule'));
  if (has('inputs') && !isStringArray(v.inputs)) out.push(wrong(`${name}.inputs`, 'an array of strings', v.inputs, 'schedInputs'));
  const rule = (what: string, quote: QuoteKey) => out.push(departure('scheduling-rule', name, `${name} ${what}`, quote, { about: 'scheduling', name: what }));
  if (!has('rrule') && has('end') && has('duration')) rule('gives both end and duration', 'schedBoth');
  if (create) {
    if (!has('agent_id') || !has('start')) rule(`lacks ${!has('agent_id') ? 'agent_id' : 'start'}`, 'schedRequired');
    if (has('rrule') && (!has('end') || !has('duration'))) rule(`has rrule but lacks ${!has('end') ? 'end' : 'duration'}`, 'schedSeveral');
    if (!has('rrule') && !has('end') && !has('duration')) rule('gives neither end nor duration', 'schedOne');
  }
  return out;
}
