/**
 * The Markdown job summary for GitHub Actions ($GITHUB_STEP_SUMMARY): the headline, a verdict
 * per version (incomplete ones with their untested rules and why), then the failures with rule, message and the
 * curl lines that replay them. Text from the server is escaped so that it renders as text (no markup, no image
 * fetched, no link made up by a server); curl lines sit in code fences longer than any backtick run inside.
 * GitHub accepts at most 1 MiB per step summary: failures are capped and the text is kept under that size.
 */
import type { RunResult } from '../model/index.js';
import { findings, type Finding } from './findings.js';
import { redactRun } from '../redact/patterns.js';
import { formatDuration, versionVerdicts } from './tally.js';
import { headline, stoppedReason, untestedByReason, verdictWords } from './verdict-text.js';
import { entryAdvice, entryTitle, knownView, linkOf } from './known.js';

export const MAX_SUMMARY_FINDINGS = 50;
/** Bytes kept below GitHub's 1 MiB per-step limit, leaving room for other steps' summaries of the job. */
export const MAX_SUMMARY_BYTES = 512 * 1024;
const MAX_CURL_LINES = 12;

/** Markdown-inert text: HTML and Markdown punctuation escaped, on one line. */
export function mdText(s: string): string {
  return s.replace(/\s+/g, ' ').trim()
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]{}()#+!|~])/g, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2').replace(/^([-=])/, '\\$1');
}

/** Inline code that no backtick inside can close. */
export function mdCode(s: string): string {
  const flat = s.replace(/\s+/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${flat.startsWith('`') || flat.endsWith('`') ? ` ${flat} ` : flat}${fence}`;
}

/** A fenced code block that no line inside can close. */
export function mdBlock(text: string, lang = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

function verdictTable(run: RunResult): string[] {
  const rows = versionVerdicts(run).map((v) => {
    const w = verdictWords(v);
    return `| ${v.apiVersion} | ${w.icon} ${w.label} | ${v.passed} | ${v.failed} | ${v.errored} | ${v.warned} | ${v.skipped} |`;
  });
  return ['| API version | verdict | passed | failed | errors | warned | skipped |', '|---|---|--:|--:|--:|--:|--:|', ...rows];
}

function incompleteDetails(run: RunResult): string[] {
  const out: string[] = [];
  for (const v of versionVerdicts(run)) {
    if (v.verdict !== 'incomplete') continue;
    const groups = untestedByReason(v);
    const n = groups.reduce((a, g) => a + g.rules.length, 0);
    const stopped = stoppedReason(v);
    out.push('', `<details><summary>API ${v.apiVersion} is incomplete${n ? `: ${n} MUST rule${n === 1 ? '' : 's'} not tested` : ''}</summary>`, '');
    if (stopped) out.push(`- run stopped early: ${mdText(stopped)}`);
    for (const g of groups) out.push(`- ${mdText(g.reason)} (${g.rules.length}): ${g.rules.map(mdCode).join(', ')}`);
    if (!stopped && groups.length === 0) out.push('- no check ran');
    out.push('', '</details>');
  }
  return out;
}

/** Known deviations: why and where documented per expectation, then the fixed and stale ones. */
function knownMd(run: RunResult): string[] {
  const view = knownView(run);
  if (!view) return [];
  const doc = (d: string) => {
    const link = linkOf(d);
    return link ? `[${mdText(link)}](${encodeURI(link)})${d.length > link.length ? ` ${mdText(d.slice(link.length))}` : ''}` : mdText(d);
  };
  const out = ['', `### Known deviations (${view.known.length})`, ''];
  out.push(...view.known.map((e) => `- ≈ ${mdCode(entryTitle(e))}: ${mdText(e.why)} (documented: ${doc(e.documented)})`));
  for (const e of [...view.fixed, ...view.stale]) out.push(`- ${e.status === 'fixed' ? '✔ fixed' : '○ stale'} ${mdCode(e.rule)}: ${mdText(entryAdvice(e))}`);
  return out;
}

function findingMd(f: Finding): string[] {
  const r = f.first;
  const mark = r.outcome === 'error' ? '⚠ evconf error in' : '✘';
  const out = ['', `#### ${mark} ${mdCode(r.rule)} · ${r.level} · ${mdCode(r.endpoint)} · API ${f.versions.join(', ')}`, '', mdText(r.message)];
  const curl = (r.curl ?? r.exchanges[0]?.curl ?? '').split('\n').filter(Boolean);
  if (curl.length) {
    const shown = curl.slice(0, MAX_CURL_LINES);
    out.push('', mdBlock(shown.join('\n'), 'sh'));
    if (curl.length > shown.length) out.push(`(${curl.length - shown.length} more requests in the HTML report)`);
  }
  const at = [r.source ? `at ${mdCode(r.source)}` : '', r.replay ? `replay: ${mdCode(r.replay)}` : ''].filter(Boolean);
  if (at.length) out.push('', at.join(' · '));
  return out;
}

export interface SummaryOptions {
  /** Where the full reports were written, shown at the end (e.g. `reports/<run id>/index.html`). */
  reports?: string[];
  /** Markdown shown first (e.g. what changed against a baseline). */
  before?: string;
}

/** The summary as Markdown, ending with a newline (appended to $GITHUB_STEP_SUMMARY). */
export function renderStepSummary(input: RunResult, opts: SummaryOptions = {}): string {
  const run = redactRun(input);
  const h = headline(versionVerdicts(run));
  const icon = h.tone === 'good' ? '✔' : h.tone === 'bad' ? '✘' : '◌';
  const facts = [`target ${mdCode(run.target.baseUrl)}${run.target.reference ? ' (embedded reference server)' : ''}`,
    run.target.mutant ? `mutant ${mdCode(run.target.mutant)}` : '', `run ${mdCode(run.runId)}`, `seed ${run.seed}`, formatDuration(run.durationMs)].filter(Boolean);
  const head = [...(opts.before ? [opts.before] : []), `## ${icon} evconf: ${mdText(h.text)}`, '', facts.join(' · '), '', ...verdictTable(run), ...incompleteDetails(run), ...knownMd(run)];
  const all = findings(run);
  const tail = opts.reports?.length ? ['', `Reports: ${opts.reports.map(mdCode).join(', ')}`] : [];
  if (all.length === 0) return `${[...head, '', run.expectations ? 'No new failure.' : 'No check failed.', ...tail].join('\n')}\n`;
  const checks = all.reduce((a, f) => a + f.checks, 0);
  const lines = [...head, '', `### Failures (${checks} check${checks === 1 ? '' : 's'}, ${all.length} distinct)`];
  let size = Buffer.byteLength(lines.join('\n')) + 400;
  let shown = 0;
  for (const f of all.slice(0, MAX_SUMMARY_FINDINGS)) {
    const part = findingMd(f);
    const bytes = Buffer.byteLength(part.join('\n'));
    if (size + bytes > MAX_SUMMARY_BYTES) break;
    lines.push(...part);
    size += bytes;
    shown++;
  }
  if (shown < all.length) lines.push('', `… and ${all.length - shown} more distinct failures: see the HTML report or results.json.`);
  return `${[...lines, ...tail].join('\n')}\n`;
}
