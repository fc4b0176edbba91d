/**
 * GitHub Actions workflow commands: failures as `::error` annotations on stdout, incomplete
 * versions as `::warning`, the run's headline as `::notice`. Escaping follows GitHub's workflow-command rules:
 * in data `%`, CR and LF become %25, %0D, %0A; in properties also `:` and `,` become %3A and %2C.
 * GitHub shows at most 10 error annotations per step, so failures are grouped by rule and message across
 * versions (one bug in seven versions is one annotation) and capped, the last saying how many were left out.
 */
import type { CheckResult, RunResult } from '../model/index.js';
import { findings, type Finding } from './findings.js';
import { redactRun } from '../redact/patterns.js';
import { versionVerdicts } from './tally.js';
import { headline, untestedByReason } from './verdict-text.js';
import { entryAdvice, entryTitle, knownView } from './known.js';

/** Notices for known deviations per step at most; the last one counts the rest (they are in the summary and report). */
const MAX_KNOWN_NOTICES = 10;

/** Error annotations GitHub shows per step (docs: "10 error annotations … per step"). */
export const MAX_ERROR_ANNOTATIONS = 10;
const MAX_MESSAGE = 2000;
const MAX_CURL_LINES = 6;

export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export interface AnnotationOptions {
  /** Error annotations at most (default 10, GitHub's per-step limit); the last one counts what was left out. */
  max?: number;
  /** Maps a result's source file (relative to the evconf package) to the path an annotation should name. */
  fileOf?: (file: string) => string;
  /** Only these failing results are annotated (e.g. the new failures against a baseline). */
  only?: (r: CheckResult) => boolean;
  /** Workflow commands to add before the verdict (e.g. what changed against a baseline). */
  extra?: readonly string[];
}

/** One workflow command line (`::error title=…::message`), its properties and message escaped. */
export function workflowCommand(kind: 'error' | 'warning' | 'notice', props: Record<string, string | undefined>, message: string): string {
  const p = Object.entries(props).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `${k}=${escapeProperty(v!)}`).join(',');
  const text = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
  return `::${kind}${p ? ` ${p}` : ''}::${escapeData(text)}`;
}

function findingAnnotation(f: Finding, opts: AnnotationOptions): string {
  const r = f.first;
  const src = r.source ? /^(.*?)(?::(\d+))?(?::\d+)?$/.exec(r.source) : null;
  const file = src?.[1] ? (opts.fileOf ? opts.fileOf(src[1]) : src[1]) : undefined;
  const title = `${r.outcome === 'error' ? 'evconf error in ' : ''}${r.rule} [${f.versions.join(', ')}]`;
  const curl = (r.curl ?? r.exchanges[0]?.curl ?? '').split('\n').filter(Boolean);
  const shownCurl = curl.slice(0, MAX_CURL_LINES).map((l) => `$ ${l}`);
  if (curl.length > shownCurl.length) shownCurl.push(`(${curl.length - shownCurl.length} more requests in the report)`);
  const body = [`${r.level} ${r.endpoint}: ${r.message}`, ...shownCurl].join('\n');
  return workflowCommand('error', { file, line: file ? src?.[2] : undefined, title }, body);
}

/**
 * Known deviations as `::notice` (never `::error`: they do not fail the job), one per expectation;
 * fixed and stale expectations as `::warning`, or `::error` under --strict-expectations (then they fail the job).
 */
function knownAnnotations(run: RunResult): string[] {
  const view = knownView(run);
  if (!view) return [];
  const shown = view.known.length > MAX_KNOWN_NOTICES ? view.known.slice(0, MAX_KNOWN_NOTICES - 1) : view.known;
  const lines = shown.map((e) => workflowCommand('notice', { title: `evconf known deviation: ${entryTitle(e)}` }, `${e.why}\ndocumented: ${e.documented} (${e.at})`));
  if (shown.length < view.known.length) {
    const rest = view.known.slice(shown.length);
    lines.push(workflowCommand('notice', { title: `evconf: ${rest.length} more known deviations` }, rest.map((e) => e.rule).join(', ')));
  }
  const kind = run.expectations?.strict ? 'error' : 'warning';
  for (const e of [...view.fixed, ...view.stale]) lines.push(workflowCommand(kind, { title: `evconf expectation ${e.status}: ${e.rule}` }, entryAdvice(e)));
  return lines;
}

/** The workflow commands of a run, one per line (empty when nothing failed and every version is complete). */
export function renderAnnotations(input: RunResult, opts: AnnotationOptions = {}): string {
  const run = redactRun(input);
  const max = Math.max(1, opts.max ?? MAX_ERROR_ANNOTATIONS);
  const all = findings(opts.only ? { ...run, results: run.results.filter(opts.only) } : run);
  const shown = all.length > max ? all.slice(0, max - 1) : all;
  const lines = shown.map((f) => findingAnnotation(f, opts));
  if (shown.length < all.length) {
    const rest = all.slice(shown.length);
    const checks = rest.reduce((a, f) => a + f.checks, 0);
    const rules = [...new Set(rest.map((f) => f.first.rule))];
    lines.push(workflowCommand('error', { title: `evconf: ${rest.length} more failures not annotated` },
      `${checks} more failing checks in ${rules.length} rules: ${rules.join(', ')}. The job summary and the HTML report list them all.`));
  }
  lines.push(...knownAnnotations(run));
  const verdicts = versionVerdicts(run);
  for (const v of verdicts) {
    if (v.verdict !== 'incomplete') continue;
    const groups = untestedByReason(v);
    const n = groups.reduce((a, g) => a + g.rules.length, 0);
    const stopped = (v as { stopped?: string }).stopped;
    const text = [stopped ? `run stopped early: ${stopped}` : '', ...groups.map((g) => `${g.rules.length} untested (${g.reason}): ${g.rules.join(', ')}`)]
      .filter(Boolean).join('\n');
    lines.push(workflowCommand('warning', { title: `evconf: API ${v.apiVersion} incomplete${n ? `, ${n} MUST rules not tested` : ''}` }, text || 'no check ran'));
  }
  lines.push(...(opts.extra ?? []));
  lines.push(workflowCommand('notice', { title: 'evconf verdict' }, `${headline(verdicts).text} (${run.target.baseUrl})`));
  return `${lines.join('\n')}\n`;
}
