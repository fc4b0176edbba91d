import { Unavailable, UnavailableError } from '../core/unavailable.js';

/** A placeholder that names nothing: a bug in a scenario file, reported as outcome `error`. */
export class PlaceholderError extends Error {
  constructor(readonly placeholder: string) {
    super(`placeholder {{${placeholder}}} names nothing`);
    this.name = 'PlaceholderError';
  }
}

const WHOLE = /^\{\{\s*([\w.-]+)\s*\}\}$/;
const ANY = /\{\{\s*([\w.-]+)\s*\}\}/g;

/**
 * The value a placeholder names. On the way down, an Unavailable value (a setup the server refused) throws
 * UnavailableError with its reason: whatever is built on it is skipped, not sent.
 */
function lookup(vars: Record<string, unknown>, path: string): unknown {
  let cur: unknown = vars;
  const keys = path.split('.');
  for (const [i, key] of keys.entries()) {
    if (Unavailable.is(cur)) throw new UnavailableError(cur.reason, path, cur.unanswered);
    if (cur === null || typeof cur !== 'object') throw new PlaceholderError(path);
    // An item past the end of a list the server gave (e.g. the identifiers of a recurring create that made fewer
    // events than asked): what is built on it cannot be sent, a skip with why, not an evconf error. The scenario's
    // own lists (given events) are the author's: a missing one stays an error.
    if (Array.isArray(cur) && /^\d+$/.test(key) && Number(key) >= cur.length && keys[0] !== 'given') {
      throw new UnavailableError(`the server's answer has no item ${key} in ${keys.slice(0, i).join('.')} (it holds ${cur.length})`, path);
    }
    cur = (cur as Record<string, unknown>)[key];
  }
  if (Unavailable.is(cur)) throw new UnavailableError(cur.reason, path, cur.unanswered);
  if (cur === undefined) throw new PlaceholderError(path);
  return cur;
}

/**
 * Resolves {{ path }} placeholders against the scenario variables (in values and in object keys). A string that is
 * exactly one placeholder takes the value's own type (numbers, arrays); placeholders inside text are stringified.
 */
export function interpolate<T>(value: T, vars: Record<string, unknown>): T {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return lookup(vars, whole[1]) as T;
    return value.replace(ANY, (_, p: string) => {
      const v = lookup(vars, p);
      return typeof v === 'string' ? v : JSON.stringify(v);
    }) as T;
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, vars)) as T;
  if (Unavailable.is(value)) return value;
  if (value && typeof value === 'object') {
    // Keys take placeholders too (a field id the server named: `values: { "{{catalogs.a.field}}": … }`).
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k.includes('{{') ? String(interpolate(k, vars)) : k] = interpolate(v, vars);
    return out as T;
  }
  return value;
}
