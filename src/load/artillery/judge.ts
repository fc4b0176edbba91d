import type { ApiVersion, CheckResult, Exchange, LoadResult, RuleLevel } from '../../model/index.js';
import type { BudgetKey } from '../budget-flag.js';
import { evaluateBudgets, worstOutcome, type LoadRuleId, type ProfileMeasurement } from '../budget.js';
import type { LoadProfile } from '../profile.js';
import type { ArtilleryMeasurement } from './report.js';
import { SATURATION_PCT } from '../profile-run.js';

/**
 * An Artillery measurement judged by evconf's budgets (budget.ts, the same as for autocannon), as a LoadResult and
 * its four load.* results: the console, JSON, JUnit and HTML reports read them whichever engine made the load.
 */

export interface ArtilleryJudgeInput {
  /** The profile with the budgets that apply (--budget already merged in). */
  profile: LoadProfile;
  apiVersion: ApiVersion;
  /** The profile's first URL (the script's requests). */
  url: string;
  m: ArtilleryMeasurement;
  levels: Record<LoadRuleId, RuleLevel>;
  advisory: readonly BudgetKey[];
  /** Bodies evconf read itself (the readiness probe of each query) and checked against the query. */
  checked: { bodies: number; valid: number; problems: string[] };
  exchanges: Exchange[];
  /** Artillery's CPU while it made the load (a local run; unknown for a report made elsewhere). */
  cpuPct?: number;
}

export function judgeArtillery(i: ArtilleryJudgeInput): { load: LoadResult; results: CheckResult[] } {
  const { m, profile: p } = i;
  const problems = [...i.checked.problems, ...(m.notJson > 0 ? [`${m.notJson} responses under load did not say Content-Type: application/json`] : [])];
  const measured: ProfileMeasurement = {
    responses: m.responses, errors: m.errors, non2xx: m.non2xx, rpsMean: m.rps.mean, p99Ms: m.latencyMs.p99,
    sampledBodies: i.checked.bodies + m.notJson, sampledBodiesValid: i.checked.valid, problems: problems.slice(0, 10),
    // As for autocannon: a timing budget missed while the generator used a whole core only warns.
    generatorSaturated: (i.cpuPct ?? 0) >= SATURATION_PCT, generatorCpuPct: i.cpuPct ?? 0,
  };
  const results = evaluateBudgets({
    profile: p.name, apiVersion: i.apiVersion, budget: p.budget, m: measured, levels: i.levels,
    exchanges: i.exchanges.slice(0, 1), source: p.source, advisory: i.advisory,
  });
  const notes = results.filter((r) => r.outcome === 'fail' || r.outcome === 'warn').map((r) => r.message.replace(`${p.name}: `, ''));
  const load: LoadResult = {
    profile: p.name,
    url: `${i.url}${p.queries.length > 1 ? ` (+${p.queries.length - 1} more)` : ''}`,
    apiVersion: i.apiVersion,
    engine: 'artillery',
    connections: p.connections,
    durationMs: m.durationMs,
    requests: m.responses,
    rps: m.rps,
    latencyMs: m.latencyMs,
    errors: m.errors,
    timeouts: m.timeouts,
    non2xx: m.non2xx,
    bytes: m.bytes,
    sampledBodies: measured.sampledBodies,
    sampledBodiesValid: measured.sampledBodiesValid,
    ...(i.cpuPct !== undefined ? { generatorSaturated: measured.generatorSaturated, generatorCpuPct: i.cpuPct } : {}),
    budget: p.budget,
    ...(i.advisory.length ? { advisoryBudgets: [...i.advisory] } : {}),
    outcome: worstOutcome(results),
    ...(notes.length > 0 ? { message: notes.join('; ') } : {}),
  };
  return { load, results };
}
