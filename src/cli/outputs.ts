/**
 * What a run leaves behind, as chosen by --format (src/config/formats.ts): report files in the report folder
 * and its latest/ copy plus any explicit --json/--junit/--html path, one "reports:" line naming each file once,
 * and with `github` the workflow-command annotations on stdout and the Markdown job summary appended to
 * $GITHUB_STEP_SUMMARY.
 */
import { randomBytes } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ReportFormat } from '../config/formats.js';
import type { RunResult } from '../model/index.js';
import { renderAnnotations, workflowCommand } from '../report/github-annotations.js';
import { isNewFailure, renderBaselineMarkdown, throughputLine, type BaselineDiff } from '../report/compare/baseline.js';
import { renderStepSummary } from '../report/github-summary.js';
import { writeJsonNow, writeReports, REPORT_FILES, type ReportKind } from '../report/write.js';
import { PROJECT_ROOT } from '../spec/paths.js';

export interface OutputChoice {
  formats: readonly ReportFormat[];
  /** Report folder: files go to <reportDir>/<run id>/ and <reportDir>/latest/. Omit to write explicit paths only. */
  reportDir?: string;
  json?: string;
  junit?: string;
  html?: string;
}

type Io = { out: NodeJS.WritableStream; err: NodeJS.WritableStream };

/** A path as a person reads it: relative to the working directory when inside it, else absolute. */
export function displayPath(abs: string, cwd = process.cwd()): string {
  const rel = relative(cwd, abs);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs;
}

/** Writes the report files the choice asks for; returns the absolute paths written (each once). */
export async function writeRunReports(run: RunResult, choice: OutputChoice): Promise<string[]> {
  const kinds = choice.formats.filter((f): f is ReportKind => f !== 'github');
  const folders = choice.reportDir !== undefined && kinds.length > 0
    ? { dir: join(choice.reportDir, run.runId), latestDir: join(choice.reportDir, 'latest') } : {};
  const { files } = await writeReports(run, {
    ...folders, kinds,
    ...(choice.json ? { json: choice.json } : {}), ...(choice.junit ? { junit: choice.junit } : {}), ...(choice.html ? { html: choice.html } : {}),
  });
  return files;
}

/**
 * Writes the results so far (a RunResult with `partial`) where the run's results.json goes (its run folder and an
 * explicit --json path; not latest/, which keeps the last finished run), so that a run killed before its end still
 * leaves one. Errors are reported on `err`, never thrown: the run goes on.
 */
export function writePartialResults(run: RunResult, choice: OutputChoice, err: NodeJS.WritableStream): void {
  const paths = [
    ...(choice.reportDir !== undefined && choice.formats.includes('json') ? [join(choice.reportDir, run.runId, REPORT_FILES.json)] : []),
    ...(choice.json ? [choice.json] : []),
  ];
  try {
    writeJsonNow(run, paths);
  } catch (e) {
    err.write(`evconf: cannot write the partial results (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})\n`);
  }
}

/**
 * `reports: reports/<id>/results.json, reports/<id>/report.xml, reports/<id>/index.html (also in reports/latest/), out.xml`:
 * each file once; the latest/ copies are named by their folder.
 */
export function reportsLine(files: readonly string[], reportDir?: string): string {
  if (files.length === 0) return 'reports: none written (--format chose none)';
  const latest = reportDir !== undefined ? resolve(reportDir, 'latest') + sep : undefined;
  const parts: string[] = [];
  let noted = false;
  for (const f of files) {
    const copy = latest !== undefined && f.startsWith(latest);
    if (copy && parts.length > 0) {
      if (!noted) parts[parts.length - 1] += ` (also in ${displayPath(latest.slice(0, -1))}${sep})`;
      noted = true;
    } else parts.push(displayPath(f));
  }
  return `reports: ${parts.join(', ')}`;
}

/** Annotation paths: evconf's own source files as seen from the working directory (GitHub's workspace), if inside it. */
function annotationFile(file: string): string {
  const shown = displayPath(resolve(PROJECT_ROOT, file));
  return isAbsolute(shown) ? '' : shown;
}

/** Against a baseline: fixed rules and throughput moves as annotations (a drop beyond the tolerance as an error). */
function baselineAnnotations(d: BaselineDiff): string[] {
  const lines = d.fixed.map((c) => workflowCommand('notice', { title: `evconf: fixed since the baseline: ${c.rule} [${c.versions.join(', ')}]` }, `failed in the baseline (${d.file}), passes now`));
  for (const t of d.throughput) {
    lines.push(workflowCommand(t.regression ? 'error' : 'notice', { title: `evconf: throughput ${t.regression ? 'down' : 'up'} beyond ±${d.tolerancePct}%` }, `${throughputLine(t)} against the baseline ${d.file}`));
  }
  return lines;
}

/** With `github`: annotations on stdout, the Markdown summary appended to $GITHUB_STEP_SUMMARY. */
export async function emitGithub(run: RunResult, files: readonly string[], io: Io, env: NodeJS.ProcessEnv, baseline?: BaselineDiff): Promise<void> {
  // Against a baseline only the new failures are annotated as errors, with what else changed (src/report/compare/baseline.ts).
  io.out.write(renderAnnotations(run, { fileOf: annotationFile, ...(baseline ? { only: (r) => isNewFailure(baseline, r), extra: baselineAnnotations(baseline) } : {}) }));
  const target = env.GITHUB_STEP_SUMMARY;
  if (!target) {
    io.err.write('evconf: GITHUB_STEP_SUMMARY is not set, so the Markdown job summary was not written (--format github)\n');
    return;
  }
  const reports = files.filter((f) => f.endsWith('.html') && !f.includes(`${sep}latest${sep}`)).map((f) => displayPath(f));
  try {
    await appendFile(target, renderStepSummary(run, { reports, ...(baseline ? { before: renderBaselineMarkdown(baseline) } : {}) }), 'utf8');
  } catch (e) {
    io.err.write(`evconf: cannot append the job summary to GITHUB_STEP_SUMMARY (${target}): ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`);
  }
}

/**
 * With `github`: everything printed between this call and the returned function is not parsed for workflow
 * commands (GitHub's `::stop-commands::TOKEN`): the console summary quotes what the server sent, and a server must
 * not be able to print `::error`, `::add-mask::` or the like into the job. The token is random per run.
 */
export function suspendWorkflowCommands(choice: { formats: readonly ReportFormat[] }, io: Pick<Io, 'out'>): () => void {
  if (!choice.formats.includes('github')) return () => undefined;
  const token = `evconf-${randomBytes(12).toString('hex')}`;
  io.out.write(`::stop-commands::${token}\n`);
  return () => io.out.write(`::${token}::\n`);
}

/** Everything after the console summary: the reports line, then the GitHub output when chosen. */
export async function finishOutputs(run: RunResult, choice: OutputChoice, files: readonly string[], io: Io, env: NodeJS.ProcessEnv = process.env, baseline?: BaselineDiff): Promise<void> {
  io.out.write(`\n${reportsLine(files, choice.reportDir)}\n`);
  if (choice.formats.includes('github')) await emitGithub(run, files, io, env, baseline);
}
