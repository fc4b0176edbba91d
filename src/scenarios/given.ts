import type { Exchange, GivenEvent, Scenario } from '../model/index.js';
import type { EventSpec } from '../core/event-form.js';
import { unmetNeed, type Need } from '../core/needs.js';
import { skipReason, Unavailable, UnavailableError } from '../core/unavailable.js';
import { interpolate } from './vars.js';
import { awaitVisible, createEvent, givenVars } from './create.js';
import type { VersionEnv } from '../core/version-env.js';

/** What a given event needs from the server: a capture agent when it is scheduled (spec § POST /api/events, part scheduling). */
export function givenNeeds(g: GivenEvent): readonly Need[] {
  return g.scheduling !== undefined ? ['agents'] : [];
}

/**
 * The given event as it is sent, or the Unavailable standing for it: what it needs was refused by
 * the server, or it is built on an Unavailable value. It is then not created, and what the scenario builds on it
 * ({{given.N.…}}) is skipped with the reason, while the rest of the scenario runs.
 */
function givenSpec(g: GivenEvent, vars: Record<string, unknown>, env: VersionEnv): EventSpec | Unavailable {
  const unmet = unmetNeed(givenNeeds(g), env.caps);
  if (unmet) return new Unavailable(unmet);
  try {
    return interpolate(g, vars) as EventSpec;
  } catch (err) {
    if (err instanceof UnavailableError) return new Unavailable(skipReason(err.reason), err.unanswered);
    throw err;
  }
}

/**
 * Creates the scenario's given events; returns their variables (an Unavailable for one that could not be made for
 * want of what it needs) or, as an Unavailable, why the scenario cannot run: a create the server refused (its rules
 * are skipped with why), or one it did not answer (`unanswered`: its rules fail with the POST as evidence, as for a
 * write step the server did not answer). An event whose GET the server will not answer is used all
 * the same: the steps that read it fail with the transport error as evidence (the unanswered GET leads their
 * evidence), and the rest is judged as the server answers it.
 */
export async function createGiven(scenario: Scenario, env: VersionEnv, vars: Record<string, unknown>, history: Exchange[]): Promise<unknown[] | Unavailable> {
  const made: ({ spec: EventSpec; identifiers: string[] } | Unavailable)[] = [];
  // Created one after the other (creation order is data: the sort and paging scenarios depend on it), then awaited
  // together: readable, and processed where media was uploaded.
  for (const [i, g] of scenario.given.entries()) {
    const spec = givenSpec(g, vars, env);
    if (Unavailable.is(spec)) {
      made.push(spec);
      continue;
    }
    const created = await createEvent(env, spec);
    history.push(created.exchange);
    if (created.identifiers.length === 0) {
      const ex = created.exchange;
      if (!ex.response) return new Unavailable(`the server did not answer the create of given event #${i + 1} (POST /api/events → ${ex.error?.code ?? 'no response'}: ${ex.error?.message ?? 'no response'})`, ex);
      return new Unavailable(`precondition: could not create given event #${i + 1} (POST /api/events → ${ex.response.status}); see the events.create.* rules`);
    }
    made.push({ spec, identifiers: created.identifiers });
  }
  const seen = await Promise.all(made.map((m) => (Unavailable.is(m) ? undefined : awaitVisible(env, m.identifiers[0], m.spec))));
  for (const s of seen) {
    if (!s || s.visible) continue;
    if (s.unanswered) history.push(s.unanswered);
    else return new Unavailable(s.why.startsWith('not run:') ? s.why : `precondition: ${s.why}`);
  }
  return made.map((m) => (Unavailable.is(m) ? m : givenVars(env, m.spec, m.identifiers)));
}
