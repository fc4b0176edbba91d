import type { CheckResult, Exchange, Scenario, Step } from '../model/index.js';
import { interpolate, PlaceholderError } from './vars.js';
import { awaitVisible, createEvent, givenVars } from './create.js';
import { checkResult } from '../core/result.js';
import { runStep } from './step.js';
import type { ScenarioEnv } from './env.js';
import type { EventSpec } from '../core/event-form.js';
import { seriesFor } from '../core/capabilities.js';
import { unmetNeed } from './needs.js';
import { skipReason, UnavailableError } from '../core/unavailable.js';
import { catalogVars } from '../core/catalogs.js';

/**
 * Results for every applicable expectation of a scenario from `fromStep` on, all with one outcome and reason: a skip
 * or evconf's error; or a failure (a SHOULD rule warns) when the rest is built on what the server did not answer,
 * with that exchange leading the evidence `sequence` (design §1.4; issue 21 item 3).
 */
export function allWith(scenario: Scenario, env: ScenarioEnv, outcome: 'skip' | 'error' | 'fail', message: string, fromStep = 0, sequence: Exchange[] = []): CheckResult[] {
  return scenario.steps.slice(fromStep).filter((st) => !st.versions || st.versions.includes(env.version)).flatMap((st) => st.expect)
    .filter((e) => env.book.appliesTo(env.book.get(e.rule)!, env.version))
    .map((e) => checkResult({
      rule: env.book.get(e.rule)!, version: env.version, idSource: scenario.id, outcome, message, exchanges: sequence, attach: 'evidence',
      source: `${e.pos.file}:${e.pos.line}`,
    }));
}

function baseVars(env: ScenarioEnv): Record<string, unknown> {
  return {
    run: { tag: env.tag },
    version: env.version,
    agent: env.agent,
    // Series ids of the scenario's own (or the user's --series-id for all, where the server refuses ours); a's id is
    // a prefix of ab's (a filter matching series ids by prefix lists events of ab for a).
    series: { a: seriesFor(env.caps, `${env.tag}sa`) ?? '', b: seriesFor(env.caps, `${env.tag}sb`) ?? '', ab: seriesFor(env.caps, `${env.tag}sab`) ?? '' },
    time: { base: env.timeBase },
    unknown: `evconf-missing-${env.tag}`,
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
 * Creates the scenario's given events; returns their variables or why the scenario cannot run. An event whose GET
 * the server will not answer (issue 21 item 3) is used all the same: the steps that read it fail with the transport
 * error as evidence (the unanswered GET leads their evidence), and the rest is judged as the server answers it.
 */
async function createGiven(scenario: Scenario, env: ScenarioEnv, vars: Record<string, unknown>, history: Exchange[]): Promise<Record<string, unknown>[] | string> {
  const made: { spec: EventSpec; identifiers: string[] }[] = [];
  // Created one after the other (creation order is data: the sort and paging scenarios depend on it), then awaited
  // together (issue 21 item 2): readable, and processed where media was uploaded.
  for (const [i, g] of scenario.given.entries()) {
    const spec = interpolate(g, vars) as EventSpec;
    const created = await createEvent(env, spec);
    history.push(created.exchange);
    const status = created.exchange.response?.status ?? created.exchange.error?.code ?? 'no response';
    if (created.identifiers.length === 0) {
      return `precondition: could not create given event #${i + 1} (POST /api/events → ${status}); see the events.create.* rules`;
    }
    made.push({ spec, identifiers: created.identifiers });
  }
  const seen = await Promise.all(made.map((m) => awaitVisible(env, m.identifiers[0], m.spec)));
  for (const s of seen) {
    if (!s.visible && s.unanswered) history.push(s.unanswered);
    else if (!s.visible) return s.why.startsWith('not run:') ? s.why : `precondition: ${s.why}`;
  }
  return made.map((m) => givenVars(env, m.spec, m.identifiers));
}

/**
 * The exchanges of a step that may lead to a later failure (its evidence, issue 12 item 4): every write, and the
 * reads whose value a later step uses (`save`). Other reads of earlier steps are left out.
 */
function leadingExchanges(step: Step, exchanges: Exchange[]): Exchange[] {
  return step.save ? exchanges : exchanges.filter((x) => x.request.method !== 'GET');
}

/**
 * The locks an `exclusive` scenario runs under (src/engine/exclusivity.ts): its given events and its leading
 * `await-processing` steps under `before` (shared: they only create and wait on the scenario's own events), the rest
 * under `alone`. A wrong answer that only the next write anywhere refreshes must not be hidden during the reads
 * that compare; while the events are created and processed, other work may go on (issue 21: an exclusive scenario
 * stops the whole run, every version's, for as long as it holds the lock).
 */
export interface ScenarioLocks {
  before<T>(work: () => Promise<T>): Promise<T>;
  alone<T>(work: () => Promise<T>): Promise<T>;
}

/** How many steps from the start only wait for the scenario's own events to be processed. */
function leadingWaits(steps: readonly Step[]): number {
  let k = 0;
  while (k < steps.length && steps[k].action?.name === 'await-processing' && steps[k].expect.length === 0) k++;
  return k;
}

/** Runs one scenario in one version: given events, steps in order, then deletes what it created. */
export async function runScenario(scenario: Scenario, env: ScenarioEnv, locks?: ScenarioLocks): Promise<CheckResult[]> {
  if (scenario.needs?.includes('user') && !env.clients.user) {
    return allWith(scenario, env, 'skip', 'needs a non-administrative user: give --user-auth USER:PASS');
  }
  if (scenario.needs?.includes('user-roles') && env.config.userRoles.length < 2) {
    return allWith(scenario, env, 'skip', 'needs a non-administrative user with two roles: give --user-roles ROLE1,ROLE2 naming both roles of that user');
  }
  const unmet = unmetNeed(scenario, env.caps);
  if (unmet) return allWith(scenario, env, 'skip', unmet);
  const vars = baseVars(env);
  const results: CheckResult[] = [];
  const history: Exchange[] = [];
  let stepIndex = 0;
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
      const out = await runStep(scenario.id, step, vars, env, [...history]);
      history.push(...leadingExchanges(step, out.exchanges));
      results.push(...out.results);
      if (step.save) (vars.saved as Record<string, unknown>)[step.save] = out.value;
      // A write (or action) that was not sent leaves the event as it was: the later steps read its effect, so they
      // are skipped with the same reason rather than judged against a write that never happened (issue 19 item 1).
      if (out.notSent !== undefined && (step.action || step.request?.method !== 'GET')) {
        if (out.unanswered) return [...results, ...allWith(scenario, env, 'fail', out.notSent, k + 1, [...history, out.unanswered])];
        return [...results, ...allWith(scenario, env, 'skip', out.notSent, k + 1)];
      }
    }
    return undefined;
  };
  try {
    const waits = locks ? leadingWaits(scenario.steps) : 0;
    const ended = await before(async () => {
      const given = await createGiven(scenario, env, vars, history);
      if (typeof given === 'string') return allWith(scenario, env, 'skip', given);
      vars.given = given;
      return await steps(0, waits);
    });
    if (ended) return ended;
    return (await alone(() => steps(waits, scenario.steps.length))) ?? results;
  } catch (err) {
    // A given event or step built on what the server lacks (e.g. a second catalog): the rest is skipped, with why.
    if (err instanceof UnavailableError && err.unanswered) return [...results, ...allWith(scenario, env, 'fail', err.reason, stepIndex, [...history, err.unanswered])];
    if (err instanceof UnavailableError) return [...results, ...allWith(scenario, env, 'skip', skipReason(err.reason), stepIndex)];
    const msg = err instanceof PlaceholderError ? `scenario ${scenario.id}: ${err.message}` : `evconf error in scenario ${scenario.id}: ${(err as Error).message ?? String(err)}`;
    return [...results, ...allWith(scenario, env, 'error', msg, stepIndex)];
  }
}
