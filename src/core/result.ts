import type { ApiVersion, CheckResult, Exchange, Json, Outcome, Rule } from '../model/index.js';
import { evidence } from './evidence.js';
import { resultId } from './result-id.js';

/**
 * What a result carries of the exchanges that led to it:
 * - `evidence` (scenario steps and generated cases): a pass carries no exchanges, only the curl of the decisive one;
 *   any other outcome carries the evidence (src/core/evidence.ts: the decisive exchange first) and its curl (the
 *   whole sequence). Generated cases carried their evidence on a pass too, but none ever passed one: same output.
 * - `load`: a failure or warning carries the profile's exchange, other outcomes none; every outcome carries the curl
 *   of that exchange (the request the profile sends, to try by hand).
 */
export type Attach = 'evidence' | 'load';

/** The fields of a result besides its rule, outcome, message and evidence (ARCHITECTURE.md § Contracts). */
export type ResultExtras = Pick<CheckResult, 'source' | 'seed' | 'counterexample' | 'replay' | 'durationMs' | 'reads' | 'settledMs'>;

/** One check of one rule, as a stage judged it. */
export interface ResultInput extends ResultExtras {
  /** The rule as the rule book has it (a load budget's level comes from the book too). */
  rule: Pick<Rule, 'id' | 'level' | 'endpoint'>;
  version: ApiVersion;
  /** The source part of the id (src/core/result-id.ts). */
  idSource: string;
  /** As judged: a `fail` of a SHOULD rule is reported as `warn` here. */
  outcome: Outcome;
  message: string;
  expected?: Json;
  actual?: Json;
  /** The exchanges that led to the verdict, in the order sent. */
  exchanges?: readonly Exchange[];
  attach: Attach;
}

const EXTRAS = ['source', 'seed', 'counterexample', 'replay', 'durationMs', 'reads', 'settledMs'] as const;

/** Design §1.4: a SHOULD rule that is not met warns; a MUST rule fails. */
function outcomeFor(level: Rule['level'], judged: Outcome): Outcome {
  return judged === 'fail' && level === 'SHOULD' ? 'warn' : judged;
}

/** The exchanges and curl line a result of `outcome` carries under `attach`. */
function attached(attach: Attach, outcome: Outcome, sequence: readonly Exchange[]): Pick<CheckResult, 'exchanges' | 'curl'> {
  const { exchanges: kept, curl: replay } = evidence(sequence);
  const ev = { exchanges: kept, ...(replay ? { curl: replay } : {}) };
  switch (attach) {
    case 'evidence':
      return outcome === 'pass' ? { exchanges: [], ...(kept[0] ? { curl: kept[0].curl } : {}) } : ev;
    case 'load':
      return { exchanges: outcome === 'fail' || outcome === 'warn' ? [...sequence] : [], ...(sequence[0] ? { curl: sequence[0].curl } : {}) };
  }
}

/** The one way a stage builds a CheckResult (ARCHITECTURE.md § Contracts). Its id has no `#n` yet (numberRepeats). */
export function checkResult(spec: ResultInput): CheckResult {
  const { rule } = spec;
  const outcome = outcomeFor(rule.level, spec.outcome);
  const { exchanges, curl } = attached(spec.attach, outcome, spec.exchanges ?? []);
  const extras = Object.fromEntries(EXTRAS.filter((k) => spec[k] !== undefined).map((k) => [k, spec[k]])) as ResultExtras;
  return {
    id: resultId(spec.version, spec.idSource, rule.id), rule: rule.id, level: rule.level, apiVersion: spec.version,
    endpoint: rule.endpoint, outcome, message: spec.message,
    ...(spec.expected !== undefined ? { expected: spec.expected } : {}),
    ...(spec.actual !== undefined ? { actual: spec.actual } : {}),
    exchanges,
    ...(curl !== undefined ? { curl } : {}),
    ...extras,
  };
}
