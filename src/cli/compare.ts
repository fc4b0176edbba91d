/**
 * `evconf compare RESULTS…`: two or more results files side by side (src/report/compare/): the console summary,
 * one self-contained HTML page, and with `--format json` the differences as data. The first file is the baseline.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../config/errors.js';
import type { RunResult } from '../model/index.js';
import { compareRuns, defaultLabels, type CompareInput } from '../report/compare/compare.js';
import { renderCompareHtml } from '../report/compare/html.js';
import { compareJson, renderCompareText } from '../report/compare/text.js';
import { displayPath } from './outputs.js';

export const COMPARE_FORMATS = ['text', 'html', 'json'] as const;
type CompareFormat = (typeof COMPARE_FORMATS)[number];

/** Reads one results file; anything else is a one-line usage error. */
export function readResults(file: string, what = 'results'): RunResult {
  let run: RunResult;
  try {
    run = JSON.parse(readFileSync(file, 'utf8')) as RunResult;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${what} ${file}: ${code ?? `not JSON (${(e as Error).message.split('\n')[0]})`}`);
  }
  if (!run || typeof run !== 'object' || run.tool?.name !== 'evconf' || !Array.isArray(run.results) || !run.target) throw new UsageError(`${file} is not an evconf results file (${what})`);
  if (!Array.isArray(run.load)) run = { ...run, load: [] };
  return run;
}

function formatsOf(value: unknown): CompareFormat[] {
  if (value === undefined) return ['text', 'html'];
  const items = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(',')).map((s) => s.trim()).filter(Boolean);
  for (const f of items) if (!(COMPARE_FORMATS as readonly string[]).includes(f)) throw new UsageError(`--format: unknown format "${f}"; evconf compare writes ${COMPARE_FORMATS.join(', ')}`);
  if (!items.length) throw new UsageError(`--format: give one or more of ${COMPARE_FORMATS.join(', ')}`);
  return [...new Set(items)] as CompareFormat[];
}

/** The runs with their labels: --label in the order of the files, else the target (src/report/compare/compare.ts). */
export function compareInputs(files: readonly string[], labels: readonly string[] = []): CompareInput[] {
  if (files.length < 2) throw new UsageError(`evconf compare: give two results files or more (got ${files.length})`);
  if (labels.length > files.length) throw new UsageError(`--label: ${labels.length} labels for ${files.length} results files; give at most one per file, in their order`);
  const runs = files.map((f) => readResults(f));
  const fallback = defaultLabels(runs);
  const names = runs.map((_, i) => labels[i]?.trim() || fallback[i]);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) throw new UsageError(`--label: two runs are labelled "${dup}"; give each run its own --label`);
  return runs.map((run, i) => ({ label: names[i], run, file: displayPath(resolve(files[i])) }));
}

function write(file: string, text: string): void {
  try {
    mkdirSync(dirname(resolve(file)), { recursive: true });
    writeFileSync(file, text, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

export async function compareCommand(files: string[], flags: Record<string, unknown>, io: { out: NodeJS.WritableStream; err: NodeJS.WritableStream }): Promise<number> {
  const formats = formatsOf(flags.format);
  if (flags.json !== undefined && !formats.includes('json')) formats.push('json');
  const inputs = compareInputs(files, (flags.label as string[] | undefined) ?? []);
  const comparison = compareRuns(inputs);
  const jsonToStdout = formats.includes('json') && flags.json === undefined;
  if (formats.includes('json')) {
    const text = `${JSON.stringify(compareJson(comparison, inputs), null, 2)}\n`;
    if (jsonToStdout) io.out.write(text);
    else write(String(flags.json), text);
  }
  // With the JSON on stdout, the summary would spoil it: it goes to stderr then.
  const textOut = jsonToStdout ? io.err : io.out;
  if (formats.includes('text')) textOut.write(renderCompareText(comparison));
  const written: string[] = [];
  if (formats.includes('html')) {
    const file = String(flags.html ?? 'reports/compare/index.html');
    write(file, renderCompareHtml(inputs, comparison));
    written.push(displayPath(resolve(file)));
  }
  if (!jsonToStdout && flags.json !== undefined && formats.includes('json')) written.push(displayPath(resolve(String(flags.json))));
  if (written.length) textOut.write(`\nreports: ${written.join(', ')}\n`);
  return 0;
}
