import { randomBytes } from 'node:crypto';
import { UsageError } from '../config/errors.js';
import { loadVersion, type LoadConfig } from './load-config.js';
import type { ApiVersion, CheckResult, LoadBudget, LoadResult, RuleLevel } from '../model/index.js';
import { loadRules } from '../spec/rules.js';
import { inRange } from '../spec/versions.js';
import { LOAD_RULES, skippedBudgets, type LoadRuleId } from './budget.js';
import { BUDGET_KEYS, type BudgetKey } from './budget-flag.js';
import { runProfile } from './profile-run.js';
import { LOAD_LIMITS, type LoadProfile } from './profile.js';
import { loadProfiles, selectProfiles } from './profiles.js';
import { seedEvents } from './seed.js';
import type { Capabilities } from '../model/index.js';
import { probeServer } from '../core/probe.js';
import { makeSeedPlan, type SeedPlan } from './seed-plan.js';
import { checkReachable, deleteSeeded, openTarget, type LoadTarget } from './target.js';
import { rmSync } from 'node:fs';
import type { ExportedScripts } from './artillery/export.js';
import { runArtilleryProfile } from './artillery/profile-run.js';
import { findArtillery, type ArtilleryCommand } from './artillery/run.js';
import { artilleryContext, artilleryDir, seedOnly } from './artillery/stage-parts.js';
import { loadRunTag } from './run-cleanup.js';

/**
 * The load stage (ARCHITECTURE.md § Stages): seed, run every profile, turn budgets into load.* results, delete what was seeded (on
 * its own reference server: stop the server, whose events live in its memory).
 */

export interface LoadStageOptions {
  config: LoadConfig;
  /** Profiles already loaded (instead of config.loadProfiles). */
  profiles?: LoadProfile[];
  /** Profiles to run, by name (`evconf load --only`; not RunConfig.only, which selects checks in `evconf run`). */
  only?: string[];
  /** What the conformance run's probe learned for this version (media to upload, field ids); absent = none needed. */
  capabilities?: Capabilities;
  runId?: string;
  /** Bound of the warm-up before each measured run (default 1000 ms). */
  warmupMs?: number;
  signal?: AbortSignal;
  /** Progress lines (stderr in the CLI). */
  log?: (line: string) => void;
  /** What makes the load (default autocannon, in a process of its own; artillery: a local Artillery). */
  engine?: 'autocannon' | 'artillery';
  /** Seed and stop: the events stay on the server (for Artillery runs elsewhere; `evconf cleanup --run-id` removes them). */
  seedOnly?: boolean;
  /** Write the Artillery scripts of the profiles here (with seedOnly), or keep the engine's scripts and reports here. */
  artilleryDir?: string;
}

export interface LoadStageResult {
  load: LoadResult[];
  results: CheckResult[];
  /** Seeded events that could not be deleted. */
  leftovers: string[];
  baseUrl: string;
  runId: string;
  interrupted: boolean;
  /** seedOnly: the events seeded and left on the server. */
  seeded?: string[];
  /** The Artillery scripts written (seedOnly with artilleryDir). */
  exported?: ExportedScripts;
}

export function ruleLevels(): Record<LoadRuleId, RuleLevel> {
  const book = loadRules();
  const levels = {} as Record<LoadRuleId, RuleLevel>;
  for (const id of LOAD_RULES) levels[id] = book.get(id)?.level ?? 'MUST';
  return levels;
}

/** Flag-level checks (exit 2): bounds of count and duration, --mutant only with the embedded server. */
function validate(o: LoadStageOptions): number {
  const { config } = o;
  const events = config.loadEvents;
  if (!Number.isInteger(events) || events < 1 || events > LOAD_LIMITS.maxEvents) throw new UsageError(`--load-events must be a whole number from 1 to ${LOAD_LIMITS.maxEvents} (got ${events})`);
  const d = config.loadDurationS;
  if (d !== undefined && (!Number.isInteger(d) || d < 1 || d > LOAD_LIMITS.maxDurationS)) throw new UsageError(`--load-duration must be a whole number from 1 to ${LOAD_LIMITS.maxDurationS} (got ${d})`);
  if (config.mutant && config.baseUrl) throw new UsageError('--mutant applies to the embedded reference server only; drop --base-url or --mutant');
  if (o.seedOnly && !config.baseUrl) throw new UsageError('--seed-only needs --base-url: the embedded reference server stops when evconf does, and its events with it');
  return events;
}

function skippedLoad(p: LoadProfile, baseUrl: string, v: ApiVersion, reason: string): LoadResult {
  return {
    profile: p.name, url: baseUrl, apiVersion: v, connections: p.connections, durationMs: 0, requests: 0,
    rps: { mean: 0, p50: 0 }, latencyMs: { p50: 0, p90: 0, p99: 0, max: 0 }, errors: 0, timeouts: 0, non2xx: 0, bytes: 0,
    sampledBodies: 0, sampledBodiesValid: 0, budget: p.budget, outcome: 'skip', message: reason,
  };
}

/**
 * Budgets that only advise (warn when missed): the shipped defaults (suites/load/profiles.yaml) against a server
 * evconf did not start, where the user gave no value of their own (`budget`: --budget; `ownProfiles`: --profiles,
 * or profiles passed in). Against the embedded reference server every budget decides.
 */
export function advisoryBudgets(budget: LoadBudget | undefined, ownProfiles: boolean, ownServer: boolean): BudgetKey[] {
  if (ownServer || ownProfiles) return [];
  return BUDGET_KEYS.filter((k) => budget?.[k] === undefined);
}

interface Run {
  o: LoadStageOptions;
  t: LoadTarget;
  plan: SeedPlan;
  levels: Record<LoadRuleId, RuleLevel>;
  version: ApiVersion;
  out: LoadStageResult;
  /** Set for --engine artillery. */
  artillery?: { command: ArtilleryCommand; dir: string };
}

/** One profile: skipped (interrupted, or before its `since`), or run and recorded. */
async function stageProfile(r: Run, given: LoadProfile): Promise<void> {
  const { o, t, out } = r;
  const { config } = o;
  const p: LoadProfile = config.loadBudget ? { ...given, budget: { ...given.budget, ...config.loadBudget } } : given;
  const v = p.apiVersion ?? r.version;
  if (o.signal?.aborted) {
    out.interrupted = true;
    out.results.push(...skippedBudgets(p.name, v, r.levels, 'not run: the load stage was interrupted', p.source));
    return;
  }
  if (p.since && !inRange(v, p.since)) {
    out.results.push(...skippedBudgets(p.name, v, r.levels, `profile applies from API ${p.since} on`, p.source));
    out.load.push(skippedLoad(p, t.baseUrl, v, `applies from API ${p.since} on`));
    return;
  }
  o.log?.(`load: ${p.name} (${p.connections} connections, ${config.loadDurationS ?? p.durationS} s, API ${v}${r.artillery ? ', Artillery' : ''})`);
  const ctx = {
    baseUrl: t.baseUrl, client: t.clientFor(v), headers: t.headersFor(v), plan: r.plan, levels: r.levels,
    advisory: advisoryBudgets(config.loadBudget, o.profiles !== undefined || Boolean(config.loadProfiles), Boolean(t.child)),
    // The reference server is read-after-write consistent: no need to wait for an index to catch up.
    settleMs: t.child ? 0 : config.settleMs, timeoutMs: config.timeoutMs,
    ...(config.loadDurationS !== undefined ? { durationS: config.loadDurationS } : {}), ...(o.warmupMs !== undefined ? { warmupMs: o.warmupMs } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
  };
  const res = r.artillery ? await runArtilleryProfile(artilleryContext(config, { ...r.artillery, runId: out.runId }, ctx), p, v) : await runProfile(ctx, p, v);
  if (!res) {
    out.interrupted = true;
    out.results.push(...skippedBudgets(p.name, v, r.levels, 'not run: the load stage was interrupted', p.source));
    return;
  }
  out.load.push(res.load);
  out.results.push(...res.results);
}

/** A run id such as 20261127-063000-ab12 (its events are tagged evconf-load-<run id>). */
export function newLoadRunId(): string {
  return `${new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}-${randomBytes(2).toString('hex')}`;
}

/** Runs the load stage; never leaves a child server running or (when it can help it) a seeded event behind. */
export async function runLoadStage(o: LoadStageOptions): Promise<LoadStageResult> {
  const { config } = o;
  const events = validate(o);
  // An empty --load-profiles names no file: the shipped one.
  const profiles = selectProfiles(o.profiles ?? loadProfiles(config.loadProfiles || undefined), o.only);
  const version = loadVersion(config);
  const log = o.log ?? (() => undefined);
  const runId = o.runId ?? newLoadRunId();
  const levels = ruleLevels();
  // Before anything touches the server: a missing Artillery is a one-line exit 2.
  const command = o.engine === 'artillery' && !o.seedOnly ? findArtillery() : undefined;
  const t = await openTarget(config);
  const seeded: string[] = [];
  let workDir: { dir: string; temporary: boolean } | undefined;
  const out: LoadStageResult = { load: [], results: [], leftovers: [], baseUrl: t.baseUrl, runId, interrupted: false };
  try {
    await checkReachable(t, version);
    const plan = makeSeedPlan(loadRunTag(runId), events);
    // Without a conformance run's findings, a server evconf did not start is probed the same way (src/core/probe.ts).
    const caps = o.capabilities ?? (t.child ? undefined : (await probeServer({
      client: t.clientFor(version), version, book: loadRules(), config: { workflow: config.workflow, settleMs: config.settleMs, fieldIds: {} },
      tag: `${plan.tag}probe`, agent: `evconf-load-${runId}-probe`, register: (...ids) => seeded.push(...ids),
    })).caps);
    if (caps?.media) log(`load: the server refuses events without media; every seeded event uploads ${caps.media.filename}`);
    // The probe's own events (if any) are always deleted; with --seed-only the seeded ones stay.
    const probeEvents = seeded.length;
    log(`load: seeding ${events} events on ${t.baseUrl} (tag ${plan.tag})`);
    const seed = await seedEvents({ client: t.clientFor(version), plan, workflow: config.workflow, ...(caps ? { caps } : {}), onCreated: (id) => seeded.push(id), ...(o.signal ? { signal: o.signal } : {}) });
    if (seed.failures > 0 && !o.signal?.aborted) {
      const f = seed.failure;
      throw new UsageError(`seeding failed for ${seed.failures} of ${events} events (POST /api/events → ${f?.response?.status ?? f?.error?.code}); the load stage needs a server that creates events`);
    }
    if (o.seedOnly && !o.signal?.aborted) return seedOnly(config, o.artilleryDir, out, plan, profiles, seeded.splice(probeEvents));
    // load.correct judges only these events (src/load/sample-check.ts).
    plan.ids = new Set(seeded);
    const run: Run = { o: { ...o, log }, t, plan, levels, version, out };
    if (command) {
      workDir = artilleryDir(o.artilleryDir);
      run.artillery = { command, dir: workDir.dir };
    }
    for (const p of profiles) await stageProfile(run, p);
    out.interrupted ||= Boolean(o.signal?.aborted);
  } finally {
    // Our own reference server holds its events in memory and stops right below: deleting them one by one first
    // would only be a thousand more requests (0.8–3 s of the stage on two shared cores). A server evconf did not
    // start gets every seeded event deleted.
    if (t.child && seeded.length > 0) log(`load: stopping the reference server, and its ${seeded.length} seeded events with it`);
    out.leftovers = t.child ? [] : await deleteSeeded(t, version, seeded, config.settleMs, log);
    await t.close();
    if (workDir?.temporary) rmSync(workDir.dir, { recursive: true, force: true });
  }
  return out;
}
