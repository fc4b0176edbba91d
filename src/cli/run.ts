import { randomBytes } from 'node:crypto';
import { ROWS_SEEN_SOURCE } from '../oracles/rows-seen.js';
import type { RunConfig } from '../config/types.js';
import { runConformance, type RunEvent } from '../orchestrator/run.js';
import { CleanupRoot } from '../core/cleanup.js';
import { startReferenceServer, type RefUser } from '../reference/index.js';
import { checkMutantName } from './mutant-name.js';
import { startChildServer } from '../load/child-server.js';
import { renderSummary } from '../report/console.js';
import { finishOutputs, suspendWorkflowCommands, writePartialResults, writeRunReports } from './outputs.js';
import { progressReporter } from './progress.js';
import type { ApiVersion, RunResult } from '../model/index.js';
import { loadInputs } from './load-inputs.js';
import { preflight } from './preflight.js';
import { resolveVersions } from '../core/discovery.js';
import { TOOL_VERSION } from './version.js';
import { UsageError } from '../config/errors.js';
import { unmatchedPatterns } from '../orchestrator/select.js';
import { PROPERTIES } from '../properties/index.js';
import { STATEFUL_ID } from '../stateful/index.js';
import { hasGaps, versionVerdicts } from '../report/tally.js';
import { loadExpectations } from '../expectations/file.js';
import type { RuleBook } from '../spec/rules.js';
import type { ScenarioFile } from '../model/index.js';
import { baselineDiff, regressed, renderBaselineText, type BaselineDiff } from '../report/compare/baseline.js';
import { readResults } from './compare.js';

/** A settle step that waited longer than this is reported on stderr. */
const LONG_SETTLE_MS = 2000;

function newRunId(): string {
  const t = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${t}-${randomBytes(2).toString('hex')}`;
}

/**
 * The embedded reference server gets an administrator and an ordinary user, so that the role rules run (not
 * skip) on a fresh machine: the credentials the user gave, else fresh random ones.
 */
function embeddedCredentials(config: RunConfig): { users: RefUser[]; config: RunConfig } {
  const auth = config.auth ?? { user: 'evconf-admin', password: randomBytes(9).toString('base64url') };
  const userAuth = config.userAuth ?? { user: 'evconf-user', password: randomBytes(9).toString('base64url') };
  // Two roles, so that the rules about a user's every role (auth-acl-read-second-role) run too.
  const userRoles = config.userAuth && config.userRoles.length ? config.userRoles : [`ROLE_USER_${userAuth.user.toUpperCase()}`, 'ROLE_EVCONF_STAFF'];
  return {
    users: [
      { name: auth.user, password: auth.password, roles: ['ROLE_ADMIN', `ROLE_USER_${auth.user.toUpperCase()}`] },
      { name: userAuth.user, password: userAuth.password, roles: [...new Set([...userRoles, `ROLE_USER_${userAuth.user.toUpperCase()}`])] },
    ],
    config: Object.freeze({ ...config, auth, userAuth, userRoles }),
  };
}

/**
 * The embedded reference server. In a child process (`evconf serve`) where the users can travel in its environment,
 * so that the server and the run each have a core (`npm start` was one process at 100% of one core); in
 * this process otherwise. An unknown --mutant is a usage error before anything starts.
 */
async function startEmbedded(config: RunConfig, signal: AbortSignal, users: RefUser[]): Promise<{ url: string; close(): Promise<void> }> {
  checkMutantName(config.mutant);
  const opts = { processingDelayMs: 200, retractDelayMs: 200 };
  const plain = users.every((u) => [u.name, u.password, ...u.roles].every((x) => !/[:,|]/.test(x)));
  try {
    if (!plain) {
      return await startReferenceServer({
        port: 0, host: '127.0.0.1', ...opts, users, ...(config.mutant ? { mutant: config.mutant } : {}), ...(config.profile ? { profile: config.profile } : {}),
      });
    }
    return await startChildServer({
      ...(config.mutant ? { mutant: config.mutant } : {}),
      args: ['--processing-delay', String(opts.processingDelayMs), '--retract-delay', String(opts.retractDelayMs), ...(config.profile ? ['--profile', config.profile] : [])],
      env: { EVCONF_SERVE_USERS: users.map((u) => `${u.name}:${u.password}:${u.roles.join('|')}`).join(',') },
      signal,
    });
  } catch (e) {
    throw new UsageError(`the embedded reference server did not start: ${(e as Error).message}`);
  }
}

/** --only must select something: a pattern that matches no rule, scenario, property or stage id is a usage error. */
function checkOnly(config: RunConfig, book: RuleBook, suites: ScenarioFile[]): void {
  const ids = [...book.rules.map((r) => r.id), ...suites.flatMap((f) => f.scenarios.map((s) => s.id)), ...PROPERTIES.map((p) => p.id), STATEFUL_ID, ROWS_SEEN_SOURCE];
  const bad = unmatchedPatterns(config.only, ids);
  if (bad.length) {
    throw new UsageError(`--only: ${bad.map((p) => `"${p}"`).join(', ')} match${bad.length === 1 ? 'es' : ''} no rule, scenario or property id; see evconf rules`);
  }
}

/**
 * The exit status (README § Exit status): 1 when a rule failed (a load budget counts), evconf erred or the run was
 * interrupted; 3 when a version is incomplete (untested MUST rules, or cut by --phase-budget / --max-duration);
 * else 0: every version conformant. With expectations only a failure they do not explain counts, a
 * version whose failures are all known passes, and under --strict-expectations a fixed or stale entry fails too.
 */
export function exitStatus(run: RunResult, interrupted: boolean): number {
  const x = run.expectations;
  if (interrupted || run.summary.errored > 0 || (x ? x.newFailures : run.summary.failed) > 0) return 1;
  if (x?.strict && x.fixed + x.stale > 0) return 1;
  return versionVerdicts(run).every((v) => v.verdict === 'conformant' || v.verdict === 'not-offered' || (x !== undefined && v.verdict === 'not-conformant' && !hasGaps(v))) ? 0 : 3;
}

/**
 * The exit status against a baseline (--baseline): 1 only for what changed for the worse, a new failure or
 * throughput down beyond the tolerance (and an interrupt); failures the baseline had too do not fail the run.
 * A version with gaps (untested rules, cut short) still makes it incomplete (3).
 */
export function baselineExitStatus(run: RunResult, status: number, diff: BaselineDiff, interrupted: boolean): number {
  if (interrupted || regressed(diff)) return 1;
  if (status !== 1) return status;
  // Old failures only: what is left is whether every version was checked completely (3 when not).
  return versionVerdicts(run).every((v) => !hasGaps(v)) ? 0 : 3;
}

/** `evconf run`: the conformance suite (and with --load the load stage) against --base-url or the embedded reference server. Returns the exit code. */
export async function runCommand(given: RunConfig, io: { out: NodeJS.WriteStream; err: NodeJS.WriteStream }): Promise<number> {
  let config = given;
  // The embedded server boots (a child process: about a second of CPU on the other core) while the suites are read.
  let starting: Promise<{ url: string; close(): Promise<void> }> | undefined;
  const boot = new AbortController();
  if (!config.baseUrl) {
    const embedded = embeddedCredentials(config);
    config = embedded.config;
    starting = startEmbedded(config, boot.signal, embedded.users);
    starting.catch(() => undefined);
  }
  let inputs: ReturnType<typeof loadInputs>;
  let expected: ReturnType<typeof loadExpectations> | undefined;
  let baseline: RunResult | undefined;
  try {
    // The baseline is read before the first request too: a file that is no results file is one line and exit 2.
    baseline = config.baseline !== undefined ? readResults(config.baseline, 'baseline') : undefined;
    inputs = loadInputs(config.suitesDir);
    checkOnly(config, inputs.book, inputs.suites);
    // Known deviations are validated before the first request: a broken file is one line and exit 2.
    expected = config.expectations.length ? loadExpectations(config.expectations, inputs.book.rules.map((r) => r.id)) : undefined;
  } catch (e) {
    boot.abort();
    await starting?.then((r) => r.close(), () => undefined);
    throw e;
  }
  const { book, suites, lifecycle } = inputs;
  const ref = starting ? await starting : undefined;
  const baseUrl = config.baseUrl ?? ref!.url;
  const runId = newRunId();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(`--max-duration ${config.maxDurationMs} ms reached`), config.maxDurationMs);
  timer.unref();
  const cleanupRoot = new CleanupRoot();
  // First interrupt: stop between steps, then delete what the run created. Second: stop at once, saying what is left.
  let interrupted = false;
  const onSignal = () => {
    if (!controller.signal.aborted) {
      interrupted = true;
      io.err.write('\nevconf: interrupted; deleting what this run created (interrupt again to stop at once)\n');
      controller.abort('interrupted (SIGINT/SIGTERM)');
      return;
    }
    const left = cleanupRoot.pending();
    io.err.write(`\nevconf: stopped at once; ${left.length} event(s) created by this run may remain on ${baseUrl}${left.length ? `: ${left.join(', ')}` : ''}\n`);
    process.exit(1);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const tty = Boolean(io.err.isTTY);
  // Live line on a TTY, plain lines every few seconds elsewhere (CI), nothing with --quiet (src/cli/progress.ts).
  const progress = progressReporter({ err: io.err, tty, output: config.output });
  let run: RunResult;
  let stalled: string | undefined;
  let notOffered: { apiVersion: ApiVersion; reason: string }[] = [];
  let listed: string[] | undefined;
  // The run's one stream of events (src/orchestrator/run-events.ts), shown and saved as it goes.
  const onEvent = (e: RunEvent): void => {
    switch (e.type) {
      case 'progress': return progress.onProgress(e.progress);
      case 'log': return progress.line(e.line);
      // Results so far at each phase end and on an interrupt: a run killed before its end still leaves them.
      case 'partial': return writePartialResults(e.run, config, io.err);
      case 'stall':
        stalled = e.reason;
        return progress.error(`evconf: ${e.reason}; the rest of the run is skipped`);
      case 'settle': {
        // Settles that waited long say so (src/core/settle.ts): a slow index, or a check that never held (not with --quiet).
        const s = e.settle;
        if (s.ms > LONG_SETTLE_MS) progress.line(`evconf: settle waited ${(s.ms / 1000).toFixed(1)} s (${s.reads} reads, window ${s.windowMs} ms) for ${s.rules.join(', ')} [${s.version}] at ${s.source}`);
      }
    }
  };
  try {
    const discovery = await preflight(config, baseUrl);
    const resolved = resolveVersions(config.apiVersionChoice, config.apiVersions, discovery);
    config = { ...config, apiVersions: resolved.apiVersions };
    notOffered = resolved.notOffered;
    listed = discovery.raw;
    progress.line(`evconf ${TOOL_VERSION}: run ${runId} against ${baseUrl}${ref ? ' (embedded reference server)' : ''}, API ${config.apiVersions.join(', ')}, seed ${config.seed}`);
    run = await runConformance({
      config, book, suites, runId, toolVersion: TOOL_VERSION,
      target: { baseUrl, reference: Boolean(ref), ...(config.mutant ? { mutant: config.mutant } : {}), ...(notOffered.length ? { notOffered } : {}), ...(listed ? { listed } : {}) },
      onEvent, signal: controller.signal, cleanupRoot, phases: config.phases, lifecycle, ...(expected ? { expectations: expected } : {}),
    });
  } finally {
    clearTimeout(timer);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    progress.finish();
    await ref?.close();
  }
  const written = await writeRunReports(run, config);
  const resumeCommands = suspendWorkflowCommands(config, io);
  io.out.write(renderSummary(run, { color: config.color && Boolean(io.out.isTTY) }));
  const stopped = controller.signal.aborted ? String(controller.signal.reason) : stalled;
  if (stopped) io.out.write(`\nrun stopped early: ${stopped}; the skipped checks say so\n`);
  // Against a baseline: only what changed is printed after the summary, annotated, and fails the run.
  const diff = baseline ? baselineDiff(baseline, run, { file: config.baseline!, tolerancePct: config.baselineTolerancePct }) : undefined;
  if (diff) io.out.write(`\n${renderBaselineText(diff)}`);
  resumeCommands();
  await finishOutputs(run, config, written, io, process.env, diff);
  // A run the stall guard ended has failed the rules it checked (1), else it is incomplete (3).
  return diff ? baselineExitStatus(run, exitStatus(run, interrupted), diff, interrupted) : exitStatus(run, interrupted);
}
