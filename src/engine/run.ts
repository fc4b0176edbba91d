import { API_VERSIONS, type ApiVersion, type CheckResult, type Observation, type RunResult, type Scenario, type ScenarioFile } from '../model/index.js';
import type { RunConfig } from '../config/types.js';
import type { RuleBook } from '../spec/rules.js';
import { getValidator } from '../schema/index.js';
import { CleanupRoot } from './cleanup.js';
import { clientsFor } from './clients.js';
import { StallGuard } from '../http/index.js';
import { mapPool } from './pool.js';
import { allWith, runScenario } from './scenario.js';
import { selectScenarios } from './select.js';
import { assignIds, coverage, summarize } from './summary.js';
import type { ScenarioEnv } from './env.js';
import { runPropertyPhase } from './properties/index.js';
import { runStatefulPhase, type LifecycleConfig } from '../stateful/index.js';
import { isoUtc } from '../spec/datetime.js';
import { ReadingLedger } from '../spec/readings.js';
import { agentFor, openCapabilities, type Capabilities } from './capabilities.js';
import { probeServer } from './probe.js';
import { LagTracker } from './settle.js';
import type { SettleInfo } from './env.js';
import { computeVerdicts } from '../report/tally.js';

/** The conformance phases, in the order they run for each version (design §2 engine). */
export const PHASES = ['scenarios', 'properties', 'stateful'] as const;
export type Phase = (typeof PHASES)[number];

export interface Progress {
  phase: string;
  version?: ApiVersion;
  done: number;
  total: number;
  failed: number;
  /** The results decided since the previous report (`--verbose` prints them). */
  results?: readonly CheckResult[];
}

export interface RunOptions {
  config: RunConfig;
  book: RuleBook;
  suites: ScenarioFile[];
  target: { baseUrl: string; reference: boolean; mutant?: string };
  runId: string;
  toolVersion: string;
  onProgress?: (p: Progress) => void;
  /** Told once when the server stops answering altogether and the rest of the run is skipped. */
  onStall?: (reason: string) => void;
  /** Aborted on SIGINT/SIGTERM or --max-duration: remaining scenarios are skipped, cleanup still runs. */
  signal?: AbortSignal;
  /** Where the run registers what it creates (the CLI reads it on a second interrupt). */
  cleanupRoot?: CleanupRoot;
  /** Which phases run (default: config.phases, else all); the load stage is separate (src/load). */
  phases?: readonly Phase[];
  /** Told about every settled read-after-write step (the CLI prints those that waited long). */
  onSettle?: (s: SettleInfo) => void;
  /** The stateful stage's configuration (suites/stateful/lifecycle.yaml), loaded and validated by the caller. */
  lifecycle?: LifecycleConfig;
}

/**
 * Far-future base time for a scenario's schedules (2090-2094), so they never collide with real recordings.
 * Windows of different scenarios may overlap: each scenario schedules on its own capture agent.
 */
function timeBase(seed: number, index: number): string {
  const day = Date.UTC(2090, 0, 1) + ((seed % 1000) + index) * 86_400_000;
  return isoUtc(day);
}

/** Days a scenario's schedules may span from its base time (the longest offset of suites/ is "+13d18:00"). */
const SCENARIO_SPAN_DAYS = 15;

/**
 * Base time of a scenario when every scenario schedules on one shared capture agent (--agent-id): windows of
 * different scenarios never overlap (scenarios run concurrently), and stay within 2090-2093. Versions run one after
 * the other and delete what they created, so they reuse the same windows.
 */
function sharedAgentTimeBase(seed: number, index: number): string {
  return isoUtc(Date.UTC(2090, 0, 1) + ((seed % 30) + index * SCENARIO_SPAN_DAYS) * 86_400_000);
}

/** Versions whose run was cut short (interrupt, --max-duration, --phase-budget), with the first reason. */
type Stops = Map<ApiVersion, string>;

/**
 * The run's signal combined with a --phase-budget deadline for one phase of one version. When the phase ends
 * (`done`) with its signal aborted, the version is recorded as cut short: it can then not be "conformant".
 */
function phaseSignal(o: RunOptions, phase: Phase, v: ApiVersion, stops?: Stops): { signal: AbortSignal; done(): void } {
  const c = new AbortController();
  const budget = o.config.phaseBudgetMs;
  const timer = setTimeout(() => c.abort(`--phase-budget ${budget} ms reached (phase ${phase}, API ${v})`), budget);
  timer.unref();
  const onRun = () => c.abort(o.signal?.reason);
  if (o.signal?.aborted) c.abort(o.signal.reason);
  o.signal?.addEventListener('abort', onRun, { once: true });
  return {
    signal: c.signal,
    done: () => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onRun);
      if (c.signal.aborted && stops && !stops.has(v)) stops.set(v, `${phase}: ${String(c.signal.reason ?? 'the run was stopped')}`);
    },
  };
}

/**
 * Runs the generated-case phases of one version (properties, then the stateful stage) with their own tag, capture
 * agent and cleanup registry; returns their results and what could not be deleted.
 */
async function runGeneratedPhases(o: RunOptions, base: Omit<ScenarioEnv, 'tag' | 'agent' | 'timeBase' | 'cleanup'>, root: CleanupRoot, runTag: string, stops: Stops): Promise<{ results: CheckResult[]; leftovers: string[] }> {
  const phases = o.phases ?? o.config.phases ?? PHASES;
  const v = base.version;
  const out: CheckResult[] = [];
  const leftovers: string[] = [];
  for (const phase of ['properties', 'stateful'] as const) {
    if (!phases.includes(phase)) continue;
    const cleanup = root.child();
    const budget = phaseSignal(o, phase, v, stops);
    const env = {
      ...base, cleanup, signal: budget.signal,
      tag: `evconf${runTag}v${v.replaceAll('.', '')}${phase.slice(0, 4)}x`, agent: `${o.config.agentPrefix}${runTag}-v${API_VERSIONS.indexOf(v)}-${phase}`,
    };
    o.onProgress?.({ phase, version: v, done: 0, total: 1, failed: 0 });
    const res = phase === 'properties' ? await runPropertyPhase(env) : await runStatefulPhase(env, o.lifecycle ? { lifecycle: o.lifecycle } : {});
    budget.done();
    out.push(...res);
    leftovers.push(...(await cleanup.drain(base.clients.admin, { settleMs: o.config.settleMs })));
    o.onProgress?.({ phase, version: v, done: 1, total: 1, failed: res.filter((r) => r.outcome === 'fail' || r.outcome === 'error').length, results: res });
  }
  return { results: out, leftovers };
}

/**
 * The run's signal, also aborted when the server stops answering altogether (src/http/stall-guard.ts): what is
 * not run by then is skipped with that reason, and the guard keeps the rest (cleanup included) from costing a
 * --timeout per request.
 */
function withStallGuard(o: RunOptions): { o: RunOptions; guard: StallGuard } {
  const stalled = new AbortController();
  const guard = new StallGuard({ timeoutMs: o.config.timeoutMs, onStall: (reason) => { stalled.abort(reason); o.onStall?.(reason); } });
  const signal = o.signal ? AbortSignal.any([o.signal, stalled.signal]) : stalled.signal;
  return { o: { ...o, signal }, guard };
}

/** Runs the conformance phases for every requested version and returns the canonical RunResult (design §4). */
export async function runConformance(given: RunOptions): Promise<RunResult> {
  const { o, guard } = withStallGuard(given);
  const started = Date.now();
  const { config, book } = o;
  const phases = o.phases ?? config.phases ?? PHASES;
  const scenarios = phases.includes('scenarios') ? selectScenarios(o.suites, config.only) : [];
  const results: CheckResult[] = [];
  const observations = new Map<string, Observation>();
  const leftovers: string[] = [];
  const total = config.apiVersions.reduce((n, v) => n + scenarios.filter((s) => s.versions.includes(v)).length, 0);
  let done = 0;
  const timing: NonNullable<RunResult['timing']> = [];
  const root = o.cleanupRoot ?? new CleanupRoot();
  const runTag = o.runId.replace(/[^a-z0-9]/gi, '').slice(-8).toLowerCase();

  const capabilities: Capabilities[] = [];

  const stops: Stops = new Map();
  for (const version of config.apiVersions) {
    const versionStarted = Date.now();
    const clients = clientsFor(config, o.target.baseUrl, version, guard);
    const shapes = getValidator(version);
    // The probe (design §1.2): what this server needs, learned once for the version and used by every stage.
    const probeCleanup = root.child();
    const probe = o.signal?.aborted ? { caps: openCapabilities(version, config.fieldIds), observations: [] } : await probeServer({
      client: clients.admin, version, book, config, register: (...ids) => probeCleanup.add(...ids), formEncoding: clients.formEncoding,
      tag: `evconf${runTag}v${version.replaceAll('.', '')}probex`, agent: `${config.agentPrefix}${runTag}-v${API_VERSIONS.indexOf(version)}-probe`,
    });
    const caps = probe.caps;
    capabilities.push(caps);
    for (const ob of probe.observations) observations.set(`${ob.topic}|${ob.apiVersion}|${ob.value}`, ob);
    leftovers.push(...(await probeCleanup.drain(clients.admin, { settleMs: config.settleMs })));
    const sharedAgent = caps.agents.kind === 'fixed';
    const todo = scenarios.filter((s) => s.versions.includes(version));
    const observe = (ob: Observation) => observations.set(`${ob.topic}|${ob.apiVersion}|${ob.value}`, ob);
    // One ledger per version: a reading the server shows in one stage binds it in the others (issue 10 item 2).
    const readings = new ReadingLedger(version, observe);
    // The server's visibility lag, learned from this version's writes (src/engine/settle.ts).
    const lag = new LagTracker();
    const onSettle = o.onSettle;
    const scenarioBudget = phaseSignal(o, 'scenarios', version, stops);
    const signal = scenarioBudget.signal;
    try {
      if (todo.length) o.onProgress?.({ phase: 'scenarios', version, done, total, failed: results.filter((r) => r.outcome === 'fail' || r.outcome === 'error').length });
      const runOne = async (scenario: Scenario): Promise<void> => {
        const cleanup = root.child();
        const index = scenarios.indexOf(scenario);
        const env: ScenarioEnv = {
          version, clients, shapes, book, config, baseUrl: o.target.baseUrl, cleanup, observe, readings, caps,
          tag: `evconf${runTag}v${version.replaceAll('.', '')}s${index}x`, // ends in a letter: no tag is a prefix of another
          // Distinct per version too, so that a leftover of one version can never collide with the next one.
          // With a shared agent (--agent-id) the scenarios get disjoint time windows instead of agents of their own.
          agent: agentFor(caps, `${config.agentPrefix}${runTag}-v${API_VERSIONS.indexOf(version)}-${index}`) ?? `${config.agentPrefix}${runTag}-unused`,
          timeBase: sharedAgent ? sharedAgentTimeBase(config.seed, index) : timeBase(config.seed, API_VERSIONS.indexOf(version) * 40 + index),
          signal, lag, ...(onSettle ? { onSettle } : {}),
        };
        let res: CheckResult[];
        if (signal.aborted) {
          res = allWith(scenario, env, 'skip', `not run: ${String(signal.reason ?? 'the run was stopped')}`);
        } else {
          res = await runScenario(scenario, env);
        }
        assignIds(res, scenario.id);
        results.push(...res);
        leftovers.push(...(await cleanup.drain(clients.admin, { settleMs: config.settleMs })));
        done++;
        o.onProgress?.({ phase: 'scenarios', version, done, total, failed: results.filter((r) => r.outcome === 'fail' || r.outcome === 'error').length, results: res });
      };
      // `exclusive` scenarios run one by one after the others: no other scenario's write hides a wrong answer that
      // lasts only until the server's next write (src/model/scenario.ts).
      await mapPool(todo.filter((s) => !s.exclusive), config.concurrency, runOne);
      await mapPool(todo.filter((s) => s.exclusive), 1, runOne);
      scenarioBudget.done();
      const generated = await runGeneratedPhases(o, {
        version, clients, shapes, book, config, baseUrl: o.target.baseUrl, observe, readings, caps,
        ...(o.signal ? { signal: o.signal } : {}), lag, ...(onSettle ? { onSettle } : {}),
      }, root, runTag, stops);
      results.push(...generated.results);
      leftovers.push(...generated.leftovers);
    } finally {
      scenarioBudget.done();
      await clients.closeAll();
    }
    timing.push({ apiVersion: version, stage: 'conformance', durationMs: Date.now() - versionStarted });
  }
  results.sort((a, b) => a.id.localeCompare(b.id));
  if (o.signal?.aborted) for (const v of config.apiVersions) if (!stops.has(v)) stops.set(v, String(o.signal.reason ?? 'the run was stopped'));
  const run: RunResult = {
    tool: { name: 'evconf', version: o.toolVersion },
    runId: o.runId,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    timing,
    target: { baseUrl: o.target.baseUrl, apiVersions: config.apiVersions, reference: o.target.reference, ...(o.target.mutant ? { mutant: o.target.mutant } : {}) },
    seed: config.seed,
    command: config.command,
    summary: summarize(results),
    results,
    observations: [...observations.values()],
    coverage: coverage(book, config.apiVersions, results),
    load: [],
    capabilities,
    ...(leftovers.length ? { leftovers } : {}),
    rules: book.rules.map((r) => ({ id: r.id, level: r.level, since: r.since, ...(r.until ? { until: r.until } : {}), section: r.section, endpoint: r.endpoint, quote: r.quote })),
  };
  run.verdicts = computeVerdicts(run, {
    ...(config.allowUntested ? { allowUntested: config.allowUntested } : {}),
    stopped: [...stops].map(([apiVersion, reason]) => ({ apiVersion, reason })),
    notRun: (rule) => notRunReason(rule, config, phases),
  });
  return run;
}

/** Why a rule has no result at all in a version: --only left it out, or its phase did not run. */
function notRunReason(rule: string, config: RunConfig, phases: readonly Phase[]): string {
  if (config.only?.length) return 'not selected by --only';
  if (phases.length < PHASES.length) return `its checks are in a phase not run (--phases ${phases.join(',')})`;
  return 'no check of this rule ran in this version';
}
