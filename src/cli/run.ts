import { randomBytes } from 'node:crypto';
import { join, relative } from 'node:path';
import type { RunConfig } from '../config/types.js';
import { runConformance, type Progress } from '../engine/run.js';
import { CleanupRoot } from '../engine/cleanup.js';
import { startReferenceServer, type RefUser } from '../reference/index.js';
import { renderSummary } from '../report/console.js';
import { progressReporter } from './progress.js';
import { writeReports } from '../report/write.js';
import type { RunResult } from '../model/index.js';
import { loadInputs } from './load-inputs.js';
import { preflight } from './preflight.js';
import { TOOL_VERSION } from './version.js';
import { UsageError } from '../config/errors.js';
import { runLoadStage } from '../load/index.js';
import { summarize } from '../engine/summary.js';

function newRunId(): string {
  const t = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${t}-${randomBytes(2).toString('hex')}`;
}

/** `evconf run`: the conformance suite against --base-url or the embedded reference server. Returns the exit code. */
/**
 * Adds the load stage (design §8) after the conformance phases: against --base-url, or against a reference server
 * of its own in a child process (the load generator must not share a process with the server it measures).
 * It runs at the newest version of the run.
 */
async function withLoadStage(run: RunResult, config: RunConfig, signal: AbortSignal, log: (line: string) => void): Promise<RunResult> {
  const stage = await runLoadStage({
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    ...(config.mutant ? { mutant: config.mutant } : {}),
    apiVersion: config.apiVersions[config.apiVersions.length - 1],
    events: config.loadEvents,
    ...(config.loadDurationS ? { durationS: config.loadDurationS } : {}),
    ...(config.baseUrl && config.auth ? { auth: config.auth } : {}),
    headers: config.headers, versionHeader: config.versionHeader, timeoutMs: config.timeoutMs,
    settleMs: config.settleMs, workflow: config.workflow, runId: run.runId, signal,
    log,
  });
  const results = [...run.results, ...stage.results];
  const leftovers = [...(run.leftovers ?? []), ...stage.leftovers];
  return {
    ...run, results, summary: summarize(results), load: stage.load, durationMs: Date.now() - Date.parse(run.startedAt),
    ...(leftovers.length ? { leftovers } : {}),
  };
}

/**
 * The embedded reference server gets an administrator and an ordinary user, so that the role rules run (not
 * skip) on a fresh machine: the credentials the user gave, else fresh random ones.
 */
function embeddedCredentials(config: RunConfig): { users: RefUser[]; config: RunConfig } {
  const auth = config.auth ?? { user: 'evconf-admin', password: randomBytes(9).toString('base64url') };
  const userAuth = config.userAuth ?? { user: 'evconf-user', password: randomBytes(9).toString('base64url') };
  const userRoles = config.userAuth && config.userRoles.length ? config.userRoles : [`ROLE_USER_${userAuth.user.toUpperCase()}`];
  return {
    users: [
      { name: auth.user, password: auth.password, roles: ['ROLE_ADMIN', `ROLE_USER_${auth.user.toUpperCase()}`] },
      { name: userAuth.user, password: userAuth.password, roles: [...new Set([...userRoles, `ROLE_USER_${userAuth.user.toUpperCase()}`])] },
    ],
    config: Object.freeze({ ...config, auth, userAuth, userRoles }),
  };
}

export async function runCommand(given: RunConfig, io: { out: NodeJS.WriteStream; err: NodeJS.WriteStream }): Promise<number> {
  let config = given;
  const { book, suites, lifecycle } = loadInputs(config.suitesDir);
  let ref: Awaited<ReturnType<typeof startReferenceServer>> | undefined;
  if (!config.baseUrl) {
    const embedded = embeddedCredentials(config);
    config = embedded.config;
    try {
      ref = await startReferenceServer({
        port: 0, host: '127.0.0.1', processingDelayMs: 200, retractDelayMs: 200, users: embedded.users,
        ...(config.mutant ? { mutant: config.mutant } : {}),
      });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  const baseUrl = config.baseUrl ?? ref!.url;
  const runId = newRunId();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(`--max-duration ${config.maxDurationMs} ms reached`), config.maxDurationMs);
  timer.unref();
  const cleanupRoot = new CleanupRoot();
  // First interrupt: stop between steps, then delete what the run created. Second: stop at once, saying what is left.
  const onSignal = () => {
    if (!controller.signal.aborted) {
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
  const onProgress = (p: Progress) => progress.onProgress(p);
  let run: RunResult;
  let stalled: string | undefined;
  try {
    await preflight(config, baseUrl);
    progress.line(`evconf ${TOOL_VERSION}: run ${runId} against ${baseUrl}${ref ? ' (embedded reference server)' : ''}, API ${config.apiVersions.join(', ')}, seed ${config.seed}`);
    run = await runConformance({
      config, book, suites, runId, toolVersion: TOOL_VERSION,
      target: { baseUrl, reference: Boolean(ref), ...(config.mutant ? { mutant: config.mutant } : {}) },
      onProgress, signal: controller.signal, cleanupRoot, phases: config.phases, lifecycle,
      onStall: (reason) => { stalled = reason; progress.error(`evconf: ${reason}; the rest of the run is skipped`); },
    });
    if (config.load && !controller.signal.aborted) run = await withLoadStage(run, config, controller.signal, (line) => progress.line(line));
  } finally {
    clearTimeout(timer);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    progress.finish();
    await ref?.close();
  }
  const dir = join(config.reportDir, runId);
  const written = await writeReports(run, {
    dir, latestDir: join(config.reportDir, 'latest'),
    ...(config.json ? { json: config.json } : {}), ...(config.junit ? { junit: config.junit } : {}), ...(config.html ? { html: config.html } : {}),
  });
  io.out.write(renderSummary(run, { color: config.color && Boolean(io.out.isTTY) }));
  const stopped = controller.signal.aborted ? String(controller.signal.reason) : stalled;
  if (stopped) io.out.write(`\nrun stopped early: ${stopped}; the skipped checks say so\n`);
  io.out.write(`\nreports: ${written.files.map((f) => relative(process.cwd(), f) || f).join(', ')}\n`);
  return run.summary.failed > 0 || run.summary.errored > 0 || controller.signal.aborted || stalled ? 1 : 0;
}
