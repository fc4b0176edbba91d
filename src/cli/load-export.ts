import { relative } from 'node:path';
import { UsageError } from '../config/errors.js';
import { loadProfiles, runLoadStage, selectProfiles, type LoadStageOptions } from '../load/index.js';
import type { ExportedScripts } from '../load/artillery/export.js';
import { exportScripts } from '../load/artillery/stage-parts.js';
import { checkRunId, loadRunTag } from '../load/run-cleanup.js';
import { makeSeedPlan } from '../load/seed-plan.js';
import { newLoadRunId } from '../load/stage.js';

/**
 * `evconf load --seed-only` and `evconf load --export artillery`: seed a server and leave the events for a
 * load made elsewhere, write that load as Artillery scripts, or both. With --run-id, the scripts of a run seeded before
 * (no request is sent). Prints the run id alone on stdout; everything else goes to stderr.
 */

type Io = { out: NodeJS.WriteStream; err: NodeJS.WriteStream };

const shown = (f: string) => relative(process.cwd(), f) || f;

function exportedLines(x: ExportedScripts): string[] {
  return [
    `artillery: ${x.scripts.length} scripts in ${shown(x.dir)}: ${x.scripts.map((s) => relative(x.dir, s.file)).join(', ')}`,
    ...x.skipped.map((s) => `artillery: ${s.profile} not written: ${s.reason}`),
  ];
}

export async function exportCommand(flags: Record<string, unknown>, opts: LoadStageOptions, io: Io): Promise<number> {
  if (flags.runId !== undefined && flags.export === undefined) throw new UsageError('--run-id needs --export artillery (it writes the scripts of a run seeded before)');
  if (flags.export !== undefined && flags.export !== 'artillery') throw new UsageError(`--export: only "artillery" is known (got ${JSON.stringify(flags.export)})`);
  const { config } = opts;
  if (!config.baseUrl) throw new UsageError(`--${flags.seedOnly ? 'seed-only' : 'export'} needs --base-url: the scripts and the seeded events are for a server that outlives this command`);
  if (opts.engine === 'artillery') throw new UsageError('--engine artillery runs the load here; --export and --seed-only prepare it for elsewhere: give one or the other');
  const exporting = flags.export !== undefined;
  if (flags.runId !== undefined) {
    if (flags.seedOnly) throw new UsageError('--run-id names a run seeded before; --seed-only seeds a new one: give one or the other');
    const runId = checkRunId(String(flags.runId));
    const dir = opts.artilleryDir ?? `artillery-${runId}`;
    const x = exportScripts(config, dir, selectProfiles(loadProfiles(config.loadProfiles), opts.only), { baseUrl: config.baseUrl, runId, plan: makeSeedPlan(loadRunTag(runId), config.loadEvents) });
    io.err.write(`${exportedLines(x).join('\n')}\n`);
    io.out.write(`${runId}\n`);
    return 0;
  }
  if (!exporting && opts.artilleryDir !== undefined) throw new UsageError('--out names the folder of --export artillery (or of --engine artillery); --seed-only alone writes no file');
  const runId = newLoadRunId();
  const stage = await runLoadStage({
    ...opts, runId, seedOnly: true, log: (l) => io.err.write(`${l}\n`),
    ...(exporting ? { artilleryDir: opts.artilleryDir ?? `artillery-${runId}` } : {}),
  });
  if (stage.interrupted) return 2;
  io.err.write([
    `seeded ${stage.seeded?.length ?? 0} events of run ${runId} on ${stage.baseUrl}; they stay until you run:`,
    `  evconf cleanup --base-url ${stage.baseUrl} --run-id ${runId}${config.auth ? ' --auth USER:PASS' : ''}`,
    ...(stage.exported ? exportedLines(stage.exported) : []),
    '',
  ].join('\n'));
  io.out.write(`${runId}\n`);
  return 0;
}
