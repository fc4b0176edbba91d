import type { CheckContext, CheckDef } from '../checks/types.js';
import { CHECKS } from '../checks/registry.js';
import { parseJsonBody } from '../http/index.js';
import { getValidator } from '../schema/validator.js';
import type { Reply } from './api.js';
import type { PhaseEnv } from './phase-env.js';
import { broken, OK, type Verdict } from './verdict.js';

/**
 * The generated stages judge with the checks registry: one rule, one judge, in every stage. A
 * registry check runs on one reply of a case; its verdict becomes the case's Verdict under the rule the call site
 * names.
 */

/** What a check needs of the stage: the version, the base URL and (when the engine gives it) its shape validator. */
export type Judging = Pick<PhaseEnv, 'version' | 'config' | 'shapes'> & Partial<Pick<PhaseEnv, 'readings'>>;

/** The check `name` of the registry; an unknown name is evconf's own bug, thrown where it is asked for. */
export function registryCheck(name: string): CheckDef {
  const c = CHECKS.get(name);
  if (!c) throw new Error(`evconf bug: the checks registry has no check named "${name}"`);
  return c;
}

/** The check context of one reply: its exchange, parsed body (the value too), no saved values. */
export function contextOf(env: Judging, r: Reply): CheckContext {
  const body = 'body' in r ? { ok: true as const, value: r.body } : parseJsonBody(r.ex);
  return {
    version: env.version, baseUrl: env.config.baseUrl ?? '', exchange: r.ex, exchanges: [r.ex], body,
    value: body.ok ? body.value : undefined, vars: {}, shapes: env.shapes ?? getValidator(env.version),
    ...(env.readings ? { readings: env.readings } : {}),
  };
}

/** A judge of one registry check: resolved when made (at module load where made at top level). */
export type Judge = (env: Judging, r: Reply, rule: string, params: Record<string, unknown>, what?: string) => Verdict;

/**
 * Makes the judge of check `name`. A failing check breaks `rule` (its message prefixed with `what`). A skip means
 * the check could not judge: the generated cases establish their preconditions themselves, so that is a bug.
 */
export function judgeBy(name: string): Judge {
  const check = registryCheck(name);
  return (env, r, rule, params, what) => {
    const v = check.run(contextOf(env, r), params);
    if (v.skip !== undefined) throw new Error(`evconf bug: check "${name}" skipped in a generated case (${rule}): ${v.skip}`);
    // A reading the answer showed (e.g. the datetime precision, src/spec/precision.ts) is fixed for the run and
    // version, as the scenario engine does (src/scenarios/step.ts).
    if (v.pass && v.learned) env.readings?.learn(v.learned.question, v.learned.reading, v.learned.where);
    if (v.pass) return OK;
    return broken(rule, what ? `${what}: ${v.message}` : v.message, v.expected, v.actual);
  };
}
