import type { CheckResult } from '../../model/index.js';
import type { CasesOutcome } from './adapter.js';
import type { PhaseEnv } from './env.js';
import { replayLine, ruleResult, stableCounterexample } from './results.js';

/** What a generated stage reports on: its id (for --only and result ids) and the rules it checked. */
export interface StageInfo {
  id: string;
  rules: readonly string[];
}

/**
 * One result per rule from a fast-check outcome (design §4): the broken rule fails with seed, shrunk
 * counterexample (readable steps for command sequences), the failing case's exchanges and the replay line; the
 * other rules pass when a passing case checked them, else they are skipped with the reason.
 */
export function outcomeResults(env: PhaseEnv, stage: StageInfo, out: CasesOutcome<unknown>, ms: number): CheckResult[] {
  const source = stage.id;
  const replay = replayLine(env, stage.id);
  const seed = env.config.seed;
  // A precondition can break a rule outside the stage's list (e.g. events.create.status): report it too.
  const extra = out.failure && !stage.rules.includes(out.failure.verdict.rule) ? [out.failure.verdict.rule] : [];
  return [...stage.rules, ...extra].map((rule) => {
    if (out.kind === 'error') return ruleResult(env, { source, rule, outcome: 'error', message: `evconf error in ${stage.id}: ${out.error}`, replay, durationMs: ms });
    const f = out.failure;
    if (f && f.verdict.rule === rule) {
      const how = `${stage.id} falsified after ${out.numRuns} case(s), shrunk ${out.numShrinks} time(s); seed ${seed}`;
      return ruleResult(env, {
        source, rule, outcome: 'fail', message: `${f.verdict.message} (${how}${out.note ? `; ${out.note}` : ''})`,
        expected: f.verdict.expected, actual: f.verdict.actual, exchanges: f.exchanges,
        counterexample: stableCounterexample(f.steps ?? f.value, env), replay, durationMs: ms,
      });
    }
    const k = out.exercised.get(rule) ?? 0;
    if (k === 0) {
      const why = f ? `${stage.id} stopped at a failure of ${f.verdict.rule} before a case checked this rule`
        : out.stopped ? `not run: ${out.stopped}` : `none of the ${out.numRuns} generated cases checked this rule; give more --runs`;
      return ruleResult(env, { source, rule, outcome: 'skip', message: why, replay, durationMs: ms });
    }
    const tail = f ? ` before ${stage.id} failed on ${f.verdict.rule}` : '';
    return ruleResult(env, { source, rule, outcome: 'pass', message: `${k} generated case(s) of ${stage.id} checked this rule and passed${tail} (seed ${seed})`, durationMs: ms });
  });
}
