import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../config/errors.js';
import type { ApiVersion, CheckResult, LoadResult } from '../../model/index.js';
import { getValidator } from '../../schema/index.js';
import { prepareQuery } from '../list-expect.js';
import { probe, type ProfileContext } from '../profile-run.js';
import type { LoadProfile } from '../profile.js';
import { checkListBody } from '../sample-check.js';
import { judgeArtillery } from './judge.js';
import { readArtilleryReport } from './report.js';
import { runArtillery, type ArtilleryCommand } from './run.js';
import { PROCESSOR_FILE, PROCESSOR_SOURCE, renderArtilleryScript } from './script.js';
import { profileScriptInput } from './export.js';

/** `evconf load --engine artillery`: one profile through Artillery, judged like the autocannon engine's. */

export interface ArtilleryContext extends ProfileContext {
  artillery: ArtilleryCommand;
  /** Folder of the scripts and reports (--out, or a temporary folder). */
  dir: string;
  runId: string;
  /** Credentials and --header values, handed to Artillery through its environment. */
  env: Record<string, string>;
  auth: boolean;
  headerNames: string[];
  versionHeader?: string;
}

/** Readiness probe of each query (also the bodies load.correct checks), then the script run by Artillery. */
/** Resolves undefined when the run was interrupted before Artillery wrote its report. */
export async function runArtilleryProfile(ctx: ArtilleryContext, p: LoadProfile, v: ApiVersion): Promise<{ load: LoadResult; results: CheckResult[] } | undefined> {
  const queries = p.queries.map((q) => prepareQuery(q, ctx.plan, v));
  const exchanges = [];
  const checked = { bodies: 0, valid: 0, problems: [] as string[] };
  for (const q of queries) {
    const ex = await probe(ctx, q, v);
    exchanges.push(ex);
    if (ex.response?.status !== 200 || ex.response.truncated) continue;
    const problems = checkListBody(ex.response.body, q.expect, getValidator(v));
    checked.bodies++;
    if (problems.length === 0) checked.valid++;
    checked.problems.push(...problems.map((x) => (queries.length > 1 ? `${q.path}: ${x}` : x)));
  }
  const input = profileScriptInput({ ...p, apiVersion: v }, {
    baseUrl: ctx.baseUrl, plan: ctx.plan, apiVersion: v, auth: ctx.auth, headerNames: ctx.headerNames, timeoutMs: ctx.timeoutMs, runId: ctx.runId,
    ...(ctx.versionHeader !== undefined ? { versionHeader: ctx.versionHeader } : {}), ...(ctx.durationS !== undefined ? { durationS: ctx.durationS } : {}),
  })!;
  const script = join(ctx.dir, `${p.name}.yml`);
  const report = join(ctx.dir, `${p.name}.json`);
  writeFileSync(join(ctx.dir, PROCESSOR_FILE), PROCESSOR_SOURCE);
  writeFileSync(script, renderArtilleryScript(input));
  const run = await runArtillery({
    artillery: ctx.artillery, script, report, env: ctx.env,
    timeoutMs: (input.durationS + 90) * 1000, ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  if (!existsSync(report)) {
    if (ctx.signal?.aborted) return undefined;
    throw new UsageError(`Artillery wrote no report for profile ${p.name} (exit ${run.exitCode}): ${run.tail.slice(-3).join(' | ') || 'no output'}`);
  }
  const m = readArtilleryReport(report).find((x) => x.profile === p.name);
  if (!m) throw new UsageError(`Artillery's report ${report} holds no requests of profile ${p.name}`);
  return judgeArtillery({
    profile: p, apiVersion: v, url: `${ctx.baseUrl}${queries[0].path}`, m, levels: ctx.levels, advisory: ctx.advisory ?? [],
    checked: { ...checked, problems: checked.problems.slice(0, 10) }, exchanges,
    ...(run.cpuPct !== undefined ? { cpuPct: run.cpuPct } : {}),
  });
}
