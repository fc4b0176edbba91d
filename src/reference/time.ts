/** Date/time formats (opencast-reality.md "Date/time formats"): datetimes YYYY-MM-DDTHH:MM:SSZ in UTC. */

/**
 * The texts of recent instants (isoSeconds, isoDate): the server formats the same few thousand creation and start
 * times on every view, list item and metadata answer. Emptied when full; a throw (invalid time) stores nothing.
 */
const SECONDS = new Map<number, string>();
const DATES = new Map<number, string>();
const KEPT = 8192;

/**
 * ms → `YYYY-MM-DDTHH:MM:SSZ` (UTC), with `.sss` before the Z only when the instant kept a fraction of a second (the
 * latitude choice datetime-precision decides what is kept: `keptAt`; the default keeps whole seconds).
 */
export function isoSeconds(ms: number): string {
  let s = SECONDS.get(ms);
  if (s === undefined) {
    const iso = new Date(ms).toISOString();
    s = ms % 1000 === 0 ? iso.slice(0, 19) + 'Z' : iso;
    if (SECONDS.size >= KEPT) SECONDS.clear();
    SECONDS.set(ms, s);
  }
  return s;
}

/** ms → `YYYY-MM-DD` (UTC). */
export function isoDate(ms: number): string {
  let s = DATES.get(ms);
  if (s === undefined) {
    s = new Date(ms).toISOString().slice(0, 10);
    if (DATES.size >= KEPT) DATES.clear();
    DATES.set(ms, s);
  }
  return s;
}

/** ms → `HH:MM:SSZ` (UTC; "format time with UTC designator"), with `.sss` only when a fraction was kept. */
export function isoTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return ms % 1000 === 0 ? iso.slice(11, 19) + 'Z' : iso.slice(11);
}

/** ms → `HH:MM:SS` (a duration, hours may exceed 23). */
export function hms(ms: number): string {
  const s = Math.floor(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z)?$/;
const DATETIME_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})$/i;

/** `YYYY-MM-DD` → ms at 00:00 UTC, or undefined when invalid (also rejects Feb 30 and month 13). */
export function parseDate(s: string): number | undefined {
  const m = DATE_RE.exec(s);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return ms;
}

/** `HH:MM`, `HH:MM:SS`, `HH:MM:SSZ` (optionally with a fraction) → ms after midnight, or undefined. */
export function parseTimeOfDay(s: string): number | undefined {
  const m = TIME_RE.exec(s);
  if (!m) return undefined;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  const sec = m[3] === undefined ? 0 : Number(m[3]);
  if (h > 23 || mi > 59 || sec > 59) return undefined;
  return ((h * 60 + mi) * 60 + sec) * 1000;
}

/** An ISO-8601 date-time with `Z` or an offset → ms (normalized to UTC), or undefined. */
export function parseDateTime(s: string): number | undefined {
  const m = DATETIME_RE.exec(s.trim());
  if (!m) return undefined;
  const day = parseDate(m[1]);
  const tod = parseTimeOfDay(m[2]);
  if (day === undefined || tod === undefined) return undefined;
  const frac = /\.(\d{1,3})/.exec(m[2]);
  const millis = frac ? Number(frac[1].padEnd(3, '0')) : 0;
  let offsetMs = 0;
  const zone = m[3].toUpperCase();
  if (zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2, 4));
    if (oh > 23 || om > 59) return undefined;
    offsetMs = sign * (oh * 60 + om) * 60_000;
  }
  return day + tod + millis - offsetMs;
}

/** A bibliographic duration: `HH:MM:SS` or a number of ms (number or numeric string) → ms. */
export function parseDuration(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.round(v) : undefined;
  if (typeof v !== 'string') return undefined;
  if (/^\d+$/.test(v)) return Number(v);
  const m = /^(\d+):([0-5]\d):([0-5]\d)$/.exec(v);
  if (!m) return undefined;
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000;
}

/** Truncates ms to whole seconds (what the default server keeps of a datetime). */
export function toSeconds(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

/** How finely a server keeps datetimes (latitude choice datetime-precision): to the second, or the millisecond. */
export type KeptPrecision = 'seconds-cut' | 'seconds-rounded' | 'milliseconds';

/** The instant a server keeping `precision` stores for `ms`. */
export function keptAt(ms: number, precision: KeptPrecision): number {
  if (precision === 'milliseconds') return ms;
  return precision === 'seconds-cut' ? toSeconds(ms) : Math.round(ms / 1000) * 1000;
}
