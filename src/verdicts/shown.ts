import type { CheckResult, Outcome } from '../model/index.js';

/**
 * How every reporter shows a result: a failure or SHOULD warning an expectation explains is `known`
 * (not FAIL); everything else as its outcome. Read from the result's own `expectation` (src/expectations/apply.ts).
 */
export type ShownOutcome = Outcome | 'known';

export function shownOutcome(r: Pick<CheckResult, 'outcome' | 'expectation'>): ShownOutcome {
  return (r.outcome === 'fail' || r.outcome === 'warn') && r.expectation?.status === 'known' ? 'known' : r.outcome;
}

/** The order results are listed in: new failures first, known deviations after the warnings. */
export const SHOWN_ORDER: readonly ShownOutcome[] = ['fail', 'error', 'warn', 'known', 'skip', 'pass'];
