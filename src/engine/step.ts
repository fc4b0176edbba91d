import type { CheckResult, Exchange, Expectation, Step } from '../model/index.js';
import { parseJsonBody } from '../http/index.js';
import { CHECKS } from '../checks/registry.js';
import type { CheckContext, CheckVerdict, ParsedBody } from '../checks/types.js';
import { interpolate, PlaceholderError } from './vars.js';
import { buildRequest } from './request.js';
import { ACTION_IMPLS } from './actions/index.js';
import { recordObservations } from './observe.js';
import type { ScenarioEnv } from './env.js';

export interface StepOutcome {
  results: CheckResult[];
  value: unknown;
  exchanges: Exchange[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends the step's request or runs its action once. */
async function perform(step: Step, vars: Record<string, unknown>, env: ScenarioEnv): Promise<{ exchanges: Exchange[]; value: unknown; body: ParsedBody } | { skip: string }> {
  if (step.action) {
    const impl = ACTION_IMPLS[step.action.name];
    const out = await impl(env, interpolate(step.action.params, vars), vars);
    const last = out.exchanges[out.exchanges.length - 1];
    return { exchanges: out.exchanges, value: out.value, body: last ? parseJsonBody(last) : { ok: false, reason: 'no exchange' } };
  }
  const built = buildRequest(step.request!, vars, env);
  if ('skip' in built) return built;
  const ex = await built.client.send(built.spec);
  const body = parseJsonBody(ex);
  return { exchanges: [ex], value: body.ok ? body.value : undefined, body };
}

/** A verdict, or evconf's own failure (a bad placeholder, a crashing check): outcome `error`, never `fail`. */
type Evaluation = CheckVerdict & { evconfError?: string };

function evaluate(e: Expectation, ctx: CheckContext, vars: Record<string, unknown>): Evaluation {
  try {
    return CHECKS.get(e.check)!.run(ctx, interpolate(e.params, vars));
  } catch (err) {
    const msg = err instanceof PlaceholderError ? err.message : `check "${e.check}" crashed: ${(err as Error).message}`;
    return { pass: false, message: `evconf error: ${msg}`, evconfError: msg };
  }
}

/** Runs one step; with `settle`, repeats it until every expectation passes or --settle-ms elapses. */
export async function runStep(step: Step, vars: Record<string, unknown>, env: ScenarioEnv): Promise<StepOutcome> {
  const applicable = step.expect.filter((e) => env.book.appliesTo(env.book.get(e.rule)!, env.version));
  const deadline = Date.now() + env.config.settleMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const started = Date.now();
    const done = await perform(step, vars, env);
    if ('skip' in done) {
      return { results: applicable.map((e) => toResult(e, env, { pass: false, skip: done.skip, message: done.skip }, [], 0)), value: undefined, exchanges: [] };
    }
    const ctx: CheckContext = {
      version: env.version, baseUrl: env.baseUrl, exchange: done.exchanges[done.exchanges.length - 1],
      exchanges: done.exchanges, body: done.body, value: done.value, vars, shapes: env.shapes,
      ...(env.readings ? { readings: env.readings } : {}),
    };
    const stepVars = { ...vars, value: done.value };
    const verdicts = applicable.map((e) => evaluate(e, ctx, stepVars));
    const allPass = verdicts.every((v) => v.pass || v.skip);
    if (!step.settle || allPass || Date.now() + delay > deadline || env.signal?.aborted) {
      recordObservations(step.observe ?? [], ctx, env);
      for (const v of verdicts) if (v.pass && v.learned) env.readings?.learn(v.learned.question, v.learned.reading, v.learned.where);
      const ms = Date.now() - started;
      return { results: applicable.map((e, i) => toResult(e, env, verdicts[i], done.exchanges, ms)), value: done.value, exchanges: done.exchanges };
    }
    await sleep(delay);
  }
}

function toResult(e: Expectation, env: ScenarioEnv, v: Evaluation, exchanges: Exchange[], ms: number): CheckResult {
  const rule = env.book.get(e.rule)!;
  const outcome = v.skip ? 'skip' : v.pass ? 'pass' : v.evconfError ? 'error' : rule.level === 'SHOULD' ? 'warn' : 'fail';
  const last = exchanges[exchanges.length - 1];
  return {
    id: '', rule: rule.id, level: rule.level, apiVersion: env.version, endpoint: rule.endpoint, outcome,
    message: v.skip ?? v.message,
    ...(v.expected !== undefined ? { expected: v.expected } : {}),
    ...(v.actual !== undefined ? { actual: v.actual } : {}),
    exchanges: outcome === 'pass' ? [] : exchanges,
    ...(last ? { curl: last.curl } : {}),
    source: `${e.pos.file}:${e.pos.line}`,
    durationMs: ms,
  };
}
