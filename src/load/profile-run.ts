import type { HttpClient } from '../http/index.js';
import type { ApiVersion, CheckResult, Exchange, LoadResult, RuleLevel } from '../model/index.js';
import { getValidator } from '../schema/index.js';
import { evaluateBudgets, worstOutcome, type LoadRuleId, type ProfileMeasurement } from './budget.js';
import { runGenerator, type GeneratorRun } from './generator.js';
import { prepareQuery, type PreparedQuery } from './list-expect.js';
import type { LoadProfile } from './profile.js';
import { checkListBody } from './sample-check.js';
import type { SeedPlan } from './seed-plan.js';
import type { BudgetKey } from './budget-flag.js';

/** One profile end to end: readiness probe, warm-up, measured run, sampled bodies checked, budgets evaluated. */

export interface ProfileContext {
  /** The base URL (origin plus an optional path prefix); only it is ever targeted. */
  baseUrl: string;
  /** An API client for the profile's version (readiness probe and evidence). */
  client: HttpClient;
  /** Headers every generated request carries (version, credentials, --header). */
  headers: Record<string, string>;
  plan: SeedPlan;
  levels: Record<LoadRuleId, RuleLevel>;
  settleMs: number;
  timeoutMs: number;
  /** Per-profile duration override (--load-duration). */
  durationS?: number;
  /** Warm-up bound in ms before the measured run (default 1000). */
  warmupMs?: number;
  /** Budgets that only warn when missed (defaults against a server evconf did not start; budget.ts). */
  advisory?: readonly BudgetKey[];
  signal?: AbortSignal;
}

/** Generator CPU at or above this share of one core means the generator, not the server, may be the limit. */
export const SATURATION_PCT = 90;
const SAMPLE = { every: 97, max: 40 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks once per query, polling until the answer is right or settleMs pass (real servers index late, ARCHITECTURE.md, principle 7). */
export async function probe(ctx: ProfileContext, q: PreparedQuery, v: ApiVersion): Promise<Exchange> {
  const deadline = Date.now() + ctx.settleMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
    const ex = await ctx.client.send({ method: 'GET', path: q.path });
    const body = ex.response?.status === 200 && !ex.response.truncated ? ex.response.body : undefined;
    if (body !== undefined && checkListBody(body, q.expect, getValidator(v)).length === 0) return ex;
    if (Date.now() + delay > deadline || ctx.signal?.aborted) return ex;
    await sleep(delay);
  }
}

function measurement(run: GeneratorRun, queries: PreparedQuery[], v: ApiVersion): ProfileMeasurement {
  const validator = getValidator(v);
  const problems: string[] = [];
  let valid = 0;
  for (const s of run.samples) {
    const p = checkListBody(s.body, queries[s.request].expect, validator);
    if (p.length === 0) valid++;
    else problems.push(...p.map((x) => (queries.length > 1 ? `${queries[s.request].path}: ${x}` : x)));
  }
  return {
    responses: run.responses, errors: run.errors, non2xx: run.non2xx, rpsMean: run.rps.mean, p99Ms: run.latency.p99,
    sampledBodies: run.samples.length, sampledBodiesValid: valid, problems: problems.slice(0, 10),
    generatorSaturated: run.cpuPct >= SATURATION_PCT, generatorCpuPct: run.cpuPct,
  };
}

/** Runs one profile against ctx.origin; returns its LoadResult and its four load.* results. */
export async function runProfile(ctx: ProfileContext, p: LoadProfile, v: ApiVersion): Promise<{ load: LoadResult; results: CheckResult[] }> {
  const queries = p.queries.map((q) => prepareQuery(q, ctx.plan, v));
  const exchanges: Exchange[] = [];
  for (const q of queries) exchanges.push(await probe(ctx, q, v));
  const url = new URL(ctx.baseUrl);
  const prefix = url.pathname.replace(/\/+$/, '');
  const base = {
    origin: url.origin, paths: queries.map((q) => `${prefix}${q.path}`), headers: ctx.headers, connections: p.connections,
    pipelining: p.pipelining, timeoutS: Math.max(1, Math.ceil(ctx.timeoutMs / 1000)), sample: SAMPLE,
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  };
  const warmup = new AbortController();
  const timer = setTimeout(() => warmup.abort(), ctx.warmupMs ?? 1000);
  const onAbort = () => warmup.abort();
  ctx.signal?.addEventListener('abort', onAbort, { once: true });
  // autocannon ends a run on its next sample tick once the warm-up's requests are answered (or the bound stops it):
  // ticks of 20 ms end it within 20 ms of that, where 100 ms ticks left the server idle up to 100 ms per profile.
  await runGenerator({ ...base, durationS: 1, amount: 50 * p.connections, sampleIntMs: 20, signal: warmup.signal });
  clearTimeout(timer);
  ctx.signal?.removeEventListener('abort', onAbort);
  const durationS = Math.min(ctx.durationS ?? p.durationS, 60);
  const run = await runGenerator({ ...base, durationS });
  const m = measurement(run, queries, v);
  const results = evaluateBudgets({ profile: p.name, apiVersion: v, budget: p.budget, m, levels: ctx.levels, exchanges: exchanges.slice(0, 1), source: p.source, advisory: ctx.advisory ?? [] });
  const outcome = worstOutcome(results);
  const notes = results.filter((r) => r.outcome === 'fail' || r.outcome === 'warn').map((r) => r.message.replace(`${p.name}: `, ''));
  const load: LoadResult = {
    profile: p.name,
    url: `${ctx.baseUrl}${queries[0].path}${queries.length > 1 ? ` (+${queries.length - 1} more)` : ''}`,
    apiVersion: v,
    engine: 'autocannon',
    connections: p.connections,
    durationMs: run.durationMs,
    requests: run.responses,
    rps: { mean: Math.round(run.rps.mean * 10) / 10, p50: run.rps.p50, p90: run.rps.p90, min: run.rps.min, max: run.rps.max },
    latencyMs: { p50: run.latency.p50, p90: run.latency.p90, p99: run.latency.p99, max: run.latency.max, mean: run.latency.mean },
    errors: run.errors,
    timeouts: run.timeouts,
    non2xx: run.non2xx,
    bytes: run.bytes,
    sampledBodies: m.sampledBodies,
    sampledBodiesValid: m.sampledBodiesValid,
    generatorSaturated: m.generatorSaturated,
    generatorCpuPct: run.cpuPct,
    budget: p.budget,
    ...(ctx.advisory?.length ? { advisoryBudgets: [...ctx.advisory] } : {}),
    outcome,
    ...(notes.length > 0 ? { message: notes.join('; ') } : {}),
  };
  return { load, results };
}
