import type { ApiVersion, CheckResult, Exchange, Json, LoadBudget, Outcome, RuleLevel } from '../model/index.js';
import type { BudgetKey } from './budget-flag.js';
import { checkResult } from '../core/result.js';

/** Budgets of a profile → CheckResults with the load.* rule ids (ARCHITECTURE.md § Stages; specs/rules.yaml, kind budget). */

export const LOAD_RULES = ['load.p99', 'load.rps', 'load.errors', 'load.correct'] as const;
export type LoadRuleId = (typeof LOAD_RULES)[number];
export const LOAD_ENDPOINT = 'GET /api/events';

/** What one profile measured, as far as the budgets are concerned. */
export interface ProfileMeasurement {
  /** Responses received (any status). */
  responses: number;
  /** Connection errors, including timeouts. */
  errors: number;
  non2xx: number;
  rpsMean: number;
  p99Ms: number;
  sampledBodies: number;
  sampledBodiesValid: number;
  /** Problems of the first invalid sampled bodies. */
  problems: string[];
  generatorSaturated: boolean;
  generatorCpuPct: number;
}

export interface BudgetInput {
  profile: string;
  apiVersion: ApiVersion;
  budget: LoadBudget;
  m: ProfileMeasurement;
  levels: Record<LoadRuleId, RuleLevel>;
  /** Evidence: e.g. one request of the profile made before the load (with its curl line). */
  exchanges?: Exchange[];
  source?: string;
  /**
   * Budgets that only advise: the shipped defaults (tuned to the embedded reference server) against a server
   * evconf did not start. Missing one warns instead of failing; the user's own budgets (--budget, a profiles
   * file) always decide.
   */
  advisory?: readonly BudgetKey[];
}

const fmt = (x: number, digits = 2) => String(Math.round(x * 10 ** digits) / 10 ** digits);

/** Errors, timeouts and non-2xx responses per attempted request. */
export function errorRate(m: Pick<ProfileMeasurement, 'responses' | 'errors' | 'non2xx'>): number {
  const attempts = m.responses + m.errors;
  return attempts === 0 ? 1 : (m.errors + m.non2xx) / attempts;
}

interface Verdict {
  outcome: Outcome;
  message: string;
  expected?: Json;
  actual?: Json;
}

/** A timing budget missed while the generator was saturated: the generator, not the server, may be the limit. */
function timing(ok: boolean, m: ProfileMeasurement): Outcome {
  if (ok) return 'pass';
  return m.generatorSaturated ? 'warn' : 'fail';
}

function saturationNote(outcome: Outcome, m: ProfileMeasurement): string {
  return outcome === 'warn' ? ` (load generator saturated at ${fmt(m.generatorCpuPct, 0)}% of a CPU core: the limit may be evconf's, not the server's)` : '';
}

function p99(b: LoadBudget, m: ProfileMeasurement): Verdict {
  if (b.p99Ms === undefined) return { outcome: 'skip', message: 'no p99Ms budget in this profile' };
  if (m.responses === 0) return { outcome: 'fail', message: `no response at all (p99 budget ${b.p99Ms} ms)`, expected: { p99Ms: b.p99Ms }, actual: { responses: 0 } };
  const ok = m.p99Ms <= b.p99Ms;
  const outcome = timing(ok, m);
  return {
    outcome,
    message: `p99 latency ${fmt(m.p99Ms, 3)} ms ${ok ? '≤' : '>'} budget ${b.p99Ms} ms${saturationNote(outcome, m)}`,
    expected: { p99Ms: b.p99Ms }, actual: { p99Ms: m.p99Ms },
  };
}

function rps(b: LoadBudget, m: ProfileMeasurement): Verdict {
  if (b.minRps === undefined) return { outcome: 'skip', message: 'no minRps budget in this profile' };
  const ok = m.rpsMean >= b.minRps;
  const outcome = timing(ok, m);
  return {
    outcome,
    message: `${fmt(m.rpsMean, 1)} requests/s ${ok ? '≥' : '<'} budget ${b.minRps}${saturationNote(outcome, m)}`,
    expected: { minRps: b.minRps }, actual: { rps: m.rpsMean },
  };
}

function errors(b: LoadBudget, m: ProfileMeasurement): Verdict {
  const rate = errorRate(m);
  const max = b.maxErrorRate ?? 0;
  const ok = rate <= max && m.responses > 0;
  return {
    outcome: ok ? 'pass' : 'fail',
    message: `${m.errors} errors/timeouts and ${m.non2xx} non-2xx in ${m.responses + m.errors} requests: rate ${fmt(rate * 100, 3)}% ${ok ? '≤' : '>'} budget ${fmt(max * 100, 3)}%`,
    expected: { maxErrorRate: max }, actual: { errorRate: rate, errors: m.errors, non2xx: m.non2xx, responses: m.responses },
  };
}

function correct(m: ProfileMeasurement): Verdict {
  if (m.sampledBodies === 0) return { outcome: 'skip', message: 'no successful response was sampled, so no body could be checked' };
  const bad = m.sampledBodies - m.sampledBodiesValid;
  return bad === 0
    ? { outcome: 'pass', message: `${m.sampledBodies} sampled bodies conform to the schema and the query` }
    : {
      outcome: 'fail',
      message: `${bad} of ${m.sampledBodies} sampled bodies are wrong: ${m.problems[0] ?? 'see actual'}`,
      expected: 'event-list bodies that satisfy the filter, sort and limit of the query',
      actual: m.problems,
    };
}

const BUDGET_OF: Partial<Record<LoadRuleId, BudgetKey>> = { 'load.p99': 'p99Ms', 'load.rps': 'minRps', 'load.errors': 'maxErrorRate' };
const ADVISORY_NOTE = ' (a default budget, tuned to the embedded reference server: against a server evconf did not start it only warns; set your own with --budget or a profiles file)';

/** A missed advisory budget warns, with the reason. */
function advise(rule: LoadRuleId, v: Verdict, advisory: readonly BudgetKey[]): Verdict {
  const key = BUDGET_OF[rule];
  return v.outcome === 'fail' && key !== undefined && advisory.includes(key) ? { ...v, outcome: 'warn', message: `${v.message}${ADVISORY_NOTE}` } : v;
}

/** The four load.* results of one profile (pure; no clock, no I/O). */
export function evaluateBudgets(input: BudgetInput): CheckResult[] {
  const { m, budget: b } = input;
  const advisory = input.advisory ?? [];
  const verdicts: Record<LoadRuleId, Verdict> = {
    'load.p99': advise('load.p99', p99(b, m), advisory), 'load.rps': advise('load.rps', rps(b, m), advisory),
    'load.errors': advise('load.errors', errors(b, m), advisory), 'load.correct': correct(m),
  };
  return LOAD_RULES.map((rule) => budgetResult(input, rule, input.levels[rule], verdicts[rule]));
}

/**
 * A load.* result of one profile (src/core/result.ts: a SHOULD rule that is not met warns; ARCHITECTURE.md, principle 4). Evidence
 * only where a person has to act on it; every result carries the curl line of the profile.
 */
function budgetResult(of: Pick<BudgetInput, 'profile' | 'apiVersion' | 'exchanges' | 'source'>, rule: LoadRuleId, level: RuleLevel, v: Verdict): CheckResult {
  return checkResult({
    ...v, message: `${of.profile}: ${v.message}`, rule: { id: rule, level, endpoint: LOAD_ENDPOINT }, version: of.apiVersion,
    idSource: `load/${of.profile}`, exchanges: of.exchanges, attach: 'load', ...(of.source ? { source: of.source } : {}),
  });
}

const RANK: Record<Outcome, number> = { skip: 0, pass: 1, warn: 2, fail: 3, error: 4 };

/** The profile's outcome: the worst of its results (skips count only when everything was skipped). */
export function worstOutcome(results: readonly { outcome: Outcome }[]): Outcome {
  let worst: Outcome = 'skip';
  for (const r of results) if (RANK[r.outcome] > RANK[worst]) worst = r.outcome;
  return worst;
}

/** Skipped load.* results (profile not applicable to the version, or the run was interrupted). */
export function skippedBudgets(profile: string, apiVersion: ApiVersion, levels: Record<LoadRuleId, RuleLevel>, reason: string, source?: string): CheckResult[] {
  return LOAD_RULES.map((rule) => budgetResult({ profile, apiVersion, source }, rule, levels[rule], { outcome: 'skip', message: reason }));
}
