import { API_VERSIONS, type CheckResult, type Scenario } from '../model/index.js';
import type { CleanupRoot } from '../core/cleanup.js';
import type { VersionEnv } from '../core/version-env.js';
import { mapAdaptive } from '../core/pool.js';
import { numberRepeats } from '../core/result-id.js';
import { agentFor } from '../core/capabilities.js';
import { allWith, readOnlyTail, runScenario, type ScenarioLocks } from './scenario.js';
import { ACTIONS } from './actions/index.js';
import { sharedAgentTimeBase, timeBase, wideTimeBase } from './time-base.js';

/**
 * The scenarios in the order the pool starts them: the longest first (a long scenario started last is the
 * stage's tail). A scenario's time is mostly its settling steps (each reads over a settle window) and the actions
 * that wait (ActionDef.cost), so they are its cost; equal costs keep the files' order. Results do not depend on it:
 * each scenario works on events of its own.
 */
export function longestFirst(scenarios: readonly Scenario[]): Scenario[] {
  const stepCost = (st: Scenario['steps'][number]) => (st.settle || st.until ? 1 : 0) + (st.action ? ACTIONS.get(st.action.name)?.cost ?? 0 : 0);
  const cost = (s: Scenario) => s.steps.reduce((n, st) => n + stepCost(st), 0);
  return [...scenarios].sort((a, b) => cost(b) - cost(a));
}

/** The version's environment without what each scenario gets of its own (tag, agent, time base, cleanup, signal). */
export type ScenarioBase = Omit<VersionEnv, 'tag' | 'agent' | 'timeBase' | 'cleanup' | 'signal'>;

type Hold = <T>(work: () => Promise<T>) => Promise<T>;

export interface ScenarioPhaseOptions {
  /** Every scenario of the run, in the order of their files: a scenario's place names its tag, agent and time base. */
  scenarios: readonly Scenario[];
  /** The run's short tag (part of every title and agent the run makes). */
  runTag: string;
  base: ScenarioBase;
  /** Each scenario registers what it creates in a child of this root, drained after it. */
  root: CleanupRoot;
  /** Aborted when the phase must stop (its budget, an interrupt): the scenarios not yet run are skipped with why. */
  signal: AbortSignal;
  /** The run-wide lock: shared for ordinary work, alone for an exclusive scenario (versions run side by side). */
  lock: { shared: Hold; exclusive: Hold };
  /** Told before the first scenario, with how many of the version's scenarios will run. */
  onStart?(versionTotal: number): void;
  /** Told as soon as a scenario has its results (before its cleanup). */
  onResults(results: CheckResult[]): void;
  /** Told after each scenario's cleanup: its results and what the cleanup could not delete. */
  onScenario(results: CheckResult[], leftovers: string[], versionDone: number, versionTotal: number): void;
}

/**
 * The scenario stage of one version (ARCHITECTURE.md § Stages): the scenarios in parallel (--concurrency, or more
 * while the server answers fast: `base.concurrencyNow`), and beside them the exclusive ones, whose steps that must
 * see no other write (ScenarioLocks.alone) wait until the others have ended, then take the run alone one scenario at
 * a time. Their given events and leading waits for processing are made from the start, beside the others: on a
 * server whose index lags, those waits are most of an exclusive scenario's time. `scenarios` counts those that run
 * in this version.
 */
export function scenarioPhase(o: ScenarioPhaseOptions): { scenarios: number; run(): Promise<void> } {
  const { base, root, runTag, scenarios, signal, lock } = o;
  const { config, version, caps } = base;
  const todo = scenarios.filter((s) => s.versions.includes(version));
  const sharedAgent = caps.agents.kind === 'fixed';
  // The scenarios whose schedules span others' windows: on one shared agent each gets a year of its own.
  const wide = scenarios.filter((s) => s.exclusive === 'shared-agent');
  let versionDone = 0;
  if (todo.length) o.onStart?.(todo.length);
  // `hold` is the lock the scenario runs under (shared, or alone for an exclusive one); its cleanup runs after, under
  // the shared lock: deleting its events is no part of what an exclusive scenario needs to be alone for.
  const runOne = async (scenario: Scenario, hold: Hold, locks?: ScenarioLocks): Promise<void> => {
    const cleanup = root.child();
    const index = scenarios.indexOf(scenario);
    const env: VersionEnv = {
      ...base, cleanup,
      tag: `evconf${runTag}v${version.replaceAll('.', '')}s${index}x`, // ends in a letter: no tag is a prefix of another
      // Distinct per version too, so that a leftover of one version can never collide with the next one.
      // With a shared agent (--agent-id) the scenarios get disjoint time windows instead of agents of their own.
      agent: agentFor(caps, `${config.agentPrefix}${runTag}-v${API_VERSIONS.indexOf(version)}-${index}`) ?? `${config.agentPrefix}${runTag}-unused`,
      timeBase: !sharedAgent ? timeBase(config.seed, API_VERSIONS.indexOf(version) * 40 + index)
        : scenario.exclusive === 'shared-agent' ? wideTimeBase(config.seed, wide.indexOf(scenario)) : sharedAgentTimeBase(config.seed, index),
      signal,
    };
    const res = signal.aborted ? allWith(scenario, env, 'skip', `not run: ${String(signal.reason ?? 'the run was stopped')}`)
      : locks ? await runScenario(scenario, env, locks) : await hold(() => runScenario(scenario, env));
    numberRepeats(res);
    o.onResults(res);
    const left = await lock.shared(() => cleanup.drain(base.clients.admin, { settleMs: config.settleMs, ...(base.lag ? { lagMs: base.lag.ms } : {}), ...(base.waits ? { waits: base.waits } : {}) }));
    versionDone++;
    o.onScenario(res, left, versionDone, todo.length);
  };
  const alone = (s: Scenario) => s.exclusive === true;
  let failure: unknown;
  const guarded = async (work: () => Promise<unknown>): Promise<void> => {
    try {
      await work();
    } catch (err) {
      failure ??= err;
    }
  };
  // Opened once every scenario that is not exclusive has ended (or failed).
  let othersEnded!: () => void;
  const others = new Promise<void>((r) => { othersEnded = r; });
  // `exclusive` scenarios take the run alone only once the others have ended: no other scenario's write hides a
  // wrong answer that lasts only until the server's next write (src/model/scenario.ts).
  // Those whose last steps only read queue first (`others` settles a turn before `later`): those steps then run
  // beside the next ones' steps that are alone (scenario.ts readOnlyTail).
  const later = others.then(() => undefined);
  const exclusive = (s: Scenario): Hold => (readOnlyTail(s.steps) ? (w) => others.then(() => lock.exclusive(w)) : (w) => later.then(() => lock.exclusive(w)));
  // Their given events are created and processed side by side with the others, under the shared lock; only the steps
  // that read and compare hold the run alone, one scenario at a time (scenario.ts ScenarioLocks).
  const locks = (s: Scenario): ScenarioLocks => ({ before: (w) => lock.shared(w), alone: exclusive(s) });
  return {
    scenarios: todo.length,
    run: async () => {
      const rest = guarded(() => mapAdaptive(longestFirst(todo.filter((s) => !alone(s))), base.concurrencyNow, (s) => runOne(s, (w) => lock.shared(w)))).finally(othersEnded);
      // As many at once as the other scenarios: what they do side by side (given events, waits for processing)
      // overlaps; the rest queues on the lock.
      const alones = guarded(() => mapAdaptive(todo.filter(alone), base.concurrencyNow, (s) => runOne(s, exclusive(s), locks(s))));
      await Promise.all([rest, alones]);
      if (failure) throw failure;
    },
  };
}
