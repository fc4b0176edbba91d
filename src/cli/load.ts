import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../config/errors.js';
import { parseBaseUrl, parseCredentials, parseHeader, parseIntFlag } from '../config/parse.js';
import { redactArgv } from '../config/build.js';
import { summarize } from '../engine/summary.js';
import { runLoadStage, renderLoadReport, parseBudgetFlag, LOAD_LIMITS, type LoadStageOptions } from '../load/index.js';
import { isApiVersion, API_VERSIONS, DEFAULT_API_VERSION, type RunResult } from '../model/index.js';
import { renderJson } from '../report/json.js';
import { TOOL_VERSION } from './version.js';

/** `evconf load`: only the load stage (design §3, §8). Exit 0 = every budget met, 1 = one missed, 2 = could not run. */

function options(flags: Record<string, unknown>, env: NodeJS.ProcessEnv): LoadStageOptions {
  const version = String(flags.apiVersion ?? DEFAULT_API_VERSION);
  if (!isApiVersion(version)) throw new UsageError(`--api-version must be one of ${API_VERSIONS.join(', ')} (got "${version}")`);
  const authRaw = (flags.auth as string | undefined) ?? env.EVCONF_AUTH;
  const headers: Record<string, string> = {};
  for (const h of (flags.header as string[] | undefined) ?? []) {
    const [n, v] = parseHeader(h);
    headers[n] = v;
  }
  return {
    ...(flags.baseUrl !== undefined ? { baseUrl: parseBaseUrl(String(flags.baseUrl)) } : {}),
    ...(flags.mutant ? { mutant: String(flags.mutant) } : {}),
    apiVersion: version,
    events: parseIntFlag(flags.loadEvents ?? 1000, '--load-events', 1, LOAD_LIMITS.maxEvents),
    ...(flags.loadDuration !== undefined ? { durationS: parseIntFlag(flags.loadDuration, '--load-duration', 1, LOAD_LIMITS.maxDurationS) } : {}),
    ...(flags.profiles ? { profilesFile: String(flags.profiles) } : {}),
    ...(flags.budget !== undefined ? { budget: parseBudgetFlag(String(flags.budget)) } : {}),
    ...(flags.only ? { only: String(flags.only).split(',').map((s) => s.trim()).filter(Boolean) } : {}),
    ...(authRaw ? { auth: parseCredentials(authRaw, '--auth') } : {}),
    headers,
    timeoutMs: parseIntFlag(flags.timeout ?? 10_000, '--timeout', 100, 600_000),
  };
}

/** Runs the load stage from CLI flags; prints the table; writes --json; returns the exit status. */
export async function loadCommand(
  flags: Record<string, unknown>,
  io: { out: NodeJS.WriteStream; err: NodeJS.WriteStream },
  argv: string[] = [],
): Promise<number> {
  const opts = options(flags, process.env);
  const startedAt = new Date();
  const controller = new AbortController();
  const onSignal = () => {
    io.err.write('\nevconf: interrupted; stopping the load and deleting the seeded events…\n');
    controller.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let stage: Awaited<ReturnType<typeof runLoadStage>>;
  try {
    stage = await runLoadStage({ ...opts, signal: controller.signal, log: (l) => io.err.write(`${l}\n`) });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const color = flags.color !== false && !process.env.NO_COLOR && Boolean(io.out.isTTY);
  io.out.write(renderLoadReport(stage.load, stage.results, { color }));
  if (stage.leftovers.length > 0) io.out.write(`\nLeftovers (${stage.leftovers.length}): seeded events that could not be deleted\n${stage.leftovers.map((id) => `  ${id}\n`).join('')}`);
  if (typeof flags.json === 'string') {
    const run: RunResult = {
      tool: { name: 'evconf', version: TOOL_VERSION }, runId: stage.runId, startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      target: { baseUrl: stage.baseUrl, apiVersions: [opts.apiVersion ?? DEFAULT_API_VERSION], reference: opts.baseUrl === undefined, ...(opts.mutant ? { mutant: opts.mutant } : {}) },
      seed: 0, command: redactArgv(argv), summary: summarize(stage.results), results: stage.results,
      observations: [], coverage: [], load: stage.load, ...(stage.leftovers.length > 0 ? { leftovers: stage.leftovers } : {}),
    };
    const file = resolve(flags.json);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, renderJson(run), 'utf8');
    io.err.write(`results: ${file}\n`);
  }
  if (stage.interrupted) return 2;
  return stage.results.some((r) => r.outcome === 'fail' || r.outcome === 'error') ? 1 : 0;
}
