import type { Exchange } from '../model/index.js';
import type { Broken, Verdict } from './verdict.js';

/** The generated-case runner's data (src/cases/adapter.ts runs the cases, cases.ts tallies them). */

/** What one case reports back (it never throws for a broken rule; a throw is an evconf bug). */
export interface CaseReport {
  /** OK, or the failure that ended the case (a divergence: what the case knew of the state no longer holds). */
  verdict: Verdict;
  exchanges: Exchange[];
  /** Rules the case checked. */
  exercised: ReadonlySet<string>;
  /**
   * Where the verdict is broken: the rules the case had judged (and found holding) before it broke (default: every
   * exercised rule but the broken one). A rule whose check was under way when the case broke is not among them.
   */
  judged?: ReadonlySet<string>;
  /** Failures the case recorded and went on past: a shape fault that says nothing of the state. */
  noted?: readonly { verdict: Broken; exchanges: Exchange[] }[];
  /** Readable steps of a command sequence (stateful stage); shown as the counterexample. */
  steps?: string[];
}

/**
 * Runs one case with the given settle time (ARCHITECTURE.md, principle 7); must delete what it created before returning. `failed`:
 * the rules earlier cases already found failing (their reads need not wait out the settle window again).
 */
export type CaseRunner<T> = (value: T, settleMs: number, failed?: ReadonlySet<string>) => Promise<CaseReport>;


export interface CaseFailureData<T> {
  value: T;
  verdict: Broken;
  exchanges: Exchange[];
  steps?: string[];
}


/** A new failure of one rule: its (shrunk) case, and how it was found and shrunk. */
export interface RuleFailure<T> extends CaseFailureData<T> {
  /** Number (1, 2, …) of the generated case that first showed it. */
  foundIn: number;
  numShrinks: number;
  /** Set when the failure is shown as first found, not shrunk (and why). */
  note?: string;
}


/** The outcome of a fast-check run as data. */
export interface CasesOutcome<T> {
  kind: 'pass' | 'fail' | 'error';
  /** Generated cases run (fast-check's numRuns; shrink steps not counted). */
  numRuns: number;
  /** Shrink steps of the first new failure. */
  numShrinks: number;
  /** Rule → number of cases that checked it and found it holding. */
  exercised: Map<string, number>;
  /** The first new failure (also in `failures`). */
  failure?: CaseFailureData<T>;
  /**
   * Every new failure (not explained by the expectations), the first per rule, in the order found, each shrunk
   * on its own (a failure does not stop the stage; the other rules are still judged).
   */
  failures?: Map<string, RuleFailure<T>>;
  /** Why the run is an evconf error (kind 'error'). */
  error?: string;
  /** The first new failure's note (see RuleFailure.note). */
  note?: string;
  /** Why the cases stopped early (the stage's budget or an interrupt): the cases cut short judged nothing. */
  stopped?: string;
  /** Set when the cases stopped at a failure the server did not answer (each further case would wait as long). */
  halted?: string;
  /** Failures an expectations file explains, the first per rule: recorded, not shrunk. */
  known?: Map<string, CaseFailureData<T>>;
}


export interface RunCasesOptions<T = unknown> {
  seed: number;
  numRuns: number;
  settleMs: number;
  /** Failures the expectations explain: recorded, never shrunk. */
  known?: (rule: string, message: string) => boolean;
  stop?: AbortSignal;
  gaveUp?: (ex: Exchange) => string | undefined;
  /** Wall time a failing rule's shrinking may take (default MAX_SHRINK_MS of adapter.ts). */
  maxShrinkMs?: number;
  /**
   * Generated cases in flight at once ("generated cases that touch disjoint events run
   * concurrently, bounded by --concurrency"). Default 1: one after the other inside fc.check. Above 1 only for cases
   * that work on events of their own (PropertyDef.casesOverlap): the values are drawn first with fc.sample (the
   * same values, in the same order, as fc.check draws for the seed) and their reports recorded in case order.
   */
  concurrency?: number;
  /** The in-flight bound as it moves (read before each case starts); absent: `concurrency`. */
  concurrencyNow?: () => number;
  /**
   * Side by side: how long a case's chain of waits is, roughly (e.g. a sequence's number of commands): the longest
   * start first, so that the stage does not end on one started last. Cases are numbered and recorded in case order
   * whatever the start order.
   */
  length?: (value: T) => number;
}
