import type { CheckResult, Exchange, Expectation, Step } from '../model/index.js';
import { parseJsonBody } from '../http/index.js';
import { CHECKS } from '../checks/registry.js';
import type { CheckContext, CheckVerdict, ParsedBody } from '../checks/types.js';
import { interpolate, PlaceholderError } from './vars.js';
import { buildRequest } from './request.js';
import { ACTION_IMPLS } from './actions/index.js';
import { recordObservations } from './observe.js';
import type { ScenarioEnv } from './env.js';
import { CONFIRM_DELAY_MS, decideSettle, settleWindow, type SettleDecision, type SettleMode, type SettleRead } from '../core/settle.js';
import { evidence } from '../core/evidence.js';
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Performed = { exchanges: Exchange[]; value: unknown; body: ParsedBody };

/** Sends the step's request or runs its action once. */
async function perform(step: Step, vars: Record<string, unknown>, env: ScenarioEnv): Promise<Performed | { skip: string; unanswered?: Exchange }> {
  try {
    return await performOnce(step, vars, env);
  } catch (err) {
    // Built on a setup the server refused (an Unavailable value): not sent, and every expectation skips; built on
    // one it did not answer: not sent, and every expectation fails with that exchange as evidence.
    if (err instanceof UnavailableError) return { skip: skipReason(err.reason), ...(err.unanswered ? { unanswered: err.unanswered } : {}) };
    throw err;
  }
}

async function performOnce(step: Step, vars: Record<string, unknown>, env: ScenarioEnv): Promise<Performed | { skip: string }> {
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

interface Read extends SettleRead {
  performed: Performed;
  ctx: CheckContext;
  verdicts: Evaluation[];
}

/** Where an expectation stands while its step settles. */
interface Track {
  e: Expectation;
  mode: SettleMode;
  reads: SettleRead[];
  /** Index in the step's reads of each of `reads` (reads that gave a skip are not among them). */
  readIndex: number[];
  /** The answers of the reads that gave a skip in a row (a skip is final once the answer stops changing past W). */
  skipAnswers: string[];
  done?: { verdict: Evaluation; read: Read; decision?: SettleDecision; decisiveReads: Read[] };
}

/**
 * Runs one step. Without `settle`: one request (or action), judged once. With `settle`: read again until every
 * expectation is decided by src/core/settle.ts (a stable read for positives, the whole window for `unchanged`
 * ones, a failure once the answer stops changing), bounded by --settle-ms. `history` holds the exchanges of the
 * scenario that led here (setup and writes): they are the evidence of a failure, with the decisive read first.
 */
export async function runStep(step: Step, vars: Record<string, unknown>, env: ScenarioEnv, history: Exchange[] = []): Promise<StepOutcome> {
  // A step written for some versions only (`versions:`) is not sent in the others.
  if (step.versions && !step.versions.includes(env.version)) return { results: [], value: undefined, exchanges: [] };
  const applicable = step.expect.filter((e) => env.book.appliesTo(env.book.get(e.rule)!, env.version));
  // A read whose every check belongs to rules this version does not have is not sent: it would only put
  // a request the version's spec does not define (e.g. filter is_part_of before 1.1.0) in front of the server.
  if (step.request?.method === 'GET' && step.expect.length > 0 && applicable.length === 0 && !step.save && !step.observe?.length) {
    return { results: [], value: undefined, exchanges: [] };
  }
  const started = Date.now();
  const settling = Boolean(step.settle || step.until);
  const windowMs = settleWindow(env.config.settleMs, env.lag?.ms ?? 0);
  const deadline = started + env.config.settleMs;
  const tracks: Track[] = applicable.map((e) => ({ e, mode: settleMode(e), reads: [], readIndex: [], skipAnswers: [] }));
  // The precondition (until:) settles like a positive expectation; it makes no result of its own.
  const untilTrack: Track | undefined = step.until ? { e: { rule: '', ...step.until }, mode: 'stable', reads: [], readIndex: [], skipAnswers: [] } : undefined;
  if (untilTrack) tracks.push(untilTrack);
  const reads: Read[] = [];
  const giveUp = giveUpTest(env.clients.admin);
  let graceUsed = false;
  let delay = 50;
  for (;;) {
    const done = await perform(step, vars, env);
    if ('skip' in done) {
      // What this step would have saved is unavailable too: the steps built on it skip with the same reason (or
      // fail, when it is missing because the server did not answer).
      const u = done.unanswered;
      const verdict: Evaluation = u ? unansweredVerdict({ pass: false, message: done.skip }, u, '') : { pass: false, skip: done.skip, message: done.skip };
      const results = applicable.map((e) => toResult(e, env, verdict, u ? [...history, u] : [], 0));
      return { results, value: new Unavailable(done.skip, u), exchanges: [], notSent: done.skip, ...(u ? { unanswered: u } : {}) };
    }
    const ctx: CheckContext = {
      version: env.version, baseUrl: env.baseUrl, exchange: done.exchanges[done.exchanges.length - 1],
      exchanges: done.exchanges, body: done.body, value: done.value, vars, shapes: env.shapes,
      ...(env.readings ? { readings: env.readings } : {}),
    };
    const stepVars = { ...vars, value: done.value };
    const verdicts = tracks.map((t) => (t.done ? t.done.verdict : evaluate(t.e, ctx, stepVars)));
    const read: Read = { performed: done, ctx, verdicts, holds: false, answer: answerOf(done), atMs: Date.now() - started };
    reads.push(read);
    const final = !settling || Date.now() >= deadline || Boolean(env.signal?.aborted);
    // Stopped (interrupt, --phase-budget) before the settle time was over: what is not decided yet is not decided.
    const cutShort = settling && Boolean(env.signal?.aborted) && Date.now() < deadline;
    // The server has shown it will not answer this read (issue 21 item 3): reading again cannot change the answer.
    const lastEx = done.exchanges[done.exchanges.length - 1];
    const unanswered = settling && lastEx ? giveUp(lastEx) : undefined;
    if (unanswered) env.waits?.gaveUp();
    tracks.forEach((t, i) => {
      if (t.done) return;
      const v = verdicts[i];
      if (unanswered && !v.evconfError && !v.unavailable) {
        t.done = { verdict: unansweredVerdict(v, lastEx!, unanswered), read, decisiveReads: [read] };
        return;
      }
      // A skip built on an unavailable value cannot change by reading again: decided at once.
      if (!settling || v.evconfError || v.unavailable || (v.skip && final)) {
        t.done = { verdict: v, read, decisiveReads: [read] };
        return;
      }
      // A skip that depends on the answer (e.g. "no object to check: 404", "not published yet") may go away once the
      // write shows: like a failure, it is decided only once W has passed and the answer stopped changing (issue 19
      // item 4), never on the first read.
      if (v.skip) {
        t.skipAnswers.push(read.answer);
        const n = t.skipAnswers.length;
        if (read.atMs >= windowMs && n >= 2 && t.skipAnswers[n - 1] === t.skipAnswers[n - 2]) t.done = { verdict: v, read, decisiveReads: [read] };
        return;
      }
      t.skipAnswers = [];
      t.reads.push({ holds: v.pass, answer: read.answer, atMs: read.atMs });
      t.readIndex.push(reads.length - 1);
      const d = decideSettle(t.mode, t.reads, { windowMs, final, graceUsed });
      if (!d) return;
      if (cutShort && !d.pass) {
        const why = `not decided: ${String(env.signal?.reason ?? 'the run was stopped')} while the step was still reading`;
        t.done = { verdict: { pass: false, skip: why, message: why }, read, decisiveReads: [read] };
        return;
      }
      const decisiveReads = d.decisive.map((k) => reads[t.readIndex[k]]);
      const at = decisiveReads[decisiveReads.length - 1];
      const atVerdict = at.verdicts[i];
      const verdict: Evaluation = d.pass ? { ...atVerdict, pass: true } : { ...atVerdict, pass: false, message: `${atVerdict.message} (${d.why})` };
      if (d.pass && t.mode === 'stable') {
        const first = t.reads.findIndex((r) => r.holds);
        if (first > 0) env.lag?.note(t.reads[first].atMs);
      }
      t.done = { verdict, read: at, decision: d, decisiveReads };
    });
    const open = tracks.some((t) => !t.done);
    if (!open) break;
    if (final) {
      // Past --settle-ms: a positive that has just started to hold gets one confirming read.
      if (graceUsed) break;
      graceUsed = true;
    }
    // A read that has just held is confirmed at once; otherwise back off, reading again right after the window.
    const anyHeldOnce = tracks.some((t) => !t.done && t.mode === 'stable' && t.reads.length > 0 && t.reads[t.reads.length - 1].holds);
    const toWindow = windowMs - (Date.now() - started);
    let wait = CONFIRM_DELAY_MS;
    if (!anyHeldOnce) {
      wait = toWindow > 0 ? Math.min(delay, toWindow + 5) : delay;
      delay = Math.min(delay * 2, 500);
    }
    if (!final) wait = Math.min(wait, Math.max(0, deadline - Date.now()) + 1);
    if (wait > 0) await sleep(wait);
  }
  const last = reads[reads.length - 1];
  recordObservations(step.observe ?? [], last.ctx, env);
  const ms = Date.now() - started;
  const settled = settling ? { reads: reads.length, settledMs: ms } : undefined;
  if (settled) env.waits?.settle(ms, windowMs);
  if (settled) env.onSettle?.({ version: env.version, source: `${step.pos.file}:${step.pos.line}`, rules: [...new Set(applicable.map((e) => e.rule))], reads: reads.length, ms, windowMs });
  const results = tracks.filter((t) => t !== untilTrack).map((t) => {
    const d = t.done ?? { verdict: last.verdicts[tracks.indexOf(t)], read: last, decisiveReads: [last] };
    const own = [...d.decisiveReads.flatMap((r) => r.performed.exchanges), ...(d.verdict.evidence ? [d.verdict.evidence] : [])];
    // A reading the final verdict showed is fixed for the run and version (src/spec/readings.ts).
    if (d.verdict.pass && d.verdict.learned) env.readings?.learn(d.verdict.learned.question, d.verdict.learned.reading, d.verdict.learned.where);
    return toResult(t.e, env, d.verdict, [...history, ...own], ms, settled);
  });
  const held = untilTrack?.done;
  if (untilTrack && !held?.verdict.pass) {
    const v = held?.verdict;
    const why = v ? `${v.skip ?? v.message}${held?.decision ? ` (${held.decision.why})` : ''}` : 'not decided';
    const ex = (held?.read ?? last).performed.exchanges.at(-1);
    const unanswered = ex && !ex.response && ex.error ? ex : undefined;
    return { results, value: new Unavailable(`the read saved as "${step.save}" did not show what later steps need${unanswered ? '' : ' within --settle-ms'}: ${why}`, unanswered), exchanges: last.performed.exchanges };
  }
  return { results, value: savedValue(step, last.performed), exchanges: last.performed.exchanges };
}

/**
 * The verdict of a read the server did not answer, once it has shown it will not (giveUpTest): the rule fails with
 * the transport error as evidence (design §1.4), whatever the check would have made of the missing answer.
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
 * naming the refusal, so that no later request is built on an error body (issue 19 item 1).
 */
function savedValue(step: Step, p: Performed): unknown {
  if (!step.save || !step.request) return p.value;
  const ex = p.exchanges[p.exchanges.length - 1];
  const status = ex?.response?.status;
  if (status !== undefined && status < 400) return p.value;
  const what = `${ex?.request.method ?? step.request.method} ${ex ? pathOf(ex.request.url) : step.request.path}`;
  // No answer at all (a reset, a stall): what is built on it fails with this exchange as evidence (issue 21 item 3).
  if (status === undefined && ex?.error) return new Unavailable(`the server did not answer ${what} (${ex.error.code}: ${ex.error.message}), which step "${step.save}" was to save`, ex);
  const answer = status === undefined ? (ex?.error?.code ?? 'no response') : `${status}${ex?.response?.body ? `: ${ex.response.body.replace(/\s+/g, ' ').slice(0, 120)}` : ''}`;
  return new Unavailable(`the server refused ${what} (${answer}), which step "${step.save}" was to save`);
}

function toResult(e: Expectation, env: ScenarioEnv, v: Evaluation, sequence: Exchange[], ms: number, settled?: { reads: number; settledMs: number }): CheckResult {
  const rule = env.book.get(e.rule)!;
  const outcome = v.skip ? 'skip' : v.pass ? 'pass' : v.evconfError ? 'error' : rule.level === 'SHOULD' ? 'warn' : 'fail';
  const ev = evidence(sequence);
  return {
    id: '', rule: rule.id, level: rule.level, apiVersion: env.version, endpoint: rule.endpoint, outcome,
    message: v.skip ?? v.message,
    ...(v.expected !== undefined ? { expected: v.expected } : {}),
    ...(v.actual !== undefined ? { actual: v.actual } : {}),
    exchanges: outcome === 'pass' ? [] : ev.exchanges,
    ...(outcome === 'pass' ? (sequence.length ? { curl: sequence[sequence.length - 1].curl } : {}) : ev.curl ? { curl: ev.curl } : {}),
    source: `${e.pos.file}:${e.pos.line}`,
    durationMs: ms,
    ...(settled && outcome !== 'skip' ? settled : {}),
  };
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
