/**
 * An expansion of RFC 5545 recurrence rules (§ 3.3.10) for the subset evconf generates, written from the RFC alone
 * and independent of the `rrule` package the reference server uses, so that the expected occurrences of a generated
 * rule are not computed by the code under test. UTC only. Subset: FREQ=DAILY|WEEKLY|MONTHLY, INTERVAL, BYDAY (weekdays
 * without ordinals; not with MONTHLY), BYMONTHDAY (1 … 31, MONTHLY only), BYHOUR, BYMINUTE, WKST, COUNT, UNTIL (UTC
 * date-time). Anything else is refused (an Error), never
 * guessed.
 *
 * The RFC's rules used:
 * - "INTERVAL ... defaults to 1"; the set starts at DTSTART, which "counts as the first occurrence" when it matches;
 * - BYxxx parts "expand" or "limit" by FREQ (the table of § 3.3.10): for DAILY, BYDAY limits and BYHOUR/BYMINUTE
 *   expand; for WEEKLY, BYDAY, BYHOUR and BYMINUTE expand;
 * - "Information, not contained in the rule, necessary to determine the various recurrence instance start time and
 *   dates are derived from the Start Time ("DTSTART") component attribute": no BYDAY in a WEEKLY rule is DTSTART's
 *   weekday, no BYHOUR / BYMINUTE are DTSTART's hour / minute, and the second is always DTSTART's;
 * - "The WKST rule part specifies the day on which the workweek starts ... The default value is MO": with INTERVAL > 1
 *   in a WEEKLY rule, the weeks counted are those that start on WKST;
 * - for MONTHLY, BYMONTHDAY expands (no BYMONTHDAY: DTSTART's day of the month), and "Recurrence rules may generate
 *   recurrence instances with an invalid date (e.g., February 30) ... Such recurrence instances MUST be ignored";
 * - "The UNTIL rule part defines a DATE or DATE-TIME value that bounds the recurrence rule in an inclusive manner";
 *   COUNT "defines the number of occurrences at which to range-bound the recurrence".
 */

const DAY_MS = 86_400_000;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const; // index = Date#getUTCDay()

export interface ParsedRule {
  freq: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  bymonthday: number[];
  interval: number;
  byday: number[];
  byhour: number[];
  byminute: number[];
  wkst: number;
  count?: number;
  untilMs?: number;
}

function ints(v: string, min: number, max: number, part: string): number[] {
  return v.split(',').map((x) => {
    if (!/^\d+$/.test(x)) throw new Error(`rrule-expand: ${part}=${v} is not a list of numbers`);
    const n = Number(x);
    if (n < min || n > max) throw new Error(`rrule-expand: ${part} value ${n} out of range`);
    return n;
  });
}

function weekday(v: string, part: string): number {
  const i = WEEKDAYS.indexOf(v as (typeof WEEKDAYS)[number]);
  if (i < 0) throw new Error(`rrule-expand: ${part} value ${v} is not a weekday (ordinals are outside the subset)`);
  return i;
}

/** `20900105T093000Z` → ms. */
function untilMs(v: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(v);
  if (!m) throw new Error(`rrule-expand: UNTIL=${v} is not a UTC date-time`);
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
}

/** Parses the subset; throws on anything outside it. */
export function parseRule(text: string): ParsedRule {
  const out: ParsedRule = { freq: 'DAILY', interval: 1, byday: [], bymonthday: [], byhour: [], byminute: [], wkst: 1 };
  let freq: string | undefined;
  for (const part of text.replace(/^RRULE:/, '').split(';')) {
    const [k, v] = part.split('=');
    if (v === undefined) throw new Error(`rrule-expand: ${part} is not NAME=VALUE`);
    switch (k) {
      case 'FREQ': freq = v; break;
      case 'INTERVAL': out.interval = ints(v, 1, 10_000, k)[0]; break;
      case 'BYDAY': out.byday = v.split(',').map((d) => weekday(d, k)); break;
      case 'BYMONTHDAY': out.bymonthday = ints(v, 1, 31, k); break;
      case 'BYHOUR': out.byhour = ints(v, 0, 23, k); break;
      case 'BYMINUTE': out.byminute = ints(v, 0, 59, k); break;
      case 'WKST': out.wkst = weekday(v, k); break;
      case 'COUNT': out.count = ints(v, 1, 100_000, k)[0]; break;
      case 'UNTIL': out.untilMs = untilMs(v); break;
      default: throw new Error(`rrule-expand: ${k} is outside the subset`);
    }
  }
  if (freq !== 'DAILY' && freq !== 'WEEKLY' && freq !== 'MONTHLY') throw new Error(`rrule-expand: FREQ=${freq ?? '(none)'} is outside the subset`);
  if (out.bymonthday.length > 0 && freq !== 'MONTHLY') throw new Error('rrule-expand: BYMONTHDAY outside a MONTHLY rule is outside the subset');
  if (out.byday.length > 0 && freq === 'MONTHLY') throw new Error('rrule-expand: BYDAY in a MONTHLY rule is outside the subset');
  if (out.count !== undefined && out.untilMs !== undefined) throw new Error('rrule-expand: COUNT and UNTIL together (RFC 5545: "MUST NOT occur in the same recur")');
  out.freq = freq;
  return out;
}

const sorted = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);

/**
 * Occurrence starts (ms, ascending) of `rule` from `dtstartMs`, those within [dtstartMs, endMs], at most `cap`.
 * COUNT counts from DTSTART on (occurrences after endMs count too, they are only not returned).
 */
export function expand(rule: string, dtstartMs: number, endMs: number, cap = 1000): number[] {
  const r = parseRule(rule);
  const start = new Date(dtstartMs);
  const dayStart = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  const hours = sorted(r.byhour.length ? r.byhour : [start.getUTCHours()]);
  const minutes = sorted(r.byminute.length ? r.byminute : [start.getUTCMinutes()]);
  const second = start.getUTCSeconds();
  const days = r.freq === 'WEEKLY' && r.byday.length === 0 ? [start.getUTCDay()] : r.byday;
  if (r.freq === 'MONTHLY') return monthly(r, dtstartMs, endMs, cap, hours, minutes, second);
  // The first period: DTSTART's day (DAILY) or the week holding it that starts on WKST (WEEKLY).
  const periodDays = r.freq === 'DAILY' ? 1 : 7;
  const firstPeriod = r.freq === 'DAILY' ? dayStart : dayStart - ((start.getUTCDay() - r.wkst + 7) % 7) * DAY_MS;
  const out: number[] = [];
  let counted = 0;
  const last = Math.min(endMs, r.untilMs ?? Infinity);
  for (let p = firstPeriod; p <= last; p += r.interval * periodDays * DAY_MS) {
    for (let d = 0; d < periodDays; d++) {
      const day = p + d * DAY_MS;
      if (days.length > 0 && !days.includes(new Date(day).getUTCDay())) continue;
      for (const h of hours) {
        for (const m of minutes) {
          const t = day + h * 3_600_000 + m * 60_000 + second * 1000;
          if (t < dtstartMs) continue;
          if (r.untilMs !== undefined && t > r.untilMs) return out;
          counted++;
          if (r.count !== undefined && counted > r.count) return out;
          if (t > endMs) return out;
          out.push(t);
          if (out.length >= cap) return out;
        }
      }
    }
  }
  return out;
}

/** The MONTHLY part of {@link expand}: days of the month from BYMONTHDAY (or DTSTART's), dates a month lacks ignored. */
function monthly(r: ParsedRule, dtstartMs: number, endMs: number, cap: number, hours: number[], minutes: number[], second: number): number[] {
  const start = new Date(dtstartMs);
  const monthDays = sorted(r.bymonthday.length ? r.bymonthday : [start.getUTCDate()]);
  const out: number[] = [];
  let counted = 0;
  const last = Math.min(endMs, r.untilMs ?? Infinity);
  for (let k = 0; ; k += r.interval) {
    const y = start.getUTCFullYear() + Math.floor((start.getUTCMonth() + k) / 12);
    const mo = (start.getUTCMonth() + k) % 12;
    if (Date.UTC(y, mo, 1) > last) return out;
    const length = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
    for (const d of monthDays) {
      if (d > length) continue; // "an invalid date ... MUST be ignored"
      for (const h of hours) {
        for (const m of minutes) {
          const t = Date.UTC(y, mo, d, h, m, second);
          if (t < dtstartMs) continue;
          if (r.untilMs !== undefined && t > r.untilMs) return out;
          counted++;
          if (r.count !== undefined && counted > r.count) return out;
          if (t > endMs) return out;
          out.push(t);
          if (out.length >= cap) return out;
        }
      }
    }
  }
}
