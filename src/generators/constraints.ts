/** Eager validation of the `XxxConstraints` objects of the arbitraries (house-style §9.6): precise messages. */

export function intIn(value: number, lo: number, hi: number, what: string, where: string): number {
  if (!Number.isInteger(value) || value < lo || value > hi) {
    throw new Error(`${what} must be an integer in [${lo}, ${hi}] for ${where}, but received ${String(value)}`);
  }
  return value;
}

export function ordered(lo: number, hi: number, what: string, where: string): void {
  if (lo > hi) throw new Error(`${what}: the minimum (${lo}) must not exceed the maximum (${hi}) for ${where}`);
}

export function nonEmptyStrings(list: readonly string[], what: string, where: string): readonly string[] {
  if (!Array.isArray(list) || list.length === 0 || list.some((s) => typeof s !== 'string' || s === '')) {
    throw new Error(`${what} must be a non-empty list of non-empty strings for ${where}, but received ${JSON.stringify(list)}`);
  }
  return list;
}

export function oneOf<T extends string>(value: T, allowed: readonly string[], what: string, where: string): T {
  if (!allowed.includes(value)) {
    throw new Error(`${what} must be one of ${allowed.join(', ')} for ${where}, but received ${JSON.stringify(value)}`);
  }
  return value;
}


export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** First ms of `year` (UTC). */
export function yearStartMs(year: number): number {
  return Date.UTC(year, 0, 1);
}
