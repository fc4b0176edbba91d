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
  const extra = [...(out.failure ? [out.failure.verdict.rule] : []), ...(out.known?.keys() ?? [])].filter((r, i, all) => !stage.rules.includes(r) && all.indexOf(r) === i);
  return [...stage.rules, ...extra].map((rule) => {
    if (out.kind === 'error') return ruleResult(env, { source, rule, outcome: 'error', message: `evconf error in ${stage.id}: ${out.error}`, replay, durationMs: ms });
    const f = out.failure;
    const k = out.known?.get(rule);
    if (k && f?.verdict.rule !== rule) {
      // Issue 22: a failure the expectations explain, recorded where it was first seen (not shrunk); the stage went on.
      return ruleResult(env, {
        source, rule, outcome: 'fail', message: `${k.verdict.message} (${stage.id}: failed as the expectations say, not shrunk; the stage went on; seed ${seed})`,
        expected: k.verdict.expected, actual: k.verdict.actual, exchanges: k.exchanges, counterexample: stableCounterexample(k.steps ?? k.value, env), replay, durationMs: ms,
      });
    }
    if (f && f.verdict.rule === rule) {
      const how = `${stage.id} falsified after ${out.numRuns} case(s), shrunk ${out.numShrinks} time(s); seed ${seed}`;
      return ruleResult(env, {
        source, rule, outcome: 'fail', message: `${f.verdict.message} (${how}${out.note ? `; ${out.note}` : ''})`,
        expected: f.verdict.expected, actual: f.verdict.actual, exchanges: f.exchanges,
        counterexample: stableCounterexample(f.steps ?? f.value, env), replay, durationMs: ms,
      });
    }
    const checked = out.exercised.get(rule) ?? 0;
    if (checked === 0) {
      const why = f ? `${stage.id} stopped at a failure of ${f.verdict.rule} before a case checked this rule`
        : out.stopped ? `not run: ${out.stopped}` : `none of the ${out.numRuns} generated cases checked this rule; give more --runs`;
      return ruleResult(env, { source, rule, outcome: 'skip', message: why, replay, durationMs: ms });
    }
    const tail = f ? ` before ${stage.id} failed on ${f.verdict.rule}` : '';
    return ruleResult(env, { source, rule, outcome: 'pass', message: `${checked} generated case(s) of ${stage.id} checked this rule and passed${tail} (seed ${seed})`, durationMs: ms });
  });
}
