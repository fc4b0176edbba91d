import { basename, dirname, join, relative, resolve } from 'node:path';
import { UsageError } from '../config/errors.js';
import { parseApiVersionFlag } from '../spec/versions.js';
import { writeReports } from '../report/write.js';
import { summarize } from '../orchestrator/summary.js';
import { advisoryBudgets, loadProfiles, parseBudgetFlag, renderLoadReport } from '../load/index.js';
import { judgeArtillery } from '../load/artillery/judge.js';
import { readArtilleryReport } from '../load/artillery/report.js';
import { ruleLevels } from '../load/stage.js';
import { DEFAULT_API_VERSION, type CheckResult, type LoadResult, type RunResult } from '../model/index.js';
import { TOOL_VERSION } from './version.js';

/**
 * `evconf report --load artillery.json`: an Artillery report made anywhere (a local `artillery run`, a distributed
 * `artillery run-fargate`) judged by evconf's budgets, and written as evconf's results JSON, JUnit and HTML, with the
 * same load table as `evconf load`. Exit 0 = every budget met, 1 = one missed, 2 = a bad report or flag.
 */

type Io = { out: NodeJS.WriteStream; err: NodeJS.WriteStream };

export async function reportLoadCommand(files: string[], flags: Record<string, unknown>, io: Io): Promise<number> {
  const versions = parseApiVersionFlag(String(flags.apiVersion ?? DEFAULT_API_VERSION));
  if (!Array.isArray(versions)) throw new UsageError(`--api-version: ${versions.error}`);
  const v = versions[versions.length - 1];
  const profilesFile = flags.profiles === undefined ? undefined : String(flags.profiles);
  const budget = flags.budget === undefined ? undefined : parseBudgetFlag(String(flags.budget));
  const profiles = loadProfiles(profilesFile);
  // The server is not known to be evconf's own: the shipped default budgets only warn, as against --base-url.
  const advisory = advisoryBudgets(budget, Boolean(profilesFile), false);
  const levels = ruleLevels();
  const load: LoadResult[] = [];
  const results: CheckResult[] = [];
  for (const file of files) {
    for (const m of readArtilleryReport(file)) {
      const given = profiles.find((p) => p.name === m.profile);
      if (!given) throw new UsageError(`${file} measured profile "${m.profile}", which is not in ${profilesFile ?? 'the shipped profiles'}; give --profiles FILE (the file the scripts were exported from)`);
      const p = budget ? { ...given, budget: { ...given.budget, ...budget } } : given;
      const j = judgeArtillery({ profile: p, apiVersion: p.apiVersion ?? v, url: `artillery report ${basename(file)}`, m, levels, advisory, checked: { bodies: 0, valid: 0, problems: [] }, exchanges: [] });
      load.push(j.load);
      results.push(...j.results);
    }
  }
  io.out.write(renderLoadReport(load, results, { color: flags.color !== false && !process.env.NO_COLOR && Boolean(io.out.isTTY) }));
  const dir = dirname(files[0]);
  const run: RunResult = {
    tool: { name: 'evconf', version: TOOL_VERSION }, runId: `artillery-${basename(files[0]).replace(/\.json$/i, '')}`, startedAt: new Date().toISOString(), durationMs: 0,
    target: { baseUrl: String(flags.baseUrl ?? 'unknown (from an Artillery report)'), apiVersions: [v], reference: false },
    seed: 0, summary: summarize(results), results, observations: [], coverage: [], load,
  };
  const outputs = { json: String(flags.json ?? join(dir, 'results.json')), junit: String(flags.junit ?? join(dir, 'report.xml')), html: String(flags.html ?? join(dir, 'index.html')) };
  for (const f of Object.values(outputs)) if (files.some((i) => resolve(i) === resolve(f))) throw new UsageError(`${f} is an input; name the output with --json, --junit or --html`);
  const written = await writeReports(run, outputs);
  io.err.write(`reports: ${written.files.map((f) => relative(process.cwd(), f) || f).join(', ')}\n`);
  return results.some((r) => r.outcome === 'fail' || r.outcome === 'error') ? 1 : 0;
}
