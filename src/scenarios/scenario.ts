import type { CheckResult, Exchange, Scenario, Step } from '../model/index.js';
import { PlaceholderError } from './vars.js';
import { checkResult } from '../core/result.js';
import { runStep } from './step.js';
import { ACTIONS } from './actions/index.js';
import { leadingSteps, sharedTail } from './scenario-steps.js';
import type { VersionEnv } from '../core/version-env.js';
import { needVars } from '../core/needs.js';
import { createGiven } from './given.js';
import { skipReason, Unavailable, UnavailableError } from '../core/unavailable.js';
import { catalogVars } from '../core/catalogs.js';
import { serverField } from '../core/capabilities.js';
import { FIELD_NAMES } from '../core/field-ids.js';

/**
 * Results for every applicable expectation of a scenario from `fromStep` on, all with one outcome and reason: a skip
 * or evconf's error; or a failure (a SHOULD rule warns) when the rest is built on what the server did not answer,
 * with that exchange leading the evidence `sequence` (ARCHITECTURE.md, principle 4).
 */
export function allWith(scenario: Scenario, env: VersionEnv, outcome: 'skip' | 'error' | 'fail', message: string, fromStep = 0, sequence: Exchange[] = []): CheckResult[] {
  return scenario.steps.slice(fromStep).filter((st) => !st.versions || st.versions.includes(env.version)).flatMap((st) => st.expect)
    .filter((e) => env.book.appliesTo(env.book.get(e.rule)!, env.version))
    .map((e) => checkResult({
      rule: env.book.get(e.rule)!, version: env.version, idSource: scenario.id, outcome, message, exchanges: sequence, attach: 'evidence',
      source: `${e.pos.file}:${e.pos.line}`,
    }));
}

function baseVars(env: VersionEnv): Record<string, unknown> {
  return {
    run: { tag: env.tag },
    version: env.version,
    // agent, agents.<name>, series.a|b|ab: Unavailable where the server refused them (src/core/needs.ts), so what
    // is built on them is skipped with the probe's reason and the rest of the scenario runs.
    ...needVars(env.caps, env.agent, env.tag),
    time: { base: env.timeBase },
    unknown: `evconf-missing-${env.tag}`,
    // field.<evconf name>: the server's id of that dublincore/episode field (src/core/field-ids.ts), for requests
    // that name fields themselves (a PUT /metadata of the presenters: `creator` on Opencast, `presenter` elsewhere).
    field: Object.fromEntries(FIELD_NAMES.map((f) => [f, serverField(env.caps, f)])),
    // The catalogs besides dublincore/episode the probe learned (a, b: two of them; two: one with two writable
    // fields), each {flavor, field, field2, v1..v3, w1..w3}; what the server lacks is Unavailable (a skip).
    catalogs: catalogVars(env.caps, env.tag),
    // role2: the user's second role (--user-roles), for the scenarios that need two (`needs: [user-roles]`).
    user: env.config.userAuth ? { name: env.config.userAuth.user, role: env.config.userRoles[0] ?? '', role2: env.config.userRoles[1] ?? '' } : {},
    saved: {},
    given: [],
  };
}

/**
 * The exchanges of a step that may lead to a later failure (its evidence): every write, and the
 * reads whose value a later step uses (`save`). Other reads of earlier steps are left out.
 */
function leadingExchanges(step: Step, exchanges: Exchange[]): Exchange[] {
  return step.save ? exchanges : exchanges.filter((x) => x.request.method !== 'GET');
}

/**
 * The locks an `exclusive` scenario runs under (src/orchestrator/exclusivity.ts): its given events, its leading
 * `await-processing` steps and its first steps marked `shared` under `before` (shared: setup on the scenario's own
 * events, made before the comparisons), the rest
 * under `alone`, but for its last steps marked `shared` (under `before` again, or under no lock when they only read:
 * readOnlyTail). A wrong answer that only the next write anywhere refreshes must not be hidden during the reads
 * that compare; while the events are created and processed, other work may go on (an exclusive scenario
 * stops the whole run, every version's, for as long as it holds the lock).
 */
export interface ScenarioLocks {
  before<T>(work: () => Promise<T>): Promise<T>;
  alone<T>(work: () => Promise<T>): Promise<T>;
}

/** Whether a step only reads: a GET request, or an action that sends nothing else (ActionDef.readOnly). */
function readsOnly(step: Step): boolean {
  return step.action ? ACTIONS.get(step.action.name)?.readOnly === true : step.request?.method === 'GET';
}

/** Whether the `shared` last steps of an exclusive scenario only read: they then hold no lock at all. */
export function readOnlyTail(steps: readonly Step[]): boolean {
  const tail = sharedTail(steps);
  return tail < steps.length && steps.slice(tail).every(readsOnly);
}

/** Runs one scenario in one version: given events, steps in order, then deletes what it created. */
export async function runScenario(scenario: Scenario, env: VersionEnv, locks?: ScenarioLocks): Promise<CheckResult[]> {
  if (scenario.needs?.includes('user') && !env.clients.user) {
    return allWith(scenario, env, 'skip', 'needs a non-administrative user: give --user-auth USER:PASS');
  }
  if (scenario.needs?.includes('user-roles') && env.config.userRoles.length < 2) {
    return allWith(scenario, env, 'skip', 'needs a non-administrative user with two roles: give --user-roles ROLE1,ROLE2 naming both roles of that user');
  }
  const vars = baseVars(env);
  const results: CheckResult[] = [];
  const history: Exchange[] = [];
  let stepIndex = 0;
  // When the scenario last wrote (its given events, an action, a step that sent anything but a GET): a settling
  // GET's window counts from then (src/core/settle.ts sinceWriteMs).
  let lastWriteAt: number | undefined;
  const before = locks ? locks.before.bind(locks) : <T>(work: () => Promise<T>) => work();
  const alone = locks ? locks.alone.bind(locks) : <T>(work: () => Promise<T>) => work();
  /** Steps [from, to) in order; the results that end the scenario early, or undefined to go on. */
  const steps = async (from: number, to: number): Promise<CheckResult[] | undefined> => {
    for (let k = from; k < to; k++) {
      const step = scenario.steps[k];
      stepIndex = k;
      if (env.signal?.aborted) {
        return [...results, ...allWith(scenario, env, 'skip', `not run: ${String(env.signal.reason ?? 'the run was stopped')}`, k)];
      }
      const out = await runStep(scenario.id, step, vars, env, [...history], lastWriteAt);
      // Any action counts as a write (it may write, or wait for processing, which changes the event on its own).
      if (step.action || out.exchanges.some((x) => x.request.method !== 'GET')) lastWriteAt = Date.now();
      history.push(...leadingExchanges(step, out.exchanges));
      results.push(...out.results);
      if (step.save) (vars.saved as Record<string, unknown>)[step.save] = out.value;
      // A write (or action) that was not sent leaves the event as it was: the later steps read its effect, so they
      // are skipped with the same reason rather than judged against a write that never happened.
      if (out.notSent !== undefined && (step.action || step.request?.method !== 'GET')) {
        if (out.unanswered) return [...results, ...allWith(scenario, env, 'fail', out.notSent, k + 1, [...history, out.unanswered])];
        return [...results, ...allWith(scenario, env, 'skip', out.notSent, k + 1)];
      }
    }
    return undefined;
  };
  try {
    const waits = locks ? leadingSteps(scenario.steps) : 0;
    const ended = await before(async () => {
      const given = await createGiven(scenario, env, vars, history);
      if (Unavailable.is(given)) return given.unanswered ? allWith(scenario, env, 'fail', given.reason, 0, [...history]) : allWith(scenario, env, 'skip', given.reason);
      vars.given = given;
      lastWriteAt = Date.now();
      return await steps(0, waits);
    });
    if (ended) return ended;
    // The steps marked `shared` (the last ones) run under the shared lock again: not alone (src/model/scenario.ts).
    const tail = locks ? sharedTail(scenario.steps) : scenario.steps.length;
    // Read-only last steps hold no lock: they run beside the next exclusive scenario's steps.
    const last = locks && readOnlyTail(scenario.steps) ? <T>(work: () => Promise<T>) => work() : before;
    return (await alone(() => steps(waits, tail))) ?? (tail < scenario.steps.length ? await last(() => steps(tail, scenario.steps.length)) : undefined) ?? results;
  } catch (err) {
    // A given event or step built on what the server lacks (e.g. a second catalog): the rest is skipped, with why.
    if (err instanceof UnavailableError && err.unanswered) return [...results, ...allWith(scenario, env, 'fail', err.reason, stepIndex, [...history, err.unanswered])];
    if (err instanceof UnavailableError) return [...results, ...allWith(scenario, env, 'skip', skipReason(err.reason), stepIndex)];
    const msg = err instanceof PlaceholderError ? `scenario ${scenario.id}: ${err.message}` : `evconf error in scenario ${scenario.id}: ${(err as Error).message ?? String(err)}`;
    return [...results, ...allWith(scenario, env, 'error', msg, stepIndex)];
  }
}
