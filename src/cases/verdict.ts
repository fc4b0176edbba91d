import type { Exchange, Json } from '../model/index.js';
import { toJson } from '../checks/evidence.js';

/**
 * The outcome of one check inside a generated case: fine, or a named rule is broken. Either
 * may carry `noted`: failures of other rules found on the way that do not change what the case knows of the
 * server's state (a member missing from an object read); CaseKit.settle records those of the read
 * that decided, and the case goes on past them.
 */
export type Verdict = Passed | Broken;

export interface Passed {
  ok: true;
  noted?: Broken[];
}

export interface Broken {
  ok: false;
  rule: string;
  message: string;
  expected?: Json;
  actual?: Json;
  noted?: Broken[];
}

export const OK: Verdict = { ok: true };

/** `v` with the noted failures added (none: `v` itself). */
export function withNoted<V extends Verdict>(v: V, noted: readonly Broken[]): V {
  return noted.length ? { ...v, noted: [...(v.noted ?? []), ...noted] } : v;
}

export function broken(rule: string, message: string, expected?: unknown, actual?: unknown): Broken {
  return {
    ok: false, rule, message,
    ...(expected !== undefined ? { expected: toJson(expected) } : {}),
    ...(actual !== undefined ? { actual: toJson(actual) } : {}),
  };
}

/** The first broken verdict of a list, else OK. */
export function firstBroken(...vs: Verdict[]): Verdict {
  return vs.find((v) => !v.ok) ?? OK;
}

/**
 * What the fast-check adapter throws so that fast-check sees a failed case and shrinks it; the adapter turns it
 * back into data (a Verdict with the case's exchanges). Nothing else may throw it.
 */
export class CaseFailure extends Error {
  constructor(readonly verdict: Broken, readonly exchanges: Exchange[]) {
    super(`${verdict.rule}: ${verdict.message}`);
  }
}

/** Any value as JSON-safe data (results survive JSON.parse(JSON.stringify(x))). */
export { toJson };
