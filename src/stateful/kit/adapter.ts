import fc from 'fast-check';
import type { Exchange } from '../../model/index.js';
import { CaseFailure, type Broken, type Verdict } from './verdict.js';

/** What one case reports back (it never throws for a broken rule; a throw is an evconf bug). */
export interface CaseReport {
  verdict: Verdict;
  exchanges: Exchange[];
  /** Rules the case checked. */
  exercised: ReadonlySet<string>;
  /** Readable steps of a command sequence (stateful stage); shown as the counterexample. */
  steps?: string[];
}

/** Runs one case with the given settle time (design §1.7); must delete what it created before returning. */
export type CaseRunner<T> = (value: T, settleMs: number) => Promise<CaseReport>;

export interface CaseFailureData<T> {
  value: T;
  verdict: Broken;
  exchanges: Exchange[];
  steps?: string[];
}

/** The outcome of a fast-check run as data (design house rule 5). */
export interface CasesOutcome<T> {
  kind: 'pass' | 'fail' | 'error';
  /** Cases run before the verdict (fast-check's numRuns). */
  numRuns: number;
  numShrinks: number;
  /** Rule → number of passing cases that checked it. */
  exercised: Map<string, number>;
  failure?: CaseFailureData<T>;
  /** Why the run is an evconf error (kind 'error'). */
  error?: string;
  /** Set when the shrunk case could not be confirmed and the first failing case is reported instead. */
  note?: string;
  /** Why the cases stopped early (the stage's budget or an interrupt): the cases cut short judged nothing. */
  stopped?: string;
  /** Failures an expectations file explains (issue 22), the first per rule: recorded, and the stage went on. */
  known?: Map<string, CaseFailureData<T>>;
}

/**
 * Settle time while shrinking: none (one read), since every shrink step that fails would otherwise wait. A lagging
 * server may then fail a shrink step spuriously; the final confirmation with the full settle time catches that.
 */
export const SHRINK_SETTLE_MS = 0;

/**
 * Whether a failure's evidence holds a request the server did not answer in time (or that was not sent for that),
 * or one on a route the run has given up on (`gaveUp`: the client's, issue 21 item 3; e.g. a GET that resets).
 */
function unanswered(exchanges: readonly Exchange[], gaveUp?: (ex: Exchange) => string | undefined): boolean {
  return exchanges.some((e) => !e.response && (['connect-timeout', 'headers-timeout', 'body-timeout', 'not-answering'].includes(e.error?.code ?? '') || Boolean(gaveUp?.(e))));
}

/** runCases' `gaveUp` from a stage's env: the admin client's (all of a version's clients share one stall guard). */
export function gaveUpOf(env: { clients: { admin: { gaveUp?(ex: Exchange): string | undefined } } }): { gaveUp?: (ex: Exchange) => string | undefined } {
  const client = env.clients.admin;
  return client.gaveUp ? { gaveUp: (ex) => client.gaveUp?.(ex) } : {};
}

/**
 * The fast-check adapter: a broken verdict becomes a thrown CaseFailure so that fast-check shrinks the case,
 * and the result comes back as data. The first failure is found with the full settle time; shrinking uses a
 * short one, and the shrunk case is then confirmed with the full settle (else the first failure is reported).
 */
export async function runCases<T>(arb: fc.Arbitrary<T>, run: CaseRunner<T>, opts: { seed: number; numRuns: number; settleMs: number; known?: (rule: string, message: string) => boolean; stop?: AbortSignal; gaveUp?: (ex: Exchange) => string | undefined }): Promise<CasesOutcome<T>> {
  const unansweredCase = (exchanges: readonly Exchange[]) => unanswered(exchanges, opts.gaveUp);
  const exercised = new Map<string, number>();
  const known = new Map<string, CaseFailureData<T>>();
  let first: CaseFailureData<T> | undefined;
  let last: CaseFailureData<T> | undefined;
  const prop = fc.asyncProperty(arb, async (value) => {
    // A case that failed because the server gave no answer in time is not shrunk (issue 12 item 9): the input is
    // not what failed, and every shrink step would cost another --timeout. Shrink steps are then not sent, and
    // the first failing case (the one actually run) is reported.
    if (first && unansweredCase(first.exchanges)) return;
    // Past the stage's budget (or an interrupt) a case is not run, and one cut short judged nothing: a wait that
    // ended because the run was stopped is no failure of the server (no false alarm from a budget).
    if (opts.stop?.aborted) return;
    const report = await run(value, first ? Math.min(SHRINK_SETTLE_MS, opts.settleMs) : opts.settleMs);
    if (!report.verdict.ok && opts.stop?.aborted) return;
    if (report.verdict.ok) {
      if (!first) for (const r of report.exercised) exercised.set(r, (exercised.get(r) ?? 0) + 1);
      return;
    }
    const data = { value, verdict: report.verdict, exchanges: report.exchanges, ...(report.steps ? { steps: report.steps } : {}) };
    // A failure an expectation explains is not shrunk and does not stop the stage: the next cases go on (issue 22).
    // While shrinking another failure, a known one counts as not failing (the shrink follows the new failure).
    if (opts.known?.(report.verdict.rule, report.verdict.message)) {
      if (!first) {
        if (!known.has(report.verdict.rule)) known.set(report.verdict.rule, data);
        for (const r of report.exercised) if (r !== report.verdict.rule) exercised.set(r, (exercised.get(r) ?? 0) + 1);
      }
      return;
    }
    last = data;
    first ??= last;
    throw new CaseFailure(report.verdict, report.exchanges);
  });
  const details = await fc.check(prop, { seed: opts.seed, numRuns: opts.numRuns });
  const base = { numRuns: details.numRuns, numShrinks: details.numShrinks, exercised, ...(known.size ? { known } : {}), ...(opts.stop?.aborted ? { stopped: String(opts.stop.reason ?? 'the run was stopped') } : {}) };
  if (!details.failed) return { kind: 'pass', ...base };
  if (!(details.errorInstance instanceof CaseFailure) || !last || !first) {
    const err = details.errorInstance;
    return { kind: 'error', ...base, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  if (unansweredCase(first.exchanges)) return { kind: 'fail', ...base, failure: first, note: 'not shrunk: the server did not answer (see the transport error)' };
  if (opts.settleMs <= SHRINK_SETTLE_MS || last === first) return { kind: 'fail', ...base, failure: last };
  const confirm = await run(last.value, opts.settleMs);
  if (!confirm.verdict.ok) {
    return { kind: 'fail', ...base, failure: { ...last, verdict: confirm.verdict, exchanges: confirm.exchanges, ...(confirm.steps ? { steps: confirm.steps } : {}) } };
  }
  return { kind: 'fail', ...base, failure: first, note: 'the shrunk case passed when re-run with the full settle time (eventual consistency?); this is the first failing case, not shrunk' };
}
