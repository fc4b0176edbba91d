import type { ExchangeResponse, Json } from '../model/index.js';
import type { CheckContext, CheckVerdict } from './types.js';

/** The step's response, or a failing verdict carrying the transport error as evidence (ARCHITECTURE.md, principle 4). */
export function responseOrFail(ctx: CheckContext): ExchangeResponse | CheckVerdict {
  const ex = ctx.exchange;
  if (!ex) return { pass: false, message: 'no request was sent by this step' };
  if (ex.error && !ex.response) {
    return { pass: false, message: `transport error (${ex.error.code}): ${ex.error.message}`, actual: { transportError: ex.error.code } };
  }
  if (!ex.response) return { pass: false, message: 'no response' };
  return ex.response;
}

export function isVerdict(x: unknown): x is CheckVerdict {
  return typeof x === 'object' && x !== null && 'pass' in x && 'message' in x;
}

/** The parsed JSON value of the step, or a failing verdict that says why it is not JSON. */
export function jsonOrFail(ctx: CheckContext): { value: unknown } | CheckVerdict {
  const r = responseOrFail(ctx);
  if (isVerdict(r)) return r;
  if (ctx.exchange?.error) {
    return { pass: false, message: `body incomplete (${ctx.exchange.error.code}): ${ctx.exchange.error.message}` };
  }
  if (!ctx.body.ok) return { pass: false, message: `body is not JSON: ${ctx.body.reason}`, actual: excerpt(r.body) };
  return { value: ctx.body.value };
}

/** A short excerpt of a body for expected/actual fields. */
export function excerpt(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Thrown by plainCopy where it cannot tell what JSON would make of a value: the JSON round trip decides. */
const NOT_PLAIN = new Error('not plain data');

/**
 * What JSON.parse(JSON.stringify(v)) gives, for plain data (strings, finite numbers, booleans, null, arrays and
 * objects of Object's or no prototype without toJSON), copied directly instead of written and read back (checks make
 * evidence of most responses they judge). Anything else (a Date, a class instance, a bigint, a non-finite number, a
 * cycle or very deep nesting, a `__proto__` member) throws NOT_PLAIN, and toJson falls back to the round trip (also
 * when a getter throws).
 */
function plainCopy(v: unknown, depth: number): Json {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      if (!Number.isFinite(v)) throw NOT_PLAIN;
      return v === 0 ? 0 : v;
    case 'object': {
      if (v === null) return null;
      if (depth > 200) throw NOT_PLAIN;
      if (typeof (v as { toJSON?: unknown }).toJSON === 'function') throw NOT_PLAIN;
      if (Array.isArray(v)) {
        const out: Json[] = new Array<Json>(v.length);
        for (let i = 0; i < v.length; i++) {
          const x: unknown = v[i];
          out[i] = x === undefined || typeof x === 'function' || typeof x === 'symbol' ? null : plainCopy(x, depth + 1);
        }
        return out;
      }
      const proto: unknown = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
      const out: { [k: string]: Json } = {};
      for (const k of Object.keys(v)) {
        const x: unknown = (v as Record<string, unknown>)[k];
        if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
        if (k === '__proto__') throw NOT_PLAIN;
        out[k] = plainCopy(x, depth + 1);
      }
      return out;
    }
    default:
      throw NOT_PLAIN;
  }
}

/** Turns any value into JSON-safe data for results. */
export function toJson(v: unknown): Json {
  if (v === undefined) return null;
  try {
    return plainCopy(v, 0);
  } catch {
    // Not plain data: the round trip below says what JSON makes of it.
  }
  try {
    return JSON.parse(JSON.stringify(v)) as Json;
  } catch {
    return String(v);
  }
}

/** Identifiers of a list of events (missing ones as null). */
export function identifiers(list: unknown): (string | null)[] {
  if (!Array.isArray(list)) return [];
  return list.map((e) => (e && typeof e === 'object' && typeof (e as { identifier?: unknown }).identifier === 'string'
    ? (e as { identifier: string }).identifier : null));
}

/**
 * The item of the list body `list` whose identifier is `id` (the event a check judges in a list), or the failure
 * "the list does not show event <id>". An empty `id` names no event: that is evconf's own error, never the server's
 * (a value built on a create that made nothing must reach no check: it is Unavailable, src/scenarios/create.ts
 * createdVars), so it is thrown and the result is outcome `error`.
 */
export function listedEvent(list: unknown[], id: string): { item: Record<string, unknown> } | CheckVerdict {
  if (id.trim() === '') throw new Error('check parameter "id" is empty: it names no event (an evconf error: a value built on a create that made no event reached the check instead of being Unavailable)');
  const item = list.find((e) => e !== null && typeof e === 'object' && !Array.isArray(e) && (e as { identifier?: unknown }).identifier === id);
  if (item === undefined) return { pass: false, message: `the list does not show event ${id}`, expected: id, actual: toJson(identifiers(list)) };
  return { item: item as Record<string, unknown> };
}

/** Reads a dotted path ("a.b.0.c") from a value. */
export function getPath(root: unknown, path: string): unknown {
  if (path === '' || path === '.') return root;
  let cur: unknown = root;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Equality of JSON values: arrays in order, objects by their members in any order (RFC 8259: member order is not significant). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => k in b && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}
