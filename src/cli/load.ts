import { relative } from 'node:path';
import { UsageError } from '../config/errors.js';
import { buildRunConfig, readConfigFile } from '../config/build.js';
import type { RunConfig } from '../config/types.js';
import { writeReports } from '../report/write.js';
import { summarize } from '../orchestrator/summary.js';
import { loadVersion, runLoadStage, renderLoadReport, type LoadConfig, type LoadStageOptions } from '../load/index.js';
import type { RunResult } from '../model/index.js';
import { TOOL_VERSION } from './version.js';
import { checkMutantName } from './mutant-name.js';

/** `evconf load`: only the load stage (ARCHITECTURE.md § Contracts, § Stages). Exit 0 = every budget met, 1 = one missed, 2 = could not run. */

/**
 * Keys of a --config file that `evconf load` uses (the same file as `evconf run`'s; its other keys are accepted and
 * ignored, and so is `only`, which selects checks in `run` but profiles here: give profiles with --only).
 */
const LOAD_FILE_KEYS = ['baseUrl', 'apiVersion', 'auth', 'header', 'versionHeader', 'timeout', 'settleMs', 'workflow',
  'loadEvents', 'loadDuration', 'profiles', 'mutant', 'json', 'junit', 'html', 'budget', 'engine'] as const;

/** Flags over the --config file (a flag given wins; the file wins over the defaults), like `evconf run`. */
function mergedFlags(flags: Record<string, unknown>): Record<string, unknown> {
  const file = typeof flags.config === 'string' ? readConfigFile(flags.config, ['profiles', 'engine']) : {};
  const out: Record<string, unknown> = { ...flags };
  for (const k of LOAD_FILE_KEYS) {
    if (out[k] !== undefined || file[k] === undefined) continue;
    out[k] = k === 'header' ? (Array.isArray(file[k]) ? file[k] : [file[k]]) : Array.isArray(file[k]) ? (file[k] as unknown[]).join(',') : file[k];
  }
  if (flags.header !== undefined && file.header !== undefined) out.header = [...(Array.isArray(file.header) ? file.header : [file.header]), ...(flags.header as string[])];
  return out;
}

function engineOf(flags: Record<string, unknown>): 'autocannon' | 'artillery' {
  const e = String(flags.engine ?? 'autocannon');
  if (e !== 'autocannon' && e !== 'artillery') throw new UsageError(`--engine must be autocannon or artillery (got ${JSON.stringify(e)})`);
  return e;
}

/**
 * The flags of `evconf load` (over its --config file) as `evconf run`'s config builder reads them: the same names,
 * bounds and messages (src/config/build.ts), `--profiles` as `loadProfiles`. Its other flags are the stage's own.
 * Of the environment only what `evconf load` reads (EVCONF_AUTH; NO_COLOR). --mutant is checked by the stage (after
 * --export's and --seed-only's own checks, which name the conflicting flag first), not by the builder.
 */
export function loadConfig(flags: Record<string, unknown>, env: NodeJS.ProcessEnv, argv: string[] = []): RunConfig {
  const keys = ['baseUrl', 'apiVersion', 'auth', 'header', 'versionHeader', 'timeout', 'settleMs', 'workflow', 'loadEvents', 'loadDuration', 'budget', 'color'];
  const given: Record<string, unknown> = Object.fromEntries(keys.filter((k) => flags[k] !== undefined).map((k) => [k, flags[k]]));
  if (flags.profiles) given.loadProfiles = flags.profiles;
  // Several versions (e.g. "all" in a config file shared with `evconf run`): the stage takes the newest, as `run --load` does.
  const config = buildRunConfig(given, { EVCONF_AUTH: env.EVCONF_AUTH, NO_COLOR: env.NO_COLOR }, argv);
  return Object.freeze({ ...config, ...(flags.mutant ? { mutant: String(flags.mutant) } : {}) });
}

/** The load stage's input: the run's settings (loadConfig) and, from the flags, what is the stage's own. */
export function options(flags: Record<string, unknown>, config: LoadConfig): LoadStageOptions {
  return {
    config,
    ...(flags.only ? { only: String(flags.only).split(',').map((s) => s.trim()).filter(Boolean) } : {}),
    engine: engineOf(flags),
    ...(flags.out !== undefined ? { artilleryDir: String(flags.out) } : {}),
  };
}

/** Runs the load stage from CLI flags; prints the table; writes --json; returns the exit status. */
export async function loadCommand(
  flags: Record<string, unknown>,
  io: { out: NodeJS.WriteStream; err: NodeJS.WriteStream },
  argv: string[] = [],
): Promise<number> {
  const merged = mergedFlags(flags);
  const config = loadConfig(merged, process.env, argv);
  const opts = options(merged, config);
  const startedAt = new Date();
  const controller = new AbortController();
  const onSignal = () => {
    io.err.write(`\nevconf: interrupted; stopping the load and ${config.baseUrl ? 'deleting the seeded events' : 'the built-in server with its seeded events'}…\n`);
    controller.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let stage: Awaited<ReturnType<typeof runLoadStage>>;
  try {
    // --seed-only / --export artillery: seed (deleted again on Ctrl-C) and write scripts, for a load made elsewhere.
    if (merged.export !== undefined || merged.seedOnly || merged.runId !== undefined) return await (await import('./load-export.js')).exportCommand(merged, { ...opts, signal: controller.signal }, io);
    // After the stage's own flag checks would have run (--mutant with --base-url is its usage error, not this one).
    if (config.mutant && !config.baseUrl) checkMutantName(config.mutant);
    stage = await runLoadStage({ ...opts, signal: controller.signal, log: (l) => io.err.write(`${l}\n`) });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const color = flags.color !== false && !process.env.NO_COLOR && Boolean(io.out.isTTY);
  io.out.write(renderLoadReport(stage.load, stage.results, { color }));
  if (stage.leftovers.length > 0) io.out.write(`\nLeftovers (${stage.leftovers.length}): seeded events that could not be deleted\n${stage.leftovers.map((id) => `  ${id}\n`).join('')}`);
  const paths = { json: merged.json, junit: merged.junit, html: merged.html };
  if (Object.values(paths).some((p) => p !== undefined)) {
    const run: RunResult = {
      tool: { name: 'evconf', version: TOOL_VERSION }, runId: stage.runId, startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      target: { baseUrl: stage.baseUrl, apiVersions: [loadVersion(config)], reference: config.baseUrl === undefined, ...(config.mutant ? { mutant: config.mutant } : {}) },
      seed: 0, command: config.command, summary: summarize(stage.results), results: stage.results,
      observations: [], coverage: [], load: stage.load, ...(stage.leftovers.length > 0 ? { leftovers: stage.leftovers } : {}),
    };
    const written = await writeReports(run, {
      ...(paths.json !== undefined ? { json: String(paths.json) } : {}),
      ...(paths.junit !== undefined ? { junit: String(paths.junit) } : {}),
      ...(paths.html !== undefined ? { html: String(paths.html) } : {}),
    });
    io.err.write(`reports: ${written.files.map((f) => relative(process.cwd(), f) || f).join(', ')}\n`);
  }
  if (stage.interrupted) return 2;
  return stage.results.some((r) => r.outcome === 'fail' || r.outcome === 'error') ? 1 : 0;
}
