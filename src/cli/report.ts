import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from '../config/errors.js';
import { parseFormats, type ReportFormat } from '../config/formats.js';
import type { RunResult } from '../model/index.js';
import { emitGithub, reportsLine, writeRunReports } from './outputs.js';

/**
 * `evconf report FILE.json`: re-renders HTML and JUnit from a results file (reporters only read results), or with
 * `--format github` the annotations and job summary (e.g. in a later CI step than the run).
 */
export async function reportCommand(file: string, flags: Record<string, unknown>, io: { out: NodeJS.WriteStream; err: NodeJS.WriteStream }, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const formats: ReportFormat[] = flags.format === undefined ? ['junit', 'html'] : parseFormats(flags.format, env);
  if (formats.includes('json')) throw new UsageError('evconf report: the results file is the input, so --format json has nothing to write; use html, junit or github');
  let run: RunResult;
  try {
    run = JSON.parse(readFileSync(file, 'utf8')) as RunResult;
  } catch (e) {
    throw new UsageError(`cannot read results ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (!run || run.tool?.name !== 'evconf' || !Array.isArray(run.results)) throw new UsageError(`${file} is not an evconf results file`);
  // Only HTML and JUnit are rendered (explicit paths, no report folder): the results file is the input and is never rewritten.
  const dir = dirname(file);
  const files = await writeRunReports(run, {
    formats: [],
    ...(formats.includes('html') ? { html: String(flags.html ?? join(dir, 'index.html')) } : {}),
    ...(formats.includes('junit') ? { junit: String(flags.junit ?? join(dir, 'report.xml')) } : {}),
  });
  if (files.length) io.out.write(`${reportsLine(files)}\n`);
  if (formats.includes('github')) await emitGithub(run, files, io, env);
  return 0;
}
