import type { ApiVersion, CheckResult, ExpectationEntry, LoadResult, Observation, RunResult, StageTiming } from '../model/index.js';
import type { RunConfig } from '../config/types.js';
import type { RuleBook } from '../spec/rules.js';
import type { Capabilities } from '../core/capabilities.js';
import { coverage, summarize } from './summary.js';
import { computeVerdicts } from '../verdicts/tally.js';
import { applyExpectations, todayUtc } from '../expectations/apply.js';

/** The conformance phases, in the order they run for each version (ARCHITECTURE.md § Layers engine). */
export const PHASES = ['scenarios', 'properties', 'stateful'] as const;
export type Phase = (typeof PHASES)[number];

/** What a run has gathered so far: enough to build its RunResult at any time (at the end, or a partial one). */
export interface RunState {
  started: number;
  results: CheckResult[];
  observations: Map<string, Observation>;
  leftovers: string[];
  timing: StageTiming[];
  capabilities: Capabilities[];
  /** Versions whose run was cut short (interrupt, --max-duration, --phase-budget), with the first reason. */
  stops: Map<ApiVersion, string>;
  /** The load stage's measurements and budget results (--load), after the conformance stages. */
  load?: { load: LoadResult[]; results: CheckResult[] };
}

export interface RunFacts {
  config: RunConfig;
  book: RuleBook;
  phases: readonly Phase[];
  target: RunResult['target'];
  runId: string;
  toolVersion: string;
  /** The entries of the run's expectations files (config.expectations), applied to every result the run builds. */
  expectations?: readonly ExpectationEntry[];
}

/**
 * The canonical RunResult (ARCHITECTURE.md § Contracts) of what `s` holds. With `partial` (why the run has not ended), every version
 * counts as cut short (never conformant) and the record says so: it is written at each phase end and on an
 * interrupt, so that a run killed before its end still leaves its results.
 * The load stage's results follow the conformance results (by id) in the order the stage decided them; the summary
 * counts both, the verdicts judge the conformance checks only (load budgets are not conformance, src/verdicts).
 * With expectations the results and verdicts are sorted by them here (src/expectations/apply.ts): what the run
 * returns is final, reporters only read it.
 */
export function buildRunResult(f: RunFacts, s: RunState, partial?: string): RunResult {
  const { config, book } = f;
  const conformance = [...s.results].sort((a, b) => a.id.localeCompare(b.id));
  const results = [...conformance, ...(s.load?.results ?? [])];
  const stops = new Map(s.stops);
  if (partial) for (const v of config.apiVersions) if (!stops.has(v)) stops.set(v, partial);
  const run: RunResult = {
    tool: { name: 'evconf', version: f.toolVersion },
    runId: f.runId,
    startedAt: new Date(s.started).toISOString(),
    durationMs: Date.now() - s.started,
    timing: [...s.timing],
    target: f.target,
    seed: config.seed,
    command: config.command,
    summary: summarize(results),
    results,
    observations: [...s.observations.values()],
    coverage: coverage(book, config.apiVersions, results),
    load: [...(s.load?.load ?? [])],
    capabilities: [...s.capabilities],
    ...(s.leftovers.length ? { leftovers: [...s.leftovers] } : {}),
    ...(partial ? { partial } : {}),
    rules: book.rules.map((r) => ({ id: r.id, level: r.level, since: r.since, ...(r.until ? { until: r.until } : {}), section: r.section, endpoint: r.endpoint, quote: r.quote })),
  };
  run.verdicts = computeVerdicts({ ...run, results: conformance }, {
    ...(config.allowUntested ? { allowUntested: config.allowUntested } : {}),
    stopped: [...stops].map(([apiVersion, reason]) => ({ apiVersion, reason })),
    notRun: (rule) => notRunReason(rule, config, f.phases),
  });
  return f.expectations ? applyExpectations(run, f.expectations, { files: [...config.expectations], strict: config.strictExpectations, today: todayUtc() }) : run;
}

/** Why a rule has no result at all in a version: --only left it out, or its phase did not run. */
function notRunReason(rule: string, config: RunConfig, phases: readonly Phase[]): string {
  if (config.only?.length) return 'not selected by --only';
  if (phases.length < PHASES.length) return `its checks are in a phase not run (--phases ${phases.join(',')})`;
  return 'no check of this rule ran in this version';
}
