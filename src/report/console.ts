/** Console summary and TTY progress line (ARCHITECTURE.md § Contracts: progress on a TTY; NO_COLOR/non-TTY give plain lines). */
import pc from 'picocolors';
import type { CheckResult, LoadResult, RunResult } from '../model/index.js';
import { exchangeLine } from './evidence.js';
import { redactRun } from '../redact/patterns.js';
import { formatDuration, isLoadRule, sortResults, versionVerdicts, type VersionVerdict } from './tally.js';
import { loadTableLines } from './load-table.js';
import { entryAdvice, entryTitle, knownView } from './known.js';
import { knownText, onlyKnown } from './verdict-text.js';
import { detailedTiming, timingLine } from './timing.js';

type Colors = ReturnType<typeof pc.createColors>;

function countsText(v: Omit<VersionVerdict, 'apiVersion' | 'conformant'>): string {
  const failed = v.knownFailures !== undefined ? [`${v.failed - v.knownFailures} new failures`, `${v.knownFailures} known`] : [`${v.failed} failed`];
  const parts = [`${v.passed} passed`, ...failed, `${v.warned} warned`, `${v.skipped} skipped`];
  if (v.errored > 0) parts.push(`${v.errored} error${v.errored === 1 ? '' : 's'}`);
  return parts.join(', ');
}

function verdictLines(run: RunResult, c: Colors): string[] {
  const verdicts = versionVerdicts(run);
  const width = Math.max(...verdicts.map((v) => v.apiVersion.length));
  return verdicts.map((v) => {
    const gaps = v.untested.filter((u) => !u.allowed).length;
    if (v.verdict === 'not-offered') return `${v.apiVersion.padEnd(width)}  ${c.dim('– not offered   ')}  ${v.notOffered ?? ''}`;
    const label = v.verdict === 'conformant' ? c.green('✔ conformant    ')
      : onlyKnown(v) ? c.yellow(`≈ ${knownText(v)}`)
        : v.verdict === 'not-conformant' ? c.red(c.bold('✘ not conformant')) : c.yellow(c.bold('◌ incomplete    '));
    const why = v.verdict !== 'incomplete' && !onlyKnown(v) ? '' : [v.stopped ? `stopped: ${v.stopped}` : '', gaps ? `${gaps} MUST rule${gaps === 1 ? '' : 's'} untested` : '', v.total === 0 ? 'no checks' : '']
      .filter(Boolean).join('; ');
    return `${v.apiVersion.padEnd(width)}  ${label}  ${countsText(v)}${why ? c.yellow(`  (${why})`) : ''}`;
  });
}

const MAX_UNTESTED_LINES = 25;

/** Untested MUST rules (why a version is incomplete), grouped by rule and reason across versions. */
function untestedSection(run: RunResult, c: Colors): string[] {
  const groups = new Map<string, { rule: string; reason: string; allowed: boolean; versions: string[] }>();
  for (const v of versionVerdicts(run)) {
    for (const u of v.untested) {
      const key = `${u.rule}\u0000${u.reason}\u0000${Boolean(u.allowed)}`;
      const g = groups.get(key) ?? { rule: u.rule, reason: u.reason, allowed: Boolean(u.allowed), versions: [] };
      g.versions.push(v.apiVersion);
      groups.set(key, g);
    }
  }
  if (groups.size === 0) return [];
  const list = [...groups.values()].sort((a, b) => Number(a.allowed) - Number(b.allowed));
  const mark = (allowed: boolean) => (allowed ? c.dim('accepted') : c.yellow('○'));
  const title = c.bold(`Untested MUST rules (${list.length})`);
  if (list.length <= MAX_UNTESTED_LINES) {
    return ['', title, ...list.map((g) => `  ${mark(g.allowed)} ${g.rule} ${c.dim(`[${g.versions.join(', ')}]`)}  ${g.reason}`)];
  }
  // Many: one line per reason, naming the first few rules (results.json lists them all).
  const byReason = new Map<string, typeof list>();
  for (const g of list) byReason.set(`${g.allowed}\u0000${g.reason}`, [...(byReason.get(`${g.allowed}\u0000${g.reason}`) ?? []), g]);
  return ['', title, ...[...byReason.values()].map((gs) => {
    const names = gs.slice(0, 3).map((g) => g.rule).join(', ') + (gs.length > 3 ? ', …' : '');
    return `  ${mark(gs[0].allowed)} ${String(gs.length).padStart(3)} rule${gs.length === 1 ? ' ' : 's'}  ${gs[0].reason}  ${c.dim(`(${names}; results.json: verdicts[].untested)`)}`;
  })];
}

/** Groups results of one outcome by rule and message, so `--api-version all` does not repeat a finding 7×. */
function groupByRule(results: readonly CheckResult[]): CheckResult[][] {
  const groups = new Map<string, CheckResult[]>();
  for (const r of results) {
    const key = `${r.rule}\u0000${r.message}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()];
}

function findingLines(group: CheckResult[], mark: string, c: Colors): string[] {
  const r = group[0];
  const versions = [...new Set(group.map((g) => g.apiVersion))].join(', ');
  const out = [`  ${mark} ${c.bold(r.rule)} ${c.dim(r.level)}  ${r.endpoint}  ${c.dim(`[${versions}]`)}`, `    ${r.message}`];
  const x = r.exchanges[0];
  if (x) out.push(`    ${c.dim(exchangeLine(x))}`);
  const curl = r.curl ?? x?.curl;
  // One line per request, in the order sent (the decisive exchange above is the last of them).
  if (curl) out.push(...curl.split('\n').map((line) => `    ${c.cyan(`$ ${line}`)}`));
  if (r.reads !== undefined) out.push(`    ${c.dim(`settled: ${r.reads} read(s) over ${formatDuration(r.settledMs ?? 0)}`)}`);
  if (r.source) out.push(`    ${c.dim(`at ${r.source}`)}`);
  if (r.replay) out.push(`    ${c.dim(`replay: ${r.replay}`)}`);
  return out;
}

function findingSection(title: string, results: CheckResult[], mark: string, c: Colors): string[] {
  if (results.length === 0) return [];
  return ['', c.bold(`${title} (${results.length})`), ...groupByRule(results).flatMap((g) => findingLines(g, mark, c))];
}

/**
 * Known deviations: one line per expectation that explained failures, with why and where it is
 * documented; then the fixed and stale ones, each with what to do about it.
 */
function knownSection(run: RunResult, c: Colors): string[] {
  const view = knownView(run);
  if (!view) return [];
  const x = run.expectations!;
  const out = ['', c.bold(`Known deviations (${view.known.length}; ${x.known} check${x.known === 1 ? '' : 's'})`) + c.dim(`  expectations: ${x.files.join(', ')}`)];
  for (const e of view.known) {
    out.push(`  ${c.yellow('≈')} ${entryTitle(e)}  ${e.why}${e.staleReason ? c.yellow(`  (stale: ${e.staleReason})`) : ''}`, `    ${c.dim(`documented: ${e.documented}${e.seenIn ? ` · seen in ${e.seenIn}` : ''}`)}`);
  }
  const strict = x.strict ? c.red(' (fails the run: --strict-expectations)') : '';
  if (view.fixed.length) out.push('', c.bold(`Fixed (${view.fixed.length})`) + strict, ...view.fixed.map((e) => `  ${c.green('✔')} ${entryTitle(e)}  ${entryAdvice(e)}`));
  if (view.stale.length) out.push('', c.bold(`Stale (${view.stale.length})`) + strict, ...view.stale.map((e) => `  ${c.yellow('○')} ${entryTitle(e)}  ${entryAdvice(e)}`));
  return out;
}

function warnSection(results: CheckResult[], c: Colors): string[] {
  if (results.length === 0) return [];
  return ['', c.bold(`Warnings (${results.length})`), ...groupByRule(results).map((g) =>
    `  ${c.yellow('!')} ${g[0].rule} ${c.dim(`[${[...new Set(g.map((r) => r.apiVersion))].join(', ')}]`)}  ${g[0].message}`)];
}

function skipSection(results: CheckResult[], c: Colors): string[] {
  if (results.length === 0) return [];
  const reasons = new Map<string, number>();
  for (const r of results) reasons.set(r.message, (reasons.get(r.message) ?? 0) + 1);
  const sorted = [...reasons].sort((a, b) => b[1] - a[1]);
  return ['', c.bold(`Skipped (${results.length})`), ...sorted.map(([why, n]) => `  ${c.dim(`${String(n).padStart(4)}×`)} ${why}`)];
}

function loadSection(load: readonly LoadResult[], c: Colors): string[] {
  if (load.length === 0) return [];
  const saturated = load.some((l) => l.generatorSaturated)
    ? [c.yellow('! the load generator used nearly a full CPU core in the profiles marked "!": the server may be faster than measured')] : [];
  return ['', c.bold('Load'), ...loadTableLines(load, c), ...saturated];
}

/** The end-of-run summary: verdict per version, then failures, errors, warnings, skip reasons, load, leftovers. */
export function renderSummary(input: RunResult, opts: { color: boolean }): string {
  const run = redactRun(input);
  const c = pc.createColors(opts.color);
  const conf = sortResults(run.results.filter((r) => !isLoadRule(r.rule)));
  // A result an expectation explains is listed under Known deviations, not with the failures, warnings or skips.
  const by = (o: CheckResult['outcome']) => conf.filter((r) => r.outcome === o && r.expectation?.status !== 'known');
  const target = `${run.target.baseUrl}${run.target.reference ? ' (reference server)' : ''}`;
  const lines = [
    c.dim(`evconf ${run.tool.version} · run ${run.runId} · seed ${run.seed} · ${formatDuration(run.durationMs)} · ${target}`),
    ...verdictLines(run, c),
    ...detailedTiming(run).map((t) => c.dim(timingLine(t))),
    ...findingSection(run.expectations ? 'New failures' : 'Failures', by('fail'), c.red('✘'), c),
    ...findingSection('Errors (evconf could not check)', by('error'), c.magenta('⚠'), c),
    ...knownSection(run, c),
    ...untestedSection(run, c),
    ...warnSection(by('warn'), c),
    ...skipSection(by('skip'), c),
    ...loadSection(run.load, c),
  ];
  if (run.leftovers && run.leftovers.length > 0) {
    lines.push('', c.bold(c.yellow(`Leftovers (${run.leftovers.length}): events created by this run that could not be deleted`)),
      ...run.leftovers.map((id) => `  ${id}`));
  }
  return `${lines.join('\n')}\n`;
}

/** One TTY progress line, e.g. `scenarios 1.6.0 [██████░░░░] 142/300  47%  3 failed`. */
export function renderProgressLine(p: { phase: string; done: number; total: number; failed: number; version?: string }): string {
  const width = 20;
  const ratio = p.total > 0 ? Math.min(1, Math.max(0, p.done / p.total)) : 0;
  const filled = Math.round(ratio * width);
  const bar = p.total > 0 ? ` [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${p.done}/${p.total} ${String(Math.floor(ratio * 100)).padStart(3)}%` : ` ${p.done} done`;
  const failed = p.failed > 0 ? `  ${p.failed} failed` : '';
  return `${p.phase}${p.version ? ` ${p.version}` : ''}${bar}${failed}`;
}
