import type { Exchange } from '../model/index.js';

/**
 * A value a step could not produce because the server refused or did not do what it was set up to do (a refused
 * create, a catalog the server does not keep, a capability it lacks). It stands in the scenario variables where the
 * value would have been: any request, action or expectation whose placeholders reach it is not sent and not judged,
 * but skipped with `reason`. The engine does this itself; no scenario author wires it by hand.
 *
 * A placeholder that names nothing at all stays an evconf `error` (a scenario file naming a capture no step saves).
 */
export class Unavailable {
  /**
   * `unanswered`: the value is missing because the server did not answer (a reset, a stall) the request that was to
   * produce it, once it had shown it will not. What is built on it then fails with that exchange
   * as evidence (ARCHITECTURE.md, principle 4: a server that resets fails the rule being checked) instead of being skipped.
   */
  constructor(readonly reason: string, readonly unanswered?: Exchange) {}

  static is(v: unknown): v is Unavailable {
    return v instanceof Unavailable;
  }
}

/** Thrown by interpolation when a placeholder reaches an Unavailable value; the engine turns it into a skip. */
export class UnavailableError extends Error {
  constructor(readonly reason: string, readonly placeholder: string, readonly unanswered?: Exchange) {
    super(reason);
    this.name = 'UnavailableError';
  }
}

/** The reason text of a skip caused by an unavailable value (prefixed once with "precondition: "). */
export function skipReason(reason: string): string {
  return reason.startsWith('precondition: ') ? reason : `precondition: ${reason}`;
}
