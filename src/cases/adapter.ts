import fc from 'fast-check';
import type { Exchange } from '../model/index.js';
import { CaseFailure } from './verdict.js';
import { casesInTurn, casesSideBySide, failuresOf, Tally } from './cases.js';
import type { CaseFailureData, CaseRunner, CasesOutcome, RuleFailure, RunCasesOptions } from './case-types.js';

export type { CaseFailureData, CaseReport, CaseRunner, CasesOutcome, RuleFailure, RunCasesOptions } from './case-types.js';

/**
 * Settle time while shrinking: none (one read), since every shrink step that fails would otherwise wait. A lagging
 * server may then fail a shrink step spuriously; the final confirmation with the full settle time catches that.
 */
export const SHRINK_SETTLE_MS = 0;

/**
 * Whether a failure's evidence holds a request the server did not answer in time (or that was not sent for that),
 * or one on a route the run has given up on (`gaveUp`: the client's; e.g. a GET that resets).
 */
function unanswered(exchanges: readonly Exchange[], gaveUp?: (ex: Exchange) => string | undefined): boolean {
  // A body that never ends (body-timeout) comes with the status and headers that did arrive: no answer either.
  return exchanges.some((e) => (!e.response || e.error?.code === 'body-timeout') && (['connect-timeout', 'headers-timeout', 'body-timeout', 'not-answering'].includes(e.error?.code ?? '') || Boolean(gaveUp?.(e))));
}

/** runCases' `gaveUp` from a stage's env: the admin client's (all of a version's clients share one stall guard). */
export function gaveUpOf(env: { clients: { admin: { gaveUp?(ex: Exchange): string | undefined } } }): { gaveUp?: (ex: Exchange) => string | undefined } {
  const client = env.clients.admin;
  return client.gaveUp ? { gaveUp: (ex) => client.gaveUp?.(ex) } : {};
}

/** Shrink steps run at most per failing rule (each is a case against the server). */
export const MAX_SHRINK_RUNS = 150;

/**
 * Wall time a failing rule's shrinking may take. Each step is a case against the server (events created, processed,
 * read), so against a slow server 150 steps could take minutes; past this bound the smallest failing case found so
 * far is reported, with a note. A failing run then costs little more than a passing one.
 */
export const MAX_SHRINK_MS = 10_000;

/**
 * Shrinks the failure of `rule` first seen in generated case number `foundIn` (fast-check replays it by seed and
 * path with the full settle time, then shrinks it with a short one, only a failure of that rule counting), and
 * confirms the shrunk case with the full settle time (else the case as first found is reported).
 */
async function shrinkOne<T>(arb: fc.Arbitrary<T>, run: CaseRunner<T>, found: RuleFailure<T>, opts: RunCasesOptions<T>): Promise<RuleFailure<T>> {
  const rule = found.verdict.rule;
  let runs = 0;
  let replayed = false;
  let last: CaseFailureData<T> | undefined;
  const deadline = Date.now() + (opts.maxShrinkMs ?? MAX_SHRINK_MS);
  let timedOut = false;
  const prop = fc.asyncProperty(arb, async (value) => {
    if (opts.stop?.aborted || runs >= MAX_SHRINK_RUNS) return;
    // The replay of the case as found always runs; later steps only within the time bound.
    if (replayed && Date.now() > deadline) {
      timedOut = true;
      return;
    }
    runs++;
    const report = await run(value, replayed ? Math.min(SHRINK_SETTLE_MS, opts.settleMs) : opts.settleMs);
    replayed = true;
    if (opts.stop?.aborted) return;
    const f = failuresOf(report).find((x) => x.verdict.rule === rule);
    if (!f || opts.known?.(f.verdict.rule, f.verdict.message)) return;
    last = { value, verdict: f.verdict, exchanges: f.exchanges, ...(report.steps ? { steps: report.steps } : {}) };
    throw new CaseFailure(f.verdict, f.exchanges);
  });
  const details = await fc.check(prop, { seed: opts.seed, numRuns: 1, path: String(found.foundIn - 1) });
  if (details.failed && !(details.errorInstance instanceof CaseFailure)) throw details.errorInstance;
  if (!last) return { ...found, note: 'not shrunk: the case did not fail again when replayed (eventual consistency?); this is the case as first found' };
  const shrunk = { ...found, numShrinks: details.numShrinks, ...(timedOut ? { note: `shrinking stopped after ${runs} steps at its time bound (${Math.round((opts.maxShrinkMs ?? MAX_SHRINK_MS) / 1000)} s): the smallest failing case found by then` } : {}) };
  if (details.numShrinks === 0 || opts.settleMs <= SHRINK_SETTLE_MS) return { ...shrunk, ...last };
  const confirm = await run(last.value, opts.settleMs);
  const again = failuresOf(confirm).find((x) => x.verdict.rule === rule);
  if (again) return { ...shrunk, ...last, verdict: again.verdict, exchanges: again.exchanges, ...(confirm.steps ? { steps: confirm.steps } : {}) };
  return { ...found, numShrinks: details.numShrinks, note: 'the shrunk case passed when re-run with the full settle time (eventual consistency?); this is the first failing case, not shrunk' };
}

/**
 * The fast-check adapter. Every generated case is run with the full settle time, and a failure does not stop the
 * stage: it is recorded (the first per rule) and the other cases go on judging the other rules;
 * within a case, a failure noted on the way (CaseReport.noted) does not even end the case. Then each new failure
 * is shrunk on its own for its evidence (a broken verdict becomes a thrown CaseFailure so that fast-check
 * shrinks the case; only a failure of that rule counts) and confirmed with the full settle time. Failures the
 * expectations explain are recorded and not shrunk. A failure the server did not answer stops the
 * cases (each further case would wait as long) and is not shrunk.
 */
export async function runCases<T>(arb: fc.Arbitrary<T>, run: CaseRunner<T>, opts: RunCasesOptions<T>): Promise<CasesOutcome<T>> {
  const unansweredCase = (exchanges: readonly Exchange[]) => unanswered(exchanges, opts.gaveUp);
  const tally = new Tally<T>(opts, unansweredCase);
  const { exercised, known, found } = tally;
  const cases = (opts.concurrency ?? 1) > 1 ? await casesSideBySide(arb, run, opts, tally) : await casesInTurn(arb, run, opts, tally);
  const halted = tally.halted;
  const base = {
    numRuns: cases.numRuns, exercised, ...(known.size ? { known } : {}), ...(halted ? { halted } : {}),
    ...(opts.stop?.aborted ? { stopped: String(opts.stop.reason ?? 'the run was stopped') } : {}),
  };
  if (cases.thrown) {
    const err = cases.thrown.error;
    return { kind: 'error', ...base, numShrinks: 0, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  if (found.size === 0) return { kind: 'pass', ...base, numShrinks: 0 };
  const failures = new Map<string, RuleFailure<T>>();
  try {
    for (const [rule, f] of found) {
      failures.set(rule, unansweredCase(f.exchanges) ? { ...f, note: 'not shrunk: the server did not answer (see the transport error)' }
        : opts.stop?.aborted ? { ...f, note: 'not shrunk: the run was stopped' } : await shrinkOne(arb, run, f, opts));
    }
  } catch (err) {
    return { kind: 'error', ...base, numShrinks: 0, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  const first = [...failures.values()][0];
  const { foundIn: _f, numShrinks, note, ...failure } = first;
  return { kind: 'fail', ...base, numShrinks, failure, failures, ...(note ? { note } : {}) };
}
