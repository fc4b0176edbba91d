import { API_VERSIONS, type ApiVersion, type CheckResult, type ExpectationEntry, type Observation, type PhaseTiming, type RunResult, type Scenario, type ScenarioFile } from '../model/index.js';
import type { RunConfig } from '../config/types.js';
import type { RuleBook } from '../spec/rules.js';
import { getValidator } from '../schema/index.js';
import { CleanupRoot } from '../core/cleanup.js';
import { sweepTagged } from '../core/sweep.js';
import { clientsFor } from '../core/clients.js';
import { RowsSeen } from '../oracles/rows-seen.js';
import { StallGuard } from '../http/index.js';
import { mapPool, Slots } from '../core/pool.js';
import { scenarioLimit } from './scenario-limit.js';
import { scenarioPhase, type ScenarioBase } from '../scenarios/phase.js';
import { selectScenarios } from './select.js';
import type { VersionEnv } from '../core/version-env.js';
import { runPropertyPhase } from '../properties/index.js';
import { PROPERTY_CONCURRENCY } from '../properties/runner.js';
import { runStatefulPhase, type LifecycleConfig } from '../stateful/index.js';
import { ReadingLedger } from '../spec/readings.js';
import { openCapabilities, type Capabilities } from '../core/capabilities.js';
import { probeServer } from '../core/probe.js';
import { Exclusivity } from './exclusivity.js';
import { PartialTeller } from './partial-teller.js';
import { DEFAULT_VERSION_CONCURRENCY } from '../config/types.js';
import { LagTracker } from '../core/settle.js';
import { listenersOf, type Listeners, type Progress, type RunEvent } from './run-events.js';
import { WaitLedger } from '../core/wait-ledger.js';
import { phaseSignal, withStallGuard } from './run-signals.js';
import { generatedRuns, generatedShare } from './version-groups.js';
import { buildRunResult, PHASES, type Phase, type RunFacts, type RunState } from './run-result.js';
import { loadExpectations } from '../expectations/file.js';
import { markKnown } from '../expectations/apply.js';
import { knownFailure } from '../expectations/known.js';

export { PHASES, type Phase, type Progress, type RunEvent };

/** The options with the event stream split into one listener per kind (what the orchestrator's parts call). */
type Inner = RunOptions & Listeners;

export interface RunOptions {
  config: RunConfig;
  book: RuleBook;
  suites: ScenarioFile[];
  target: { baseUrl: string; reference: boolean; mutant?: string; notOffered?: { apiVersion: ApiVersion; reason: string }[]; listed?: string[] };
  runId: string;
  toolVersion: string;
  /** What the run tells as it goes (src/orchestrator/run-events.ts): progress, settles, a stall, partial results, load lines. */
  onEvent?: (e: RunEvent) => void;
  /** Aborted on SIGINT/SIGTERM or --max-duration: remaining scenarios are skipped, cleanup still runs. */
  signal?: AbortSignal;
  /** Where the run registers what it creates (the CLI reads it on a second interrupt). */
  cleanupRoot?: CleanupRoot;
  /** Which phases run (default: config.phases, else all); the load stage (src/load) runs after them with config.load. */
  phases?: readonly Phase[];
  /** The stateful stage's configuration (suites/stateful/lifecycle.yaml), loaded and validated by the caller. */
  lifecycle?: LifecycleConfig;
  /**
   * The entries of config.expectations, when the caller has loaded them (the CLI does, to refuse a broken file before
   * the first request); else the run loads them. Applied once, to the results the run builds (run-result.ts).
   */
  expectations?: readonly ExpectationEntry[];
  /** The least gap between two `partial` events (default PARTIAL_EVERY_MS; src/orchestrator/partial-teller.ts). */
  partialEveryMs?: number;
}

/** Partial results are told at most this often (ms): a results file is rewritten whole each time. */
export const PARTIAL_EVERY_MS = 5_000;

/**
 * Runs one generated-case phase of one version (properties or the stateful stage) with its own tag, capture agent
 * and cleanup registry; records its results and what could not be deleted.
 */
async function runGeneratedPhase(ctx: RunCtx, phase: 'properties' | 'stateful', base: Omit<VersionEnv, 'tag' | 'agent' | 'timeBase' | 'cleanup'>, track: VersionTrack, slots: Slots): Promise<void> {
  const { o, root, runTag } = ctx;
  const v = base.version;
  const started = Date.now();
  const cleanup = root.child();
  const budget = phaseSignal(o, phase, v, track.state.stops);
  // Each case holds the run's shared lock (env.share), so an exclusive scenario of any version runs between cases,
  // and one of the version's case slots (generatedSlots). A stateful sequence (up to lifecycle.yaml's maxCommands
  // writes, each read back) is the longest case: sequences go ahead of the property cases in the slots' line, or
  // on a lagging index the last of them start late and end the version (one version, index lag 1 s: sequences
  // started at 12 s ran to 30 s while the property cases were done at 17 s).
  const ahead = phase === 'stateful';
  const env = {
    ...base, cleanup, signal: budget.signal, share: <T>(work: () => Promise<T>) => slots.run(() => ctx.lock.shared(work), { ahead }),
    tag: `evconf${runTag}v${v.replaceAll('.', '')}${phase.slice(0, 4)}x`, agent: `${o.config.agentPrefix}${runTag}-v${API_VERSIONS.indexOf(v)}-${phase}`,
  };
  o.onProgress?.({ phase, version: v, done: 0, total: 1, failed: 0 });
  const res = phase === 'properties' ? await runPropertyPhase(env) : await runStatefulPhase(env, o.lifecycle ? { lifecycle: o.lifecycle } : {});
  const stopped = budget.done();
  track.state.results.push(...res);
  // What the cases did not delete themselves (a case deletes its own events as it ends): with nothing left, the
  // stage does not queue for the run-wide lock behind an exclusive scenario.
  if (cleanup.pending().length > 0) track.state.leftovers.push(...(await ctx.lock.shared(() => cleanup.drain(base.clients.admin, { settleMs: o.config.settleMs, ...(base.lag ? { lagMs: base.lag.ms } : {}) }))));
  track.phaseEnded({ phase, durationMs: Date.now() - started, budgetMs: o.config.phaseBudgetMs, ...(stopped ? { stopped } : {}) });
  o.onProgress?.({ phase, version: v, done: 1, total: 1, failed: res.filter((r) => r.outcome === 'fail' || r.outcome === 'error').length, results: res });
}

/**
 * Generated cases (property cases, stateful sequences) in flight at once in one version, over all its generated
 * stages ("bounded by --concurrency"): 2 × --concurrency, so that with the scenarios' --concurrency
 * they fit the version client's 4 × --concurrency connections (src/core/clients.ts; a case may poll readiness of
 * its events together); a request waiting for a connection spends its --timeout waiting (src/http/dispatch-once.ts).
 * Against a server that needs media and processes it 300 ms, --concurrency cases took one version 43.7 s, 2× 32.6 s
 * (3× 31.8 s: each property's own half of --concurrency binds then). At least one case per stage in flight
 * (PROPERTY_CONCURRENCY properties and the stateful stage), as when every stage ran its cases in turn.
 */
export function generatedSlots(concurrency: number | (() => number)): Slots {
  const now = typeof concurrency === 'number' ? () => concurrency : concurrency;
  return new Slots(() => Math.max(2 * now(), PROPERTY_CONCURRENCY + 1));
}

/** One version's phase timings as they end; each end also reports the results so far (a `partial` event). */
interface VersionTrack {
  state: RunState;
  phaseEnded(p: PhaseTiming): void;
}

/** What every version of a run shares. */
interface RunCtx {
  o: Inner;
  guard: StallGuard;
  root: CleanupRoot;
  runTag: string;
  scenarios: Scenario[];
  state: RunState;
  facts: RunFacts;
  /** Scenarios done over all versions, of `total` (progress). */
  progress: { done: number; total: number };
  /** Exclusive scenarios run alone, whichever version's work is running (versions run side by side). */
  lock: Exclusivity;
  /** The timing so far of each version still running (partial results carry it). */
  running: Map<ApiVersion, () => RunState['timing'][number]>;
  /** What the latest partial results say they were written after, and who tells them. */
  partial: { after: string; teller?: PartialTeller };
}

/** Failed and errored results so far; the run's results only grow while it goes on, so each call counts only those added since the last. */
const counted = new WeakMap<readonly CheckResult[], { seen: number; failed: number }>();
function failedCount(results: readonly CheckResult[]): number {
  const c = counted.get(results) ?? { seen: 0, failed: 0 };
  if (c.seen > results.length) Object.assign(c, { seen: 0, failed: 0 });
  for (; c.seen < results.length; c.seen++) if (results[c.seen].outcome === 'fail' || results[c.seen].outcome === 'error') c.failed++;
  counted.set(results, c);
  return c.failed;
}

/** Runs the conformance phases for every requested version and returns the canonical RunResult (ARCHITECTURE.md § Contracts). */
export async function runConformance(given: RunOptions): Promise<RunResult> {
  const expected = given.expectations ?? (given.config.expectations.length ? loadExpectations(given.config.expectations, given.book.rules.map((r) => r.id)) : undefined);
  const listeners = listenersOf(given.onEvent);
  // The results a progress event carries are marked known as the final results will be (the CLI counts and shows them).
  const { onProgress } = listeners;
  if (expected && onProgress) listeners.onProgress = (p) => onProgress(p.results ? { ...p, results: markKnown(expected, p.results) } : p);
  const inner: Inner = { ...given, ...listeners, ...(expected ? { expectations: expected } : {}) };
  const { o, guard } = withStallGuard(inner);
  const { config } = o;
  const phases = o.phases ?? config.phases ?? PHASES;
  const scenarios = phases.includes('scenarios') ? selectScenarios(o.suites, config.only) : [];
  const state: RunState = { started: Date.now(), results: [], observations: new Map(), leftovers: [], timing: [], capabilities: [], stops: new Map() };
  const facts: RunFacts = {
    config, book: o.book, phases, runId: o.runId, toolVersion: o.toolVersion, ...(o.expectations ? { expectations: o.expectations } : {}),
    target: {
      baseUrl: o.target.baseUrl, apiVersions: config.apiVersions, reference: o.target.reference, ...(o.target.mutant ? { mutant: o.target.mutant } : {}),
      ...(o.target.notOffered?.length ? { notOffered: o.target.notOffered } : {}), ...(o.target.listed ? { listed: o.target.listed } : {}),
    },
  };
  const total = config.apiVersions.reduce((n, v) => n + scenarios.filter((s) => s.versions.includes(v)).length, 0);
  const ctx: RunCtx = {
    o, guard, scenarios, state, facts, progress: { done: 0, total }, lock: new Exclusivity(), running: new Map(), partial: { after: '' },
    root: o.cleanupRoot ?? new CleanupRoot(), runTag: o.runId.replace(/[^a-z0-9]/gi, '').slice(-8).toLowerCase(),
  };
  // Stopped (interrupt, --max-duration, server not answering): the results so far are told at once, in case the
  // process is killed before the run has cleaned up and ended.
  const onStop = () => {
    ctx.partial.teller?.stop();
    o.onPartial?.(buildRunResult(facts, state, `the run was stopped (${String(o.signal?.reason ?? 'interrupted')}); this file holds the results decided before that`));
  };
  const { onPartial } = o;
  if (onPartial) {
    ctx.partial.teller = new PartialTeller(() => {
      const timing = [...state.timing, ...[...ctx.running.values()].map((t) => t())];
      onPartial(buildRunResult(facts, { ...state, timing }, `written at the end of phase ${ctx.partial.after}; the run had not ended`));
    }, o.partialEveryMs ?? PARTIAL_EVERY_MS);
  }
  o.signal?.addEventListener('abort', onStop, { once: true });
  try {
    // Versions wait on the server, not on each other; side by side, except on one shared capture
    // agent (--agent-id), whose time windows every version reuses.
    const side = config.agentId ? 1 : (config.versionConcurrency ?? DEFAULT_VERSION_CONCURRENCY);
    await mapPool([...config.apiVersions], side, (version) => runVersion(ctx, version));
    state.timing.sort((a, b) => API_VERSIONS.indexOf(a.apiVersion) - API_VERSIONS.indexOf(b.apiVersion));
  } finally {
    o.signal?.removeEventListener('abort', onStop);
    ctx.partial.teller?.stop();
  }
  await sweepRun(ctx);
  if (o.signal?.aborted) for (const v of config.apiVersions) if (!state.stops.has(v)) state.stops.set(v, String(o.signal.reason ?? 'the run was stopped'));
  // On the run's own signal (interrupt, --max-duration): a server that stopped answering the conformance stages does
  // not keep the load stage from trying.
  if (config.load && !given.signal?.aborted) await runLoad(inner, state);
  return buildRunResult(facts, state);
}

/**
 * The end-of-run sweep (src/core/sweep.ts): the run's own events, listed by its tag, are deleted until the index
 * shows none, also after an interrupt; what could not be removed is reported in `leftovers` (and an observation).
 */
async function sweepRun(ctx: RunCtx): Promise<void> {
  const { o, runTag, state } = ctx;
  const version = o.config.apiVersions[o.config.apiVersions.length - 1];
  const clients = clientsFor(o.config, o.target.baseUrl, version, ctx.guard);
  try {
    const swept = await sweepTagged(clients.admin, `evconf${runTag}`, { settleMs: o.config.settleMs });
    const gone = new Set(swept.found.filter((id) => !swept.left.includes(id)));
    state.leftovers = [...new Set([...state.leftovers.filter((id) => !gone.has(id)), ...swept.left])];
    if (swept.found.length > 0 || swept.unlisted) {
      const value = swept.unlisted ? `the sweep could not list the run's events: ${swept.unlisted}`
        : `${swept.found.length} event(s) of the run were still listed at its end (not deleted by identifier: e.g. a create that did not name them all); ${swept.found.length - swept.left.length} deleted, ${swept.left.length} could not be removed`;
      const ob: Observation = { topic: 'cleanup-sweep', apiVersion: version, value, context: `GET /api/events?filter=textFilter:evconf${runTag}` };
      state.observations.set(`${ob.topic}|${ob.apiVersion}|${ob.value}`, ob);
    }
  } finally {
    await clients.closeAll();
  }
}

/**
 * The load stage (ARCHITECTURE.md § Stages) after the conformance stages, at the newest version of the run, with what its probe
 * learned: against --base-url, or against a reference server of its own in a child process (the load generator must
 * not share a process with the server it measures), which knows none of the embedded server's credentials.
 */
async function runLoad(o: Inner, state: RunState): Promise<void> {
  const started = Date.now();
  const { config } = o;
  // Imported when a run has a load stage: the load generator's modules (autocannon, histograms) cost every other run
  // a part of its start.
  const { loadVersion, runLoadStage } = await import('../load/index.js');
  const apiVersion = loadVersion(config);
  const capabilities = state.capabilities.find((c) => c.version === apiVersion);
  const { auth: _embedded, ...withoutAuth } = config;
  const stage = await runLoadStage({
    config: config.baseUrl ? config : withoutAuth, runId: o.runId, ...(capabilities ? { capabilities } : {}),
    ...(o.signal ? { signal: o.signal } : {}), ...(o.log ? { log: o.log } : {}),
  });
  state.load = { load: stage.load, results: stage.results };
  state.leftovers.push(...stage.leftovers);
  state.timing.push({ apiVersion, stage: 'load', durationMs: Date.now() - started });
}

/** The probe of one version (ARCHITECTURE.md, principle 2): what this server needs, learned once and used by every stage. */
async function probeVersion(ctx: RunCtx, version: ApiVersion, clients: ReturnType<typeof clientsFor>): Promise<Capabilities> {
  const { o, root, runTag, state } = ctx;
  const { config } = o;
  const probeCleanup = root.child();
  const probe = o.signal?.aborted ? { caps: openCapabilities(version, config.fieldIds), observations: [] } : await probeServer({
    client: clients.admin, version, book: o.book, config, register: (...ids) => probeCleanup.add(...ids), formEncoding: clients.formEncoding,
    tag: `evconf${runTag}v${version.replaceAll('.', '')}probex`, agent: `${config.agentPrefix}${runTag}-v${API_VERSIONS.indexOf(version)}-probe`, runTag,
  });
  state.capabilities.push(probe.caps);
  for (const ob of probe.observations) state.observations.set(`${ob.topic}|${ob.apiVersion}|${ob.value}`, ob);
  state.leftovers.push(...(await probeCleanup.drain(clients.admin, { settleMs: config.settleMs })));
  return probe.caps;
}

/** Runs every phase of one version; records its timing (by phase and by what it waited for). */
async function runVersion(ctx: RunCtx, version: ApiVersion): Promise<void> {
  const { o, state } = ctx;
  const versionStarted = Date.now();
  const waits = new WaitLedger();
  const phaseTimes: PhaseTiming[] = [];
  const timing = () => ({ apiVersion: version, stage: 'conformance' as const, durationMs: Date.now() - versionStarted, phases: [...phaseTimes], waits: waits.summary() });
  const track: VersionTrack = {
    state,
    phaseEnded: (p) => {
      phaseTimes.push(p);
      ctx.partial.after = `${p.phase} of API ${version}`;
      ctx.partial.teller?.due();
    },
  };
  ctx.running.set(version, timing);
  // What a write refused while the event was busy taught (src/core/busy-retry.ts): one observation per kind of write.
  const onBusy = (n: { write: string; state: string; retried: number }) => {
    const ob: Observation = {
      topic: 'busy-refusal', apiVersion: version,
      value: `${n.write} answered 403 while the event's processing_state was ${n.state}; sent again once it had ended: ${n.retried}`,
      context: 'a write refused for a passing reason the server shows is waited out, so no check depends on when its write landed',
    };
    state.observations.set(`${ob.topic}|${ob.apiVersion}|${ob.value}`, ob);
  };
  // Every list the stages receive, its rows judged against their events (src/oracles/rows-seen.ts).
  const rowsSeen = new RowsSeen({ version, config: o.config, book: o.book, ...(o.signal ? { signal: o.signal } : {}) });
  const clients = clientsFor(o.config, o.target.baseUrl, version, ctx.guard, waits, onBusy, o.signal, rowsSeen);
  try {
    const probeStarted = Date.now();
    const caps = await ctx.lock.shared(() => probeVersion(ctx, version, clients));
    track.phaseEnded({ phase: 'probe', durationMs: Date.now() - probeStarted });
    const observe = (ob: Observation) => state.observations.set(`${ob.topic}|${ob.apiVersion}|${ob.value}`, ob);
    const base = {
      version, clients, shapes: getValidator(version), book: o.book, config: o.config, baseUrl: o.target.baseUrl, observe, caps,
      // One ledger per version: a reading the server shows in one stage binds it in the others.
      readings: new ReadingLedger(version, observe),
      // The server's visibility lag, learned from this version's writes (src/core/settle.ts).
      lag: new LagTracker(), waits, ...(o.onSettle ? { onSettle: o.onSettle } : {}),
      // --concurrency, or up to its ceiling while the server answers fast: scenarios and generated cases alike.
      concurrencyNow: scenarioLimit(o.config, waits),
      // Failures the run's expectations explain: the generated stages record them and go on (src/expectations/known.ts).
      ...(o.expectations ? { knownFailure: knownFailure(o.expectations, version) } : {}),
    };
    rowsSeen.useLag(base.lag);
    // Versions whose rules are identical share the generated stages' duplicated cases (src/orchestrator/version-groups.ts).
    const share = o.config.shareGenerated === false ? { first: true, size: 1 } : generatedShare(o.book, o.config.apiVersions, version);
    const genConfig = share.first ? o.config : { ...o.config, runs: generatedRuns(o.config.runs, share) };
    const genBase = { ...base, config: genConfig, ...(o.signal ? { signal: o.signal } : {}) };
    const phases = o.phases ?? o.config.phases ?? PHASES;
    const generated = (['properties', 'stateful'] as const).filter((p) => phases.includes(p));
    const scenarios = startScenarioPhase(ctx, base, track);
    const slots = generatedSlots(base.concurrencyNow);
    // The stages wait on the server far more than they compute, and each works on events of its
    // own (its own tag and capture agents, or on one shared capture agent a time range of its own: scenarios
    // 2090-2094, from 2100 on one shared agent, src/scenarios/time-base.ts; properties 2095-2098 and prop-rrule 2120-2159 (oracle-list-rows 2090-2093); stateful 2099): they run side by side, and the
    // exclusive scenarios alone once the other scenarios have ended, beside what is left of the generated stages
    // (each of their cases holds the shared lock: an exclusive step waits for those in flight, and new ones wait
    // behind it). Every stage ends before a failure of one is passed on (the clients close after them).
    const ended = await Promise.allSettled([scenarios.run(), ...generated.map((p) => runGeneratedPhase(ctx, p, genBase, track, slots))]);
    const failed = ended.find((e): e is PromiseRejectedResult => e.status === 'rejected');
    if (failed) throw failed.reason;
    state.results.push(...(await rowsSeen.finish()));
  } finally {
    await clients.closeAll();
  }
  state.timing.push(timing());
  ctx.running.delete(version);
}

/**
 * The scenario stage of one version (src/scenarios/phase.ts) under the phase's budget: its results, leftovers and
 * progress go into the run's state; the phase's timing covers both parts.
 */
function startScenarioPhase(ctx: RunCtx, base: ScenarioBase, track: VersionTrack): { run(): Promise<void> } {
  const { o, state, progress } = ctx;
  const { version } = base;
  const started = Date.now();
  const budget = phaseSignal(o, 'scenarios', version, state.stops);
  const phase = scenarioPhase({
    scenarios: ctx.scenarios, runTag: ctx.runTag, base, root: ctx.root, signal: budget.signal, lock: ctx.lock,
    onStart: (versionTotal) => o.onProgress?.({ phase: 'scenarios', version, done: progress.done, total: progress.total, failed: failedCount(state.results), versionDone: 0, versionTotal }),
    onResults: (results) => { state.results.push(...results); },
    onScenario: (results, leftovers, versionDone, versionTotal) => {
      state.leftovers.push(...leftovers);
      progress.done++;
      o.onProgress?.({ phase: 'scenarios', version, done: progress.done, total: progress.total, failed: failedCount(state.results), versionDone, versionTotal, results });
    },
  });
  return {
    run: async () => {
      let stopped: string | undefined;
      try {
        await phase.run();
      } finally {
        stopped = budget.done();
      }
      if (phase.scenarios) track.phaseEnded({ phase: 'scenarios', durationMs: Date.now() - started, budgetMs: o.config.phaseBudgetMs, ...(stopped ? { stopped } : {}) });
    },
  };
}
