/**
 * Datetimes as a client writes them (spec § Scheduling information: start and end are "datetime (UTC)"; the
 * range filters take "<datetime>/<datetime>"). The spec does not name a syntax; RFC 3339 §5.6 is the profile of
 * ISO 8601 that HTTP APIs use, and the double reads the spec's words with it:
 * - `…Z` and `…+00:00`, with or without fractional seconds, are UTC: accepted, nothing noted (RFC 3339 §5.6
 *   time-offset = "Z" / time-numoffset; +00:00 is the zero offset, the same instant as Z).
 * - `…-00:00` is accepted and noted: RFC 3339 §4.3 gives it the same instant in UTC but says the local offset is
 *   unknown, "semantically" different from Z/+00:00; a server must read it as UTC, some parsers do not.
 * - lower-case `t`/`z` is accepted and noted: RFC 3339 §5.6 allows it ("may alternatively be lower case"), some
 *   parsers do not.
 * - forms outside RFC 3339 that still name one instant (no seconds `T10:00Z`, `+0000` without colon, a space for
 *   T): the spec is silent on them, so the double answers as a lenient server would and notes them.
 * - a non-zero offset where the spec says UTC, or text that is no datetime: a departure.
 */

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})([Tt])(\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const LENIENT = /^(\d{4})-(\d{2})-(\d{2})([Tt ])(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})$/;

export type DatetimeReading =
  | { ok: true; utc: boolean; note?: string }
  | { ok: false };

function validFields(m: RegExpExecArray): boolean {
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[5], m[6], m[7] ?? '0'].map(Number);
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(t);
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && h < 24 && mi < 60 && s < 61;
}

/** How a server following the spec reads one datetime text; `note` says what a client should still change. */
export function readDatetime(text: string): DatetimeReading {
  const strict = RFC3339.exec(text);
  const m = strict ?? LENIENT.exec(text);
  if (!m || !validFields(m)) return { ok: false };
  const offset = m[9];
  const utc = /^[Zz]$/.test(offset) || /^[+-]00:?00$/.test(offset);
  if (!strict) return { ok: true, utc, note: `'${text}' is not an RFC 3339 date-time (it needs seconds, a 'T' and an offset written Z or ±HH:MM); write e.g. ${m[1]}-${m[2]}-${m[3]}T${m[5]}:${m[6]}:${m[7] ?? '00'}Z` };
  if (offset === '-00:00') return { ok: true, utc, note: `'${text}' ends in -00:00, which RFC 3339 §4.3 reserves for "offset to local time unknown"; the instant is UTC, but write Z (or +00:00), which every parser reads` };
  if (m[4] === 't' || offset === 'z') return { ok: true, utc, note: `'${text}' writes 't'/'z' in lower case, which RFC 3339 §5.6 allows but not every parser reads; write them upper case` };
  return { ok: true, utc };
}
