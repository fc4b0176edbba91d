import { getPath } from '../checks/evidence.js';

/** A placeholder that names nothing: a bug in a scenario file, reported as outcome `error`. */
export class PlaceholderError extends Error {
  constructor(readonly placeholder: string) {
    super(`placeholder {{${placeholder}}} names nothing`);
    this.name = 'PlaceholderError';
  }
}

const WHOLE = /^\{\{\s*([\w.-]+)\s*\}\}$/;
const ANY = /\{\{\s*([\w.-]+)\s*\}\}/g;

function lookup(vars: Record<string, unknown>, path: string): unknown {
  const v = getPath(vars, path);
  if (v === undefined) throw new PlaceholderError(path);
  return v;
}

/**
 * Resolves {{ path }} placeholders against the scenario variables. A string that is exactly one placeholder
 * takes the value's own type (numbers, arrays); placeholders inside text are stringified.
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
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = interpolate(v, vars);
    return out as T;
  }
  return value;
}
