/**
 * The spec's datetimes as code (spec § Resources: "datetime", scheduling start/end "datetime (UTC)").
 */

/** ms → `YYYY-MM-DDTHH:MM:SSZ`: UTC, whole seconds (what real servers send and accept). */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + 'Z';
}

/**
 * Instants of datetimes (spec § Scheduling information: start and end are "datetime (UTC)"). Compared as
 * points in time, never as text: "2090-01-01T10:00:00Z", "…T10:00:00.000Z" and "…T10:00:00+00:00" agree.
 * A datetime without any offset is read as UTC (the schema rules judge the format; these checks judge values).
 */
const DATETIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?$/;
const HAS_ZONE = /(?:[Zz]|[+-]\d{2}:?\d{2})$/;

/** ms since the epoch of a datetime string, or undefined when it is not one. */
export function instant(v: unknown): number | undefined {
  if (typeof v !== 'string' || !DATETIME.test(v.trim())) return undefined;
  let s = v.trim().replace(' ', 'T');
  if (!HAS_ZONE.test(s)) s += 'Z';
  s = s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Whether `a` is a datetime naming the same instant as `b`. */
export function sameInstant(a: unknown, b: string): boolean {
  const x = instant(a);
  return x !== undefined && x === instant(b);
}
