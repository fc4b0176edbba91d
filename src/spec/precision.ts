import { instant } from './datetime.js';

/**
 * Datetimes at the precision a server shows (spec § Scheduling information: start and end are "datetime (UTC)",
 * duration is "Duration of the recording in milliseconds"; § Event: created, start "datetime"). The spec gives no
 * precision for a datetime, so a server may keep milliseconds, or keep seconds (cutting or rounding the fraction):
 * an end of start + 4300367296 ms may read `…04:32:47.296Z` or `…04:32:47Z` and both are right. What evconf
 * expects is the exact instant (milliseconds); what the server shows must be that instant at one of these
 * precisions, and at the same one for the whole run and version: the first answer that tells them apart fixes the
 * reading (question `datetime-precision`, observation `reading:datetime-precision`, src/spec/readings.ts).
 *
 * Every place that compares a datetime the server shows with one evconf computed goes through this module; where
 * the expected instant is a whole second (every time evconf sends, and every whole-minute duration its generators
 * choose) all precisions give the same instant, so only the instants are compared.
 */

export const PRECISIONS = ['milliseconds', 'seconds-cut', 'seconds-rounded'] as const;
export type DatetimePrecision = (typeof PRECISIONS)[number];

/** The question of the reading ledger that fixes a server's precision for the run and version. */
export const PRECISION_QUESTION = 'datetime-precision';

const SAYS: Record<DatetimePrecision, string> = {
  'milliseconds': 'with milliseconds',
  'seconds-cut': 'cut to the second',
  'seconds-rounded': 'rounded to the second',
};

export function isPrecision(v: unknown): v is DatetimePrecision {
  return typeof v === 'string' && (PRECISIONS as readonly string[]).includes(v);
}

/** The instant a server keeping `precision` shows for the exact instant `ms`. */
export function atPrecision(ms: number, precision: DatetimePrecision): number {
  if (precision === 'milliseconds') return ms;
  return (precision === 'seconds-cut' ? Math.floor(ms / 1000) : Math.round(ms / 1000)) * 1000;
}

/** ms → ISO `YYYY-MM-DDTHH:MM:SS[.sss]Z`: the exact instant, with the fraction only when it is not zero. */
export function isoInstant(ms: number): string {
  const iso = new Date(ms).toISOString();
  return ms % 1000 === 0 ? iso.slice(0, 19) + 'Z' : iso;
}

/** The precisions at which `shown` (a datetime text) is the exact instant `expected` (ISO text or ms). */
export function precisionsFitting(shown: unknown, expected: string | number): DatetimePrecision[] {
  const got = instant(shown);
  const want = typeof expected === 'number' ? expected : instant(expected);
  if (got === undefined || want === undefined) return [];
  return PRECISIONS.filter((p) => atPrecision(want, p) === got);
}

/** Every instant a server may show for the exact instant `ms` (one for a whole second, up to three otherwise). */
export function shownForms(ms: number): number[] {
  return [...new Set(PRECISIONS.map((p) => atPrecision(ms, p)))];
}

/** Whether `shown` is the instant `expected` at some precision a server may keep (no reading fixed). */
export function sameInstantAtAnyPrecision(shown: unknown, expected: string | number): boolean {
  return precisionsFitting(shown, expected).length > 0;
}

/**
 * Judges the datetimes of one answer (or one case) against their exact instants: each must fit a precision, and
 * all of them the same one, and the one the run fixed earlier (`fixed`, from the reading ledger) when there is one.
 * `learned` is the precision the answer shows when only one fits and none was fixed yet.
 */
export class PrecisionJudge {
  private left: DatetimePrecision[];

  constructor(readonly fixed?: { reading: string; where: string }) {
    this.left = fixed && isPrecision(fixed.reading) ? [fixed.reading] : [...PRECISIONS];
  }

  /** Whether `shown` is `expected` at a precision every earlier comparison of this judge allowed too. */
  same(shown: unknown, expected: string | number): boolean {
    const fits = precisionsFitting(shown, expected).filter((p) => this.left.includes(p));
    if (fits.length === 0) return false;
    this.left = fits;
    return true;
  }

  /** Keeps only the precisions of `allowed` (those another comparison of the same answer left). */
  narrow(allowed: readonly DatetimePrecision[]): void {
    this.left = this.left.filter((p) => allowed.includes(p));
  }

  /** Whether `shown` fits `expected` at any legal precision, whatever was fixed (to tell a contradiction apart). */
  static anyPrecision(shown: unknown, expected: string | number): boolean {
    return sameInstantAtAnyPrecision(shown, expected);
  }

  /** The precision the compared answers show, when exactly one fits and none was fixed before. */
  get learned(): DatetimePrecision | undefined {
    return !this.fixed && this.left.length === 1 ? this.left[0] : undefined;
  }

  /** The precisions still possible (all three when nothing told them apart). */
  get possible(): readonly DatetimePrecision[] {
    return this.left;
  }

  /** A phrase for messages: what the run fixed earlier, if anything. */
  fixedNote(): string {
    return this.fixed && isPrecision(this.fixed.reading)
      ? ` (earlier in this run and version the server showed datetimes ${SAYS[this.fixed.reading]}: ${this.fixed.where})`
      : '';
  }

  /** The verdict member `learned` for a passing check (CheckVerdict.learned), when this answer told the precision. */
  learning(where: string): { question: string; reading: string; where: string } | undefined {
    const l = this.learned;
    return l ? { question: PRECISION_QUESTION, reading: l, where } : undefined;
  }
}

/** Words for a precision (messages, observations). */
export function describePrecision(p: DatetimePrecision): string {
  return SAYS[p];
}

/** A window evconf expects: the exact instants of a recording's start and end (ISO). */
export interface ExpectedWindow {
  start: string;
  end: string;
}

/**
 * Which of `expected` a shown (start, end) is, at the judge's precision (start and end at one precision, the same
 * for every window the judge sees): its index, or -1. For lists of recordings far apart (rrule occurrences).
 */
export function matchWindow(judge: PrecisionJudge, expected: readonly ExpectedWindow[], start: unknown, end: unknown): number {
  const before = [...judge.possible];
  for (let i = 0; i < expected.length; i++) {
    const trial = new PrecisionJudge(judge.fixed);
    trial.narrow(before);
    if (trial.same(start, expected[i].start) && trial.same(end, expected[i].end)) {
      judge.narrow(trial.possible);
      return i;
    }
  }
  return -1;
}
