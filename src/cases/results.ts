import type { CheckResult, Exchange, Json, Outcome } from '../model/index.js';
import { checkResult } from '../core/result.js';
import type { PhaseEnv } from './phase-env.js';
import { toJson } from './verdict.js';
import { MAX_EVIDENCE_EXCHANGES } from '../core/evidence.js';

/** What one result of a generated stage says (the rest comes from the rule and the environment). */
export interface ResultSpec {
  /** Property id or stateful stage id (the "scenario" part of the result id). */
  source: string;
  rule: string;
  outcome: Exclude<Outcome, 'warn'>;
  message: string;
  expected?: Json;
  actual?: Json;
  exchanges?: Exchange[];
  counterexample?: Json;
  replay?: string;
  durationMs?: number;
}

export { MAX_EVIDENCE_EXCHANGES };

/** A CheckResult for `spec.rule` in the env's version (src/core/result.ts: SHOULD rules warn instead of failing). */
export function ruleResult(env: PhaseEnv, spec: ResultSpec): CheckResult {
  const rule = env.book.get(spec.rule);
  if (!rule) throw new Error(`evconf bug: rule "${spec.rule}" is not in specs/rules.yaml`);
  // The failing request (the case's last exchange) first, then those that led to it; curl replays them in order.
  return checkResult({ ...spec, rule, version: env.version, idSource: spec.source, attach: 'evidence', seed: env.config.seed });
}

/** The base URL without credentials (never in a report; ARCHITECTURE.md § Reports). */
function withoutCredentials(url: string): string {
  return url.replace(/^(\w+:\/\/)[^/@]*@/, '$1');
}

/**
 * The command line that replays a generated failure exactly: same version, seed, number of cases and target
 * (`evconf run --api-version V --seed N --runs R --only ID [--base-url URL] [--mutant NAME]`).
 */
export function replayLine(env: PhaseEnv, only: string): string {
  const parts = ['evconf', 'run', '--api-version', env.version, '--seed', String(env.config.seed), '--runs', String(env.config.runs), '--only', only];
  if (env.config.baseUrl) parts.push('--base-url', withoutCredentials(env.config.baseUrl));
  if (env.config.mutant) parts.push('--mutant', env.config.mutant);
  return parts.join(' ');
}

/**
 * A counterexample as data that is the same in every run with the same seed: the run's own capture agent id is
 * shown as `{agent}` (it contains the run id).
 */
export function stableCounterexample(value: unknown, env: PhaseEnv): Json {
  const json = toJson(value);
  if (!env.agent) return json;
  const swap = (v: Json): Json => {
    if (typeof v === 'string') return v.split(env.agent).join('{agent}');
    if (Array.isArray(v)) return v.map(swap);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]));
    return v;
  };
  return swap(json);
}
