import type { CheckResult } from '../model/index.js';
import { gaveUpOf, runCases, type CaseReport, type CaseRunner, type CasesOutcome } from '../cases/adapter.js';
import { CaseKit } from '../cases/case.js';
import type { PhaseEnv } from '../cases/phase-env.js';
import { outcomeResults } from '../cases/outcome.js';
import { selectedStageRules } from '../cases/select.js';
import { PROPERTIES } from './registry.js';
import type { AnyProperty } from './types.js';
import { ruleResult } from '../cases/results.js';
import { missing } from '../core/capabilities.js';
import { mapPool, Slots } from '../core/pool.js';
import { casesInFlight, overlapping } from '../core/overlap.js';
import { AgentCalendar } from './calendar.js';

export interface PropertyPhaseOptions {
  /** The properties to run (default: all of PROPERTIES). */
  properties?: readonly AnyProperty[];
  /** Called after each property with its results. */
  onProperty?: (id: string, results: CheckResult[]) => void;
}

/** Rules of `def` to run and report in this version: applicable ones, narrowed by --only (id or rule). */
export function selectedRules(def: AnyProperty, env: PhaseEnv): string[] {
  return selectedStageRules(env, def.id, def.rules);
}

/** Rules of `rules` this server cannot be tested on (the probe's refusals), with the reason. */
export function unmetRules(def: AnyProperty, env: PhaseEnv, rules: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const what of ['agents', 'series'] as const) {
    const why = missing(env.caps, what);
    if (!why) continue;
    for (const rule of def.needs?.[what] ?? []) if (rules.includes(rule) && !out.has(rule)) out.set(rule, `precondition: ${why}`);
  }
  return out;
}

function caseRunner(def: AnyProperty, env: PhaseEnv, rules: string[], index: number, calendar?: AgentCalendar): CaseRunner<unknown> {
  let n = 0;
  const share = env.share ?? (<T>(work: () => Promise<T>) => work());
  return (value, settleMs, failed) => {
    // Numbered when called, so in case order also when cases run side by side (the lock lets them in in any order).
    const c = ++n;
    const run = () => share(() => checkCase(def, rules, new CaseKit(env, `${env.tag}p${index}c${c}z`, settleMs, c, new Set(), failed), value));
    // On one shared capture agent, a case whose spans meet those of a case in flight waits for it (outside the lock).
    return calendar && def.spans ? calendar.hold(def.spans(value), run) : run();
  };
}

/** Runs one case on its kit and deletes what it created. */
async function checkCase(def: AnyProperty, rules: string[], kit: CaseKit, value: unknown): Promise<CaseReport> {
  try {
    const verdict = await def.check(kit, value, rules);
    return { verdict, exchanges: kit.api.exchanges, exercised: kit.exercised, judged: kit.judged, noted: kit.noted };
  } finally {
    await kit.dispose();
  }
}

/**
 * The property stage for one API version (ARCHITECTURE.md § Stages): every property whose rules apply to the version (and
 * match --only), with `config.runs` cases from `config.seed`. A failure is a result of the rule it breaks, with
 * the shrunk counterexample, the failing case's exchanges and the command line that replays it.
 */
export async function runPropertyPhase(env: PhaseEnv, options: PropertyPhaseOptions = {}): Promise<CheckResult[]> {
  const all = options.properties ?? PROPERTIES;
  // Properties work on events of their own (their own tag and capture agents) and mostly wait on
  // the server, so they run side by side. On one shared capture agent (--agent-id) those that schedule take turns,
  // one property at a time (they would share its time windows), unless their schedules lie in a range of their own
  // (PropertyDef.ownRange); the others never touch it and still run beside them. Results keep the properties' order.
  // All start at once: what binds how many cases are in flight is the version's case slots (env.share), so a property
  // started last is never the stage's tail while slots stand idle (a lagging index makes every case long).
  const agentTurn = new Slots(1);
  const shared = !overlapping(env.caps);
  const perProperty = await mapPool([...all.entries()], Math.max(1, all.length), ([index, def]) => (shared && schedules(def) && !def.ownRange
    ? agentTurn.run(() => runProperty(env, def, index, options))
    : runProperty(env, def, index, options)));
  return perProperty.flat();
}

/** Whether a property's cases may schedule on a capture agent: it names the rules that need one (PropertyDef.needs). */
export function schedules(def: Pick<AnyProperty, 'needs'>): boolean {
  return (def.needs?.agents?.length ?? 0) > 0;
}

/**
 * Properties sure of a case slot each at once within one version's property stage (the floor of the version's case
 * slots, src/orchestrator/run.ts generatedSlots); every property starts at once and they share the slots.
 */
export const PROPERTY_CONCURRENCY = 6;

async function runProperty(env: PhaseEnv, def: AnyProperty, index: number, options: PropertyPhaseOptions): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const selected = selectedRules(def, env);
  if (selected.length === 0) return results;
  const unmet = unmetRules(def, env, selected);
  results.push(...[...unmet].map(([rule, message]) => ruleResult(env, { source: def.id, rule, outcome: 'skip', message })));
  const rules = selected.filter((r) => !unmet.has(r));
  if (rules.length === 0) return results;
  if (env.signal?.aborted) {
    const why = `not run: ${String(env.signal.reason ?? 'the run was stopped')}`;
    results.push(...rules.map((rule) => ruleResult(env, { source: def.id, rule, outcome: 'skip', message: why })));
    return results;
  }
  const started = Date.now();
  const numRuns = Math.max(1, Math.round(env.config.runs * (def.runsFactor ?? 1)));
  let out: CasesOutcome<unknown>;
  // Cases that schedule in windows of their own (ownWindows), or that say which spans they schedule in (spans: they
  // take turns only where those meet, src/properties/calendar.ts), overlap also on one shared capture agent.
  const calendar = def.spans && !overlapping(env.caps) ? new AgentCalendar() : undefined;
  const onAgent = schedules(def) && !def.ownWindows && !calendar;
  try {
    out = await runCases(def.cases(env, rules), caseRunner(def, env, rules, index, calendar), { seed: env.config.seed, numRuns, settleMs: env.config.settleMs, ...(env.config.shrinkMs !== undefined ? { maxShrinkMs: env.config.shrinkMs } : {}), ...(env.knownFailure ? { known: env.knownFailure } : {}), ...(env.signal ? { stop: env.signal } : {}), ...gaveUpOf(env), concurrency: casesInFlight(env.caps, env.config.concurrency, def.casesOverlap, onAgent), concurrencyNow: () => casesInFlight(env.caps, env.concurrencyNow?.() ?? env.config.concurrency, def.casesOverlap, onAgent) });
  } catch (err) {
    out = { kind: 'error', numRuns: 0, numShrinks: 0, exercised: new Map(), error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  const res = outcomeResults(env, { id: def.id, rules }, out, Date.now() - started);
  options.onProperty?.(def.id, res);
  results.push(...res);
  return results;
}
