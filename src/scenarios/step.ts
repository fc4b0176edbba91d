import type { CheckResult, Exchange, Expectation, Step } from '../model/index.js';
import { parseJsonBody } from '../http/index.js';
import { CHECKS } from '../checks/registry.js';
import type { CheckContext, CheckVerdict, ParsedBody } from '../checks/types.js';
import { interpolate, PlaceholderError } from './vars.js';
import { buildRequest } from './request.js';
import { actionNamed } from './actions/index.js';
import { actionNeeds } from './actions/types.js';
import { unmetNeed } from '../core/needs.js';
import { recordObservations } from './observe.js';
import type { VersionEnv } from '../core/version-env.js';
import { settleLoop, type SettleDecision, type SettleMode, type TrackEnd, type TrackView } from '../core/settle.js';
import { checkResult } from '../core/result.js';
import { skipReason, Unavailable, UnavailableError } from '../core/unavailable.js';
import { giveUpTest } from '../core/readiness.js';

export interface StepOutcome {
  results: CheckResult[];
  value: unknown;
  exchanges: Exchange[];
  /** Why the step's request or action was not sent (built on an unavailable value, or no request could be built). */
  notSent?: string;
  /** With notSent: the value it was built on is missing because the server did not answer this exchange. */
  unanswered?: Exchange;
}

type Performed = { exchanges: Exchange[]; value: unknown; body: ParsedBody };

/** Sends the step's request or runs its action once. */
async function perform(step: Step, vars: Record<string, unknown>, env: VersionEnv): Promise<Performed | { skip: string; unanswered?: Exchange }> {
  try {
    return await performOnce(step, vars, env);
  } catch (err) {
    // Built on a setup the server refused (an Unavailable value): not sent, and every expectation skips; built on
    // one it did not answer: not sent, and every expectation fails with that exchange as evidence.
    if (err instanceof UnavailableError) return { skip: skipReason(err.reason), ...(err.unanswered ? { unanswered: err.unanswered } : {}) };
    throw err;
  }
}

async function performOnce(step: Step, vars: Record<string, unknown>, env: VersionEnv): Promise<Performed | { skip: string }> {
  if (step.action) {
    const impl = actionNamed(step.action.name);
    const params = interpolate(step.action.params, vars);
    // What the action declares it needs (src/core/needs.ts): refused by the server, the action is not
    // run, exactly as if it were built on an Unavailable value.
    const unmet = unmetNeed(actionNeeds(impl, params), env.caps);
    if (unmet) throw new UnavailableError(unmet, `action ${step.action.name}`);
    const out = await impl(env, params, vars);
    const last = out.exchanges[out.exchanges.length - 1];
    return { exchanges: out.exchanges, value: out.value, body: last ? parseJsonBody(last) : { ok: false, reason: 'no exchange' } };
  }
  const built = buildRequest(step.request!, vars, env);
  if ('skip' in built) return built;
  const ex = await built.client.send(built.spec);
  const body = parseJsonBody(ex);
  return { exchanges: [ex], value: body.ok ? body.value : undefined, body };
}

/**
 * A verdict, or evconf's own failure (a bad placeholder, a crashing check): outcome `error`, never `fail`.
 * `evidence`: the exchange the server did not answer, when the verdict fails for a value built on it.
 */
type Evaluation = CheckVerdict & { evconfError?: string; unavailable?: boolean; evidence?: Exchange };

function evaluate(e: Expectation, ctx: CheckContext, vars: Record<string, unknown>): Evaluation {
  try {
    const params = interpolate(e.params, vars);
    const verdict = CHECKS.get(e.check)!.run(ctx, params);
    // A skip the scenario passed in (`skip: "{{saved.x.skip}}"`) does not depend on this answer: decided at once.
    const given = (params as { skip?: unknown }).skip;
    return verdict.skip && typeof given === 'string' && given !== '' ? { ...verdict, unavailable: true } : verdict;
  } catch (err) {
    if (err instanceof UnavailableError) {
      if (err.unanswered) return { ...unansweredVerdict({ pass: false, message: err.reason }, err.unanswered, ''), unavailable: true, evidence: err.unanswered };
      const why = skipReason(err.reason);
      return { pass: false, skip: why, message: why, unavailable: true };
    }
    const msg = err instanceof PlaceholderError ? err.message : `check "${e.check}" crashed: ${(err as Error).message}`;
    return { pass: false, message: `evconf error: ${msg}`, evconfError: msg };
  }
}

/** An expectation is `unchanged` (must hold over the whole window) when the scenario or its check says so. */
export function settleMode(e: Expectation): SettleMode {
  return e.unchanged || CHECKS.get(e.check)?.unchanged ? 'unchanged' : 'stable';
}

/** The answer of a read: status and parsed body of the checked (last) exchange, or its transport error. */
function answerOf(p: Performed): string {
  const ex = p.exchanges[p.exchanges.length - 1];
  if (!ex) return JSON.stringify(p.value ?? null);
  const body = p.body.ok ? JSON.stringify(p.body.value) : (ex.response?.body ?? '');
  return `${ex.response?.status ?? ex.error?.code ?? 'none'}\u0000${body}`;
}

interface Read {
  performed: Performed;
  ctx: CheckContext;
  verdicts: Evaluation[];
  answer: string;
}

/** Where an expectation ended: its verdict, the read it stands on, and the reads that are its evidence. */
interface Done {
  verdict: Evaluation;
  read: Read;
  decision?: SettleDecision;
  decisiveReads: Read[];
}

/** How a read looks to the settle loop (src/core/settle.ts settleLoop) for one expectation. */
function viewOf(v: Evaluation): TrackView {
  if (v.evconfError || v.unavailable) return { now: true };
  return v.skip ? { skip: true } : { holds: v.pass };
}

/**
 * Runs one step. Without `settle`: one request (or action), judged once. With `settle`: read again until every
 * expectation is decided by src/core/settle.ts (a stable read for positives, the whole window for `unchanged`
 * ones, a failure once the answer stops changing), bounded by --settle-ms. `history` holds the exchanges of the
 * scenario that led here (setup and writes): they are the evidence of a failure, with the decisive read first.
 * `scenarioId` is the source part of the results' ids (src/core/result-id.ts).
 */
export async function runStep(scenarioId: string, step: Step, vars: Record<string, unknown>, env: VersionEnv, history: Exchange[] = [], lastWriteAt?: number): Promise<StepOutcome> {
  // A step written for some versions only (`versions:`) is not sent in the others.
  if (step.versions && !step.versions.includes(env.version)) return { results: [], value: undefined, exchanges: [] };
  const applicable = step.expect.filter((e) => env.book.appliesTo(env.book.get(e.rule)!, env.version));
  // A read whose every check belongs to rules this version does not have is not sent: it would only put
  // a request the version's spec does not define (e.g. filter is_part_of before 1.1.0) in front of the server.
  if (step.request?.method === 'GET' && step.expect.length > 0 && applicable.length === 0 && !step.save && !step.observe?.length) {
    return { results: [], value: undefined, exchanges: [] };
  }
  const settling = Boolean(step.settle || step.until);
  const expects: Expectation[] = applicable.map((e) => e);
  const modes: SettleMode[] = applicable.map((e) => settleMode(e));
  // The precondition (until:) settles like a positive expectation; it makes no result of its own.
  if (step.until) {
    expects.push({ rule: '', ...step.until });
    modes.push('stable');
  }
  const untilAt = step.until ? expects.length - 1 : -1;
  const reads: Read[] = [];
  let notSent: { skip: string; unanswered?: Exchange } | undefined;
  const outcome = await settleLoop({
    modes,
    settleMs: env.config.settleMs,
    settling,
    firstDelayMs: 50,
    maxDelayMs: 500,
    giveUpOn: 'any',
    cutOnAbort: true,
    giveUp: giveUpTest(env.clients.admin),
    ...(env.signal ? { signal: env.signal } : {}),
    ...(env.lag ? { lag: env.lag } : {}),
    ...(env.waits ? { waits: env.waits } : {}),
    // A GET reads what the scenario last wrote at `lastWriteAt`: its settle window counts from that write.
    ...(step.request?.method === 'GET' && lastWriteAt !== undefined ? { sinceWriteMs: Date.now() - lastWriteAt } : {}),
    read: async (open) => {
      const done = await perform(step, vars, env);
      if ('skip' in done) {
        notSent = done;
        return undefined;
      }
      const ctx: CheckContext = {
        version: env.version, baseUrl: env.baseUrl, exchange: done.exchanges[done.exchanges.length - 1],
        exchanges: done.exchanges, body: done.body, value: done.value, vars, shapes: env.shapes,
        ...(env.readings ? { readings: env.readings } : {}),
      };
      const stepVars = { ...vars, value: done.value };
      // A decided expectation keeps its verdict (it is not evaluated again).
      const verdicts = expects.map((e, i) => (open[i] ? evaluate(e, ctx, stepVars) : reads[reads.length - 1].verdicts[i]));
      const read: Read = { performed: done, ctx, verdicts, answer: answerOf(done) };
      reads.push(read);
      return { answer: read.answer, exchange: done.exchanges[done.exchanges.length - 1], views: verdicts.map(viewOf) };
    },
  });
  if (!outcome) {
    // What this step would have saved is unavailable too: the steps built on it skip with the same reason (or
    // fail, when it is missing because the server did not answer).
    const done = notSent!;
    const u = done.unanswered;
    const verdict: Evaluation = u ? unansweredVerdict({ pass: false, message: done.skip }, u, '') : { pass: false, skip: done.skip, message: done.skip };
    const results = applicable.map((e) => toResult(e, env, scenarioId, verdict, u ? [...history, u] : [], 0));
    return { results, value: new Unavailable(done.skip, u), exchanges: [], notSent: done.skip, ...(u ? { unanswered: u } : {}) };
  }
  const dones = outcome.ends.map((end, i) => (end ? doneOf(end, i, reads, env) : undefined));
  const last = reads[reads.length - 1];
  recordObservations(step.observe ?? [], last.ctx, env);
  const { ms, windowMs } = outcome;
  const settled = settling ? { reads: reads.length, settledMs: ms } : undefined;
  if (settled) env.onSettle?.({ version: env.version, source: `${step.pos.file}:${step.pos.line}`, rules: [...new Set(applicable.map((e) => e.rule))], reads: reads.length, ms, windowMs });
  const results = applicable.map((e, i) => {
    const d = dones[i] ?? { verdict: last.verdicts[i], read: last, decisiveReads: [last] };
    const own = [...d.decisiveReads.flatMap((r) => r.performed.exchanges), ...(d.verdict.evidence ? [d.verdict.evidence] : [])];
    // A reading the final verdict showed is fixed for the run and version (src/spec/readings.ts).
    if (d.verdict.pass && d.verdict.learned) env.readings?.learn(d.verdict.learned.question, d.verdict.learned.reading, d.verdict.learned.where);
    return toResult(e, env, scenarioId, d.verdict, [...history, ...own], ms, settled);
  });
  const held = untilAt >= 0 ? dones[untilAt] : undefined;
  if (step.until && !held?.verdict.pass) {
    const v = held?.verdict;
    const why = v ? `${v.skip ?? v.message}${held?.decision ? ` (${held.decision.why})` : ''}` : 'not decided';
    const ex = (held?.read ?? last).performed.exchanges.at(-1);
    const unanswered = ex && !ex.response && ex.error ? ex : undefined;
    return { results, value: new Unavailable(`the read saved as "${step.save}" did not show what later steps need${unanswered ? '' : ' within --settle-ms'}: ${why}`, unanswered), exchanges: last.performed.exchanges };
  }
  return { results, value: savedValue(step, last.performed), exchanges: last.performed.exchanges };
}

/** The verdict of expectation `i` as the settle loop ended it, with the reads that are its evidence. */
function doneOf(end: TrackEnd, i: number, reads: Read[], env: VersionEnv): Done {
  const read = reads[end.reads[end.reads.length - 1]];
  const v = read.verdicts[i];
  switch (end.by) {
    case 'gave-up':
      return { verdict: unansweredVerdict(v, read.performed.exchanges[read.performed.exchanges.length - 1], end.why), read, decisiveReads: [read] };
    case 'read':
      return { verdict: v, read, decisiveReads: [read] };
    case 'cut': {
      const why = `not decided: ${String(env.signal?.reason ?? 'the run was stopped')} while the step was still reading`;
      return { verdict: { pass: false, skip: why, message: why }, read, decisiveReads: [read] };
    }
    case 'decision': {
      const d = end.decision;
      const decisiveReads = end.reads.map((k) => reads[k]);
      const verdict: Evaluation = d.pass ? { ...v, pass: true } : { ...v, pass: false, message: `${v.message} (${d.why})` };
      return { verdict, read, decision: d, decisiveReads };
    }
  }
}

/**
 * The verdict of a read the server did not answer, once it has shown it will not (giveUpTest): the rule fails with
 * the transport error as evidence (ARCHITECTURE.md, principle 4), whatever the check would have made of the missing answer.
 */
function unansweredVerdict(v: Evaluation, ex: Exchange, why: string): Evaluation {
  const e = ex.error;
  const failed = !v.pass && !v.skip;
  const message = failed ? v.message : `transport error (${e?.code ?? 'no response'}): ${e?.message ?? 'no response'}`;
  return {
    pass: false, message: why ? `${message} (not read again: ${why})` : message,
    ...(failed && v.expected !== undefined ? { expected: v.expected } : {}),
    actual: failed && v.actual !== undefined ? v.actual : { transportError: e?.code ?? 'no response' },
  };
}

/**
 * What a step saves: its value; for a request the server refused (4xx/5xx) or did not answer, an Unavailable
 * naming the refusal, so that no later request is built on an error body.
 */
function savedValue(step: Step, p: Performed): unknown {
  if (!step.save || !step.request) return p.value;
  const ex = p.exchanges[p.exchanges.length - 1];
  const status = ex?.response?.status;
  if (status !== undefined && status < 400) return p.value;
  const what = `${ex?.request.method ?? step.request.method} ${ex ? pathOf(ex.request.url) : step.request.path}`;
  // No answer at all (a reset, a stall): what is built on it fails with this exchange as evidence.
  if (status === undefined && ex?.error) return new Unavailable(`the server did not answer ${what} (${ex.error.code}: ${ex.error.message}), which step "${step.save}" was to save`, ex);
  const answer = status === undefined ? (ex?.error?.code ?? 'no response') : `${status}${ex?.response?.body ? `: ${ex.response.body.replace(/\s+/g, ' ').slice(0, 120)}` : ''}`;
  return new Unavailable(`the server refused ${what} (${answer}), which step "${step.save}" was to save`);
}

/** The result of expectation `e` (src/core/result.ts; a scenario's results are numbered by src/orchestrator/run.ts). */
function toResult(e: Expectation, env: VersionEnv, scenarioId: string, v: Evaluation, sequence: Exchange[], ms: number, settled?: { reads: number; settledMs: number }): CheckResult {
  const outcome = v.skip ? 'skip' : v.pass ? 'pass' : v.evconfError ? 'error' : 'fail';
  return checkResult({
    rule: env.book.get(e.rule)!, version: env.version, idSource: scenarioId, outcome, message: v.skip ?? v.message,
    expected: v.expected, actual: v.actual, exchanges: sequence, attach: 'evidence',
    source: `${e.pos.file}:${e.pos.line}`, durationMs: ms, ...(settled && outcome !== 'skip' ? settled : {}),
  });
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
