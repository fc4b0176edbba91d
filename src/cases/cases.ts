import fc from 'fast-check';
import type { Exchange } from '../model/index.js';
import { mapAdaptive } from '../core/pool.js';
import type { Broken } from './verdict.js';
import type { CaseFailureData, CaseReport, CaseRunner, RuleFailure, RunCasesOptions } from './case-types.js';

/** Every failure a case found: those it went on past, then the one that ended it. */
export function failuresOf(report: CaseReport): { verdict: Broken; exchanges: Exchange[] }[] {
  return [...(report.noted ?? []), ...(report.verdict.ok ? [] : [{ verdict: report.verdict, exchanges: report.exchanges }])];
}

/** The rules a case found holding: exercised (or judged, where it broke) and not failed in it. */
function heldIn(report: CaseReport): string[] {
  const failed = new Set(failuresOf(report).map((f) => f.verdict.rule));
  const judged = report.verdict.ok ? report.exercised : (report.judged ?? report.exercised);
  return [...judged].filter((r) => !failed.has(r));
}

/**
 * What the generated cases found, recorded case by case in case order: the first failure of a rule is the one of
 * the lowest case number, whether the cases ran one after the other or side by side.
 */
export class Tally<T> {
  /** Rule → number of cases that checked it and found it holding. */
  readonly exercised = new Map<string, number>();
  readonly known = new Map<string, CaseFailureData<T>>();
  readonly found = new Map<string, RuleFailure<T>>();
  /** Set when a case failed without an answer from the server: the cases stop there (see runCases). */
  halted?: string;

  constructor(private readonly opts: RunCasesOptions<T>, private readonly unanswered: (exchanges: readonly Exchange[]) => boolean) {}

  /** Whether one of the case's failures stops the cases: a new one the server did not answer. */
  halts(report: CaseReport): string | undefined {
    return failuresOf(report).find((f) => !this.opts.known?.(f.verdict.rule, f.verdict.message) && this.unanswered(f.exchanges))?.verdict.rule;
  }

  /** Records the report of generated case number `n` (1, 2, …). */
  record(n: number, value: T, report: CaseReport): void {
    for (const r of heldIn(report)) this.exercised.set(r, (this.exercised.get(r) ?? 0) + 1);
    for (const f of failuresOf(report)) {
      const data: CaseFailureData<T> = { value, verdict: f.verdict, exchanges: f.exchanges, ...(report.steps ? { steps: report.steps } : {}) };
      if (this.opts.known?.(f.verdict.rule, f.verdict.message)) {
        if (!this.known.has(f.verdict.rule)) this.known.set(f.verdict.rule, data);
        continue;
      }
      if (!this.found.has(f.verdict.rule)) this.found.set(f.verdict.rule, { ...data, foundIn: n, numShrinks: 0 });
      // A case that failed because the server gave no answer in time: the cases stop, and it is
      // not shrunk (the input is not what failed, and every shrink step would cost another --timeout).
      if (this.unanswered(f.exchanges)) this.halted ??= f.verdict.rule;
    }
  }
}

/** Cases run (fast-check's numRuns) and the evconf bug a case threw, if one did. */
export interface CasesRun {
  numRuns: number;
  thrown?: { error: unknown };
}

/**
 * The cases one after the other inside fc.check. Past the stage's budget (or an interrupt) a case is not run, and
 * one cut short judged nothing: a wait that ended because the run was stopped is no failure of the server (no
 * false alarm from a budget). `failed`: rules a case has failed; a later case reads them once (a failure already
 * recorded costs no settle window).
 */
export async function casesInTurn<T>(arb: fc.Arbitrary<T>, run: CaseRunner<T>, opts: RunCasesOptions<T>, tally: Tally<T>): Promise<CasesRun> {
  const failed = new Set<string>();
  let n = 0;
  const prop = fc.asyncProperty(arb, async (value) => {
    n++;
    if (tally.halted || opts.stop?.aborted) return;
    const report = await run(value, opts.settleMs, failed);
    const failures = failuresOf(report);
    if (failures.length > 0 && opts.stop?.aborted) return;
    for (const f of failures) failed.add(f.verdict.rule);
    tally.record(n, value, report);
  });
  const details = await fc.check(prop, { seed: opts.seed, numRuns: opts.numRuns });
  return { numRuns: Math.min(n, details.numRuns), ...(details.failed ? { thrown: { error: details.errorInstance } } : {}) };
}

/**
 * The cases side by side, at most opts.concurrency in flight, for cases that touch disjoint
 * events. fc.sample draws the values fc.check would draw for the seed, in the same order (so `foundIn` still
 * replays the case for shrinking). No case starts once one has halted or thrown, or the run is stopped (those
 * running finish). The reports are then recorded in case order up to where the cases in turn would have stopped
 * (the first halt or throw), so the outcome is the one casesInTurn gives for the same reports; `failed` only
 * knows less (it fills as cases end), which costs time, not results.
 */
export async function casesSideBySide<T>(arb: fc.Arbitrary<T>, run: CaseRunner<T>, opts: RunCasesOptions<T>, tally: Tally<T>): Promise<CasesRun> {
  const values = fc.sample(arb, { seed: opts.seed, numRuns: opts.numRuns });
  const failed = new Set<string>();
  const reports: (CaseReport | { thrown: unknown } | undefined)[] = [];
  let stopStarting = false;
  // Started longest first where lengths are given (a stable sort: equal ones in case order).
  const length = opts.length;
  const starts = values.map((_, i) => i);
  if (length) {
    const len = values.map((v) => length(v));
    starts.sort((a, b) => len[b] - len[a]);
  }
  await mapAdaptive(starts, opts.concurrencyNow ?? (() => opts.concurrency ?? 1), async (i) => {
    const value = values[i];
    if (stopStarting || opts.stop?.aborted) return;
    try {
      const report = await run(value, opts.settleMs, failed);
      const failures = failuresOf(report);
      if (failures.length > 0 && opts.stop?.aborted) return;
      for (const f of failures) failed.add(f.verdict.rule);
      if (tally.halts(report)) stopStarting = true;
      reports[i] = report;
    } catch (error) {
      stopStarting = true;
      reports[i] = { thrown: error };
    }
  });
  for (const [i, r] of reports.entries()) {
    if (tally.halted) break;
    if (r && 'thrown' in r) return { numRuns: i + 1, thrown: { error: r.thrown } };
    if (r) tally.record(i + 1, values[i], r);
  }
  return { numRuns: values.length };
}
