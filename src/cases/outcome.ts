import type { CheckResult } from '../model/index.js';
import type { CasesOutcome } from './adapter.js';
import type { PhaseEnv } from './phase-env.js';
import { replayLine, ruleResult, stableCounterexample } from './results.js';

/** What a generated stage reports on: its id (for --only and result ids) and the rules it checked. */
export interface StageInfo {
  id: string;
  rules: readonly string[];
}

/**
 * One result per rule from a fast-check outcome (ARCHITECTURE.md § Contracts): each broken rule fails with seed, shrunk
 * counterexample (readable steps for command sequences), the failing case's exchanges and the replay line; a
 * failure does not blind the others: every other rule passes when a case checked it and found it
 * holding, else it is skipped with the reason.
 */
export function outcomeResults(env: PhaseEnv, stage: StageInfo, out: CasesOutcome<unknown>, ms: number): CheckResult[] {
  const source = stage.id;
  const replay = replayLine(env, stage.id);
  const seed = env.config.seed;
  const failures = out.failures ?? new Map();
  const failed = [...failures.keys()];
  // A precondition can break a rule outside the stage's list (e.g. events.create.status): report it too.
  const extra = [...failed, ...(out.known?.keys() ?? [])].filter((r, i, all) => !stage.rules.includes(r) && all.indexOf(r) === i);
  return [...stage.rules, ...extra].map((rule) => {
    if (out.kind === 'error') return ruleResult(env, { source, rule, outcome: 'error', message: `evconf error in ${stage.id}: ${out.error}`, replay, durationMs: ms });
    const f = failures.get(rule);
    if (f) {
      // The seed ends the note, after any remark on the shrinking: an expectation's match leaves the note out
      // (src/expectations/differences.ts), and it knows the note by its end.
      const how = `${stage.id} falsified in case ${f.foundIn} of ${out.numRuns}, shrunk ${f.numShrinks} time(s)${f.note ? `; ${f.note}` : ''}; seed ${seed}`;
      return ruleResult(env, {
        source, rule, outcome: 'fail', message: `${f.verdict.message} (${how})`,
        expected: f.verdict.expected, actual: f.verdict.actual, exchanges: f.exchanges,
        counterexample: stableCounterexample(f.steps ?? f.value, env), replay, durationMs: ms,
      });
    }
    const k = out.known?.get(rule);
    if (k) {
      // A failure the expectations explain, recorded where it was first seen (not shrunk); the stage went on.
      return ruleResult(env, {
        source, rule, outcome: 'fail', message: `${k.verdict.message} (${stage.id}: failed as the expectations say, not shrunk; the stage went on; seed ${seed})`,
        expected: k.verdict.expected, actual: k.verdict.actual, exchanges: k.exchanges, counterexample: stableCounterexample(k.steps ?? k.value, env), replay, durationMs: ms,
      });
    }
    const checked = out.exercised.get(rule) ?? 0;
    const broke = [...failed, ...(out.known?.keys() ?? [])];
    if (checked === 0) {
      const why = out.halted ? `${stage.id} stopped at a failure of ${out.halted} before a case checked this rule (no answer came; every further case would wait as long)`
        : out.stopped ? `not run: ${out.stopped}`
          : broke.length ? `none of the ${out.numRuns} generated cases checked this rule (cases stopped at a failure of ${broke.join(', ')}; give more --runs)`
            : `none of the ${out.numRuns} generated cases checked this rule; give more --runs`;
      return ruleResult(env, { source, rule, outcome: 'skip', message: why, replay, durationMs: ms });
    }
    return ruleResult(env, { source, rule, outcome: 'pass', message: `${checked} generated case(s) of ${stage.id} checked this rule and passed (seed ${seed})`, durationMs: ms });
  });
}
