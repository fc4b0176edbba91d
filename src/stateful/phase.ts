import fc from 'fast-check';
import type { CheckResult } from '../model/index.js';
import { EPISODE_FIELD_IDS } from '../generators/index.js';
import { gaveUpOf, runCases, type CaseRunner, type CasesOutcome } from '../cases/adapter.js';
import type { CaseReport } from '../cases/case-types.js';
import { CaseKit } from '../cases/case.js';
import { aclActionConstraints, type PhaseEnv } from '../cases/phase-env.js';
import { memberFor } from '../cases/members.js';
import { outcomeResults } from '../cases/outcome.js';
import { ruleResult } from '../cases/results.js';
import { CaseFailure, OK } from '../cases/verdict.js';
import { COMMAND_RULES, commandArbitrary, type Cmd } from './commands/index.js';
import { lifecycleFile, loadLifecycle, type CommandName, type LifecycleConfig } from './lifecycle.js';
import { EventModel, OCCURRENCE_GAP } from './model.js';
import { VIEW_RULES } from './views.js';
import { compareVersions, type ApiVersion } from '../model/index.js';
import { Real, type RealOptions } from './real.js';
import { selectedStageRules } from '../cases/select.js';
import { missing } from '../core/capabilities.js';
import { catalogVars, learnedCatalogs, requiredFill, writableFields } from '../core/catalogs.js';
import { Unavailable } from '../core/unavailable.js';
import { casesInFlight } from '../core/overlap.js';
import { WITH_FLAGS } from '../oracles/views.js';
import { CONSISTENCY_RULES } from '../oracles/consistency.js';

/**
 * Whether command sequences may run side by side: each works on events of its own (its tag
 * `<tag>s<n>z`; list() reads textFilter:<its tag>), schedules them in the model's slots on a capture agent of its
 * own (CaseKit.agent: `c<n>` per sequence; conflicts are per agent) and in time windows of its own (slotOffset), and
 * changes ACLs and catalogs of its own events only. So they run side by side also on the user's one agent (--agent-id).
 */
const SEQUENCES_OVERLAP = true;

/** Id of the stage (result ids `<version>/stateful-lifecycle/<rule>`, usable with --only). */
export const STATEFUL_ID = 'stateful-lifecycle';

export interface StatefulPhaseOptions {
  /** Default: suites/stateful/lifecycle.yaml of config.suitesDir (throws LifecycleFileError when invalid). */
  lifecycle?: LifecycleConfig;
}

/** GET /media is required from this version (addendum § GET /media; below it a 404 or 406 means not offered). */
const MEDIA_REQUIRED_FROM: ApiVersion = '1.7.0';

/** POST /track comes with this server version (addendum § POST /api/events/{event_id}/track). */
const TRACK_FROM = '1.9.0';

/**
 * Why POST /track is not offered, or undefined where it is: the server version GET /api/version/default names
 * (Accept: application/json, addendum § GET /api/version) reaches TRACK_FROM. A server naming none is not asked
 * (the scenarios of suites/versions judge the endpoint there).
 */
async function trackNotOffered(env: PhaseEnv): Promise<string | undefined> {
  const ex = await env.clients.admin.send({ method: 'GET', path: '/api/version/default', headers: { accept: 'application/json' } });
  let named: unknown;
  try {
    named = ex.response?.status === 200 ? (JSON.parse(String(ex.response.body)) as { default?: unknown } | null)?.default : undefined;
  } catch {
    named = undefined;
  }
  const v = typeof named === 'string' ? named.replace(/^v/i, '') : '';
  if (!/^\d+\.\d+\.\d+$/.test(v)) return `not offered: the server names no server version (GET /api/version/default answered ${ex.response?.status ?? 'nothing'}), and POST /track is a server-release feature from ${TRACK_FROM}`;
  return compareVersions(v, TRACK_FROM) < 0 ? `not offered: POST /api/events/{event_id}/track is a server-release feature from server version ${TRACK_FROM}; this server's is ${v} (GET /api/version/default)` : undefined;
}

const applies = (env: PhaseEnv, id: string) => {
  const r = env.book.get(id);
  return r !== undefined && env.book.appliesTo(r, env.version);
};

/**
 * The extra catalog each created event carries, for delete-catalog: one the probe learned ("Every
 * stage that writes a catalog other than dublincore/episode uses a writable text field the server lists for it"),
 * with the fields the server marks required filled in; or why there is none.
 */
function extraCatalog(env: PhaseEnv, life: LifecycleConfig): NonNullable<RealOptions['extra']> | string {
  const usable = learnedCatalogs(env.caps).filter((c) => writableFields(c).length > 0 && (life.extraCatalog === undefined || c.flavor === life.extraCatalog));
  const c = usable[0];
  if (!c) {
    const a = catalogVars(env.caps, env.tag).a;
    const why = a instanceof Unavailable ? a.reason : 'the server keeps no catalog besides dublincore/episode';
    return life.extraCatalog !== undefined ? `the server does not keep the catalog ${life.extraCatalog} named in suites/stateful/lifecycle.yaml (${why})` : why;
  }
  const f = writableFields(c)[0];
  return {
    flavor: c.flavor,
    fields: (label) => ({ ...requiredFill(env.caps, c.flavor, [f.id], env.tag), [f.id]: f.keys ? f.keys[0] : `${label} note` }),
  };
}

function sequenceRunner(env: PhaseEnv, life: LifecycleConfig, opts: RealOptions, slots: number): CaseRunner<Iterable<Cmd>> {
  let n = 0;
  const share = env.share ?? (<T>(work: () => Promise<T>) => work());
  /** One run of the sequence on events, a capture agent and time windows of its own (a fresh number each time). */
  const attempt = async (cmds: Iterable<Cmd>, settleMs: number, failed: ReadonlySet<string> | undefined, oneAtATime: boolean): Promise<CaseReport & { overlapped: boolean }> => {
    // Numbered when called, so in case order also when sequences run side by side (the lock lets them in in any order).
    const c = ++n;
    const kit = new CaseKit(env, `${env.tag}s${c}z`, settleMs, c, new Set(), failed);
    // Every sequence schedules in windows of its own (2 slots past the last one of the sequence before), so that
    // sequences on one capture agent (--agent-id) never conflict and need not wait for each other.
    // Past its regular slots a sequence keeps OCCURRENCE_GAP more for the second occurrences of its recurring creates.
    const real = new Real(kit, { ...opts, agent: kit.agent(opts.agent), slotOffset: c * (slots + OCCURRENCE_GAP + 2) }, [], oneAtATime);
    try {
      await fc.asyncModelRun(() => ({ model: new EventModel(life.maxEvents, slots), real }), cmds);
      await real.drain();
      return { verdict: OK, exchanges: kit.api.exchanges, exercised: kit.exercised, noted: kit.noted, steps: real.steps, overlapped: false };
    } catch (thrown) {
      // A read-back still running may have failed before the command that threw: the earliest failure is the one.
      await real.quiet();
      const lane = real.firstFailure();
      const e = lane ?? thrown;
      if (!(e instanceof CaseFailure)) throw e;
      return { verdict: e.verdict, exchanges: e.exchanges, exercised: kit.exercised, judged: kit.judged, noted: kit.noted, steps: real.steps, overlapped: lane !== undefined && real.failureOverlapped() };
    } finally {
      await real.quiet();
      await kit.dispose();
    }
  };
  return (cmds, settleMs, failed) => share(async () => {
    // A replay (shrinking, confirming: no `failed` set) runs one command at a time, as the model does.
    const { overlapped, ...report } = await attempt(cmds, settleMs, failed, failed === undefined);
    if (report.verdict.ok || !overlapped || env.knownFailure?.(report.verdict.rule, report.verdict.message)) return report;
    // A read-back failed while later commands of the sequence wrote beside it: the failure is the one the sequence
    // shows one command at a time (the rule the write that caused it breaks), as the replay and shrinking see it.
    const { overlapped: _o, ...again } = await attempt(cmds, settleMs, failed, true);
    if (!again.verdict.ok) return again;
    const note = 'seen while later commands of the sequence wrote beside this read-back; the same sequence one command at a time passed';
    return { ...report, verdict: { ...report.verdict, message: `${report.verdict.message} (${note})` } };
  });
}

/**
 * The stateful stage for one API version (ARCHITECTURE.md § Stages): random sequences of the lifecycle file's commands run
 * against the server and an EventModel; a divergence fails the rule the diverging operation breaks, with the
 * shrunk sequence as readable steps in `counterexample`. Deletes everything it created.
 */
export async function runStatefulPhase(env: PhaseEnv, options: StatefulPhaseOptions = {}): Promise<CheckResult[]> {
  const life = options.lifecycle ?? loadLifecycle(lifecycleFile(env.config.suitesDir));
  const started = Date.now();
  const versionSchedules = applies(env, 'scheduling.put.applies');
  // Where the server refused evconf's capture agent and none was given, nothing is scheduled (the probe's reason).
  const noAgent = versionSchedules ? missing(env.caps, 'agents') : undefined;
  const scheduling = versionSchedules && !noAgent;
  const schedules = (c: CommandName) => c === 'put-scheduling' || c === 'create-recurring';
  const listed: CommandName[] = life.commands.filter((c) => !schedules(c) || versionSchedules);
  let names: CommandName[] = listed.filter((c) => !schedules(c) || scheduling);
  const skipped: CheckResult[] = [];
  const wanted = selectedStageRules(env, STATEFUL_ID, [...listed.flatMap((c) => COMMAND_RULES[c]), ...VIEW_RULES]);
  if (wanted.length === 0) return [];
  if (noAgent) {
    const unmet = selectedStageRules(env, STATEFUL_ID, [...COMMAND_RULES['put-scheduling'], 'events.create.schedule-single', 'events.create.rrule', 'events.create.rrule-200', 'events.update.schedule']).filter((r) => wanted.includes(r));
    for (const rule of unmet) skipped.push(ruleResult(env, { source: STATEFUL_ID, rule, outcome: 'skip', message: `precondition: ${noAgent}` }));
  }
  if (env.signal?.aborted) {
    const why = `not run: ${String(env.signal.reason ?? 'the run was stopped')}`;
    return wanted.map((rule) => ruleResult(env, { source: STATEFUL_ID, rule, outcome: 'skip', message: why }));
  }
  let extra: RealOptions['extra'];
  if (names.includes('delete-catalog') || names.includes('put-extra-metadata')) {
    const found = extraCatalog(env, life);
    if (typeof found !== 'string') extra = found;
    else {
      names = names.filter((c) => c !== 'delete-catalog' && c !== 'put-extra-metadata');
      for (const rule of COMMAND_RULES['delete-catalog'].filter((r) => wanted.includes(r))) skipped.push(ruleResult(env, { source: STATEFUL_ID, rule, outcome: 'skip', message: `precondition: ${found}` }));
    }
  }
  // POST /track where the server release offers it (addendum: server version 1.9.0 and above, whatever the requested version).
  if (names.includes('post-track')) {
    const why = await trackNotOffered(env);
    if (why !== undefined) {
      names = names.filter((c) => c !== 'post-track');
      for (const rule of COMMAND_RULES['post-track'].filter((r) => wanted.includes(r))) skipped.push(ruleResult(env, { source: STATEFUL_ID, rule, outcome: 'skip', message: why }));
    }
  }
  // The views every command judges besides its own rules (views.ts), where selected and applicable.
  const views = selectedStageRules(env, STATEFUL_ID, VIEW_RULES).filter((r) => r !== 'events.get.withscheduling' && r !== 'events.list.withscheduling' || scheduling);
  const rules = [...new Set([...selectedStageRules(env, STATEFUL_ID, names.flatMap((c) => COMMAND_RULES[c])), ...views])].filter((r) => !skipped.some((x) => x.rule === r));
  const slots = scheduling ? life.maxEvents + 2 : 0;
  const fields = EPISODE_FIELD_IDS.filter((f) => memberFor(f, env.version) !== undefined);
  // create is drawn twice as often: every other command needs a live event.
  // The consistency oracle's rules the list command judges on a sample of its reads (selected and applicable): not
  // the stage's own rules (the property oracle-list-rows reports them), but a failure found here is reported.
  const viewRules = names.includes('list') ? selectedStageRules(env, STATEFUL_ID, CONSISTENCY_RULES) : [];
  const viewFlags = WITH_FLAGS.filter((f) => viewRules.includes(`events.list.with${f}`) || viewRules.includes(`events.get.with${f}`) || (viewRules.includes('events.list.rows') && f !== 'scheduling'));
  const arbs = names.flatMap((c) => (c === 'create' ? [c, c] : [c])).map((c) => commandArbitrary(c, { fields, slots, workflow: env.config.workflow, acl: aclActionConstraints(env), viewFlags }));
  const arb = fc.commands(arbs, { maxCommands: life.maxCommands, size: 'max' });
  const opts: RealOptions = {
    agent: `${env.agent}-stateful`, scheduling, rules: viewRules, viewRules: views, ...(extra ? { extra } : {}),
    mediaBelowRequired: compareVersions(env.version, MEDIA_REQUIRED_FROM) < 0,
  };
  const numRuns = Math.max(1, Math.round(env.config.runs * life.runsFactor));
  let out: CasesOutcome<unknown>;
  try {
    out = await runCases(arb, sequenceRunner(env, life, opts, slots), { seed: env.config.seed, numRuns, settleMs: env.config.settleMs, ...(env.config.shrinkMs !== undefined ? { maxShrinkMs: env.config.shrinkMs } : {}), ...(env.knownFailure ? { known: env.knownFailure } : {}), ...(env.signal ? { stop: env.signal } : {}), ...gaveUpOf(env), concurrency: casesInFlight(env.caps, env.config.concurrency, SEQUENCES_OVERLAP, false), concurrencyNow: () => casesInFlight(env.caps, env.concurrencyNow?.() ?? env.config.concurrency, SEQUENCES_OVERLAP, false), length: (cmds) => [...cmds].length });
  } catch (err) {
    out = { kind: 'error', numRuns: 0, numShrinks: 0, exercised: new Map(), error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  return [...outcomeResults(env, { id: STATEFUL_ID, rules }, out, Date.now() - started), ...skipped];
}
