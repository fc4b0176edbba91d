/**
 * A run against a baseline run (`evconf run --baseline FILE`): only what changed, for CI. New failures (an
 * unexplained failure where the baseline passed, warned or did not check), fixed rules (a pass where the baseline
 * failed), and throughput that moved by more than the tolerance. Pure: reads the two results only.
 */
import type { CheckResult, RunResult } from '../../model/index.js';
import { compareRuns, type CellState, type Comparison } from './compare.js';

export interface RuleChange {
  rule: string;
  versions: string[];
  /** The baseline's cell in the first of those versions (e.g. "pass", "untested"). */
  was: CellState;
  now: CellState;
}

export interface ThroughputMove {
  profile: string;
  apiVersion: string;
  baselineRps: number;
  rps: number;
  changePct: number;
  /** A drop beyond the tolerance. */
  regression: boolean;
}

export interface BaselineDiff {
  file: string;
  baselineRunId: string;
  tolerancePct: number;
  newFailures: RuleChange[];
  fixed: RuleChange[];
  /** Profiles whose requests/s moved by more than the tolerance, either way. */
  throughput: ThroughputMove[];
  notes: string[];
  /** `rule|version` of every new failure (which results to annotate). */
  newFailureCells: string[];
}

const FAILING = new Set<CellState>(['fail', 'error']);
const WAS_FAILING = new Set<CellState>(['fail', 'error', 'known']);
const PASSING = new Set<CellState>(['pass', 'warn']);

function group(c: Comparison, pick: (was: CellState, now: CellState, ruleChanged: boolean) => boolean): { changes: RuleChange[]; cells: string[] } {
  const changes: RuleChange[] = [];
  const cells: string[] = [];
  for (const row of c.rows) {
    const hit = row.cells.filter((cell) => pick(cell.states[0], cell.states[1], row.ruleChanged !== undefined));
    if (!hit.length) continue;
    changes.push({ rule: row.rule, versions: hit.map((h) => h.apiVersion), was: hit[0].states[0], now: hit[0].states[1] });
    cells.push(...hit.map((h) => `${row.rule}|${h.apiVersion}`));
  }
  return { changes, cells };
}

export function baselineDiff(baseline: RunResult, run: RunResult, o: { file: string; tolerancePct: number }): BaselineDiff {
  const c = compareRuns([{ label: 'baseline', run: baseline }, { label: 'this run', run }]);
  // A rule whose meaning changed since the baseline: the baseline says nothing about it, so a failure now is new.
  const fresh = group(c, (was, now, changed) => FAILING.has(now) && (changed || !WAS_FAILING.has(was)));
  const fixed = group(c, (was, now, changed) => !changed && WAS_FAILING.has(was) && PASSING.has(now));
  const throughput: ThroughputMove[] = [];
  for (const l of c.load) {
    const [b, n] = l.runs;
    const pct = l.rpsChangePct[1];
    if (!b || !n || pct === undefined || Math.abs(pct) <= o.tolerancePct) continue;
    throughput.push({ profile: l.profile, apiVersion: l.apiVersion, baselineRps: b.rps, rps: n.rps, changePct: pct, regression: pct < -o.tolerancePct });
  }
  return { file: o.file, baselineRunId: baseline.runId, tolerancePct: o.tolerancePct, newFailures: fresh.changes, fixed: fixed.changes, throughput, notes: c.notes, newFailureCells: fresh.cells };
}

/** Whether the run regressed against its baseline: a new failure, or throughput down by more than the tolerance. */
export function regressed(d: BaselineDiff): boolean {
  return d.newFailures.length > 0 || d.throughput.some((t) => t.regression);
}

/** Whether a result is one of the new failures (the only ones annotated against a baseline). */
export function isNewFailure(d: BaselineDiff, r: Pick<CheckResult, 'rule' | 'apiVersion' | 'outcome'>): boolean {
  return (r.outcome === 'fail' || r.outcome === 'error') && d.newFailureCells.includes(`${r.rule}|${r.apiVersion}`);
}

const was = (c: RuleChange) => (c.was === 'pass' || c.was === 'warn' ? 'passed' : c.was === 'untested' || c.was === 'skip' || c.was === 'not-offered' || c.was === 'na' || c.was === 'unknown-rule' ? 'not checked' : c.was);
const pct = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)}%`;

export function throughputLine(t: ThroughputMove): string {
  return `${t.profile} [${t.apiVersion}] ${Math.round(t.baselineRps)} → ${Math.round(t.rps)} req/s (${pct(t.changePct)})`;
}

/** The console section: what changed against the baseline, and only that. */
export function renderBaselineText(d: BaselineDiff): string {
  const lines = [`Against the baseline ${d.file} (run ${d.baselineRunId}; throughput tolerance ±${d.tolerancePct}%):`];
  for (const n of d.notes) lines.push(`  note: ${n}`);
  if (!d.newFailures.length && !d.fixed.length && !d.throughput.length) lines.push('  nothing changed: no new failure, no rule fixed, throughput within the tolerance');
  if (d.newFailures.length) {
    lines.push(`  new failures (${d.newFailures.length}):`);
    for (const c of d.newFailures) lines.push(`    ✘ ${c.rule} [${c.versions.join(', ')}] (baseline: ${was(c)})`);
  }
  if (d.fixed.length) {
    lines.push(`  fixed (${d.fixed.length}):`);
    for (const c of d.fixed) lines.push(`    ✔ ${c.rule} [${c.versions.join(', ')}] (baseline: ${c.was})`);
  }
  const down = d.throughput.filter((t) => t.regression);
  const up = d.throughput.filter((t) => !t.regression);
  if (down.length) lines.push(`  throughput down beyond ±${d.tolerancePct}% (${down.length}):`, ...down.map((t) => `    ✘ ${throughputLine(t)}`));
  if (up.length) lines.push(`  throughput up beyond ±${d.tolerancePct}% (${up.length}):`, ...up.map((t) => `    ✔ ${throughputLine(t)}`));
  lines.push(regressed(d) ? '  → fails the run (exit 1): new failures or throughput regressions' : '  → no regression: failures the baseline had too do not fail the run');
  return `${lines.join('\n')}\n`;
}

const md = (s: string) => s.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (ch) => `\\${ch}`);
const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

/** The same as Markdown, shown first in the GitHub job summary. */
export function renderBaselineMarkdown(d: BaselineDiff): string {
  const icon = regressed(d) ? '✘' : '✔';
  const out = [`## ${icon} evconf against the baseline`, '', `${code(d.file)} (run ${code(d.baselineRunId)}), throughput tolerance ±${d.tolerancePct}%`, ''];
  for (const n of d.notes) out.push(`> ${md(n)}`, '');
  if (!d.newFailures.length && !d.fixed.length && !d.throughput.length) out.push('Nothing changed: no new failure, no rule fixed, throughput within the tolerance.', '');
  if (d.newFailures.length) {
    out.push(`### New failures (${d.newFailures.length})`, '', '| Rule | Versions | Baseline |', '| --- | --- | --- |');
    for (const c of d.newFailures) out.push(`| ${code(c.rule)} | ${c.versions.join(', ')} | ${was(c)} |`);
    out.push('');
  }
  if (d.fixed.length) {
    out.push(`### Fixed (${d.fixed.length})`, '', '| Rule | Versions | Baseline |', '| --- | --- | --- |');
    for (const c of d.fixed) out.push(`| ${code(c.rule)} | ${c.versions.join(', ')} | ${c.was} |`);
    out.push('');
  }
  if (d.throughput.length) {
    out.push(`### Throughput beyond ±${d.tolerancePct}%`, '', '| Profile | API | Baseline req/s | Now req/s | Change |', '| --- | --- | ---: | ---: | ---: |');
    for (const t of d.throughput) out.push(`| ${code(t.profile)} | ${t.apiVersion} | ${Math.round(t.baselineRps)} | ${Math.round(t.rps)} | ${t.regression ? '✘ ' : ''}${pct(t.changePct)} |`);
    out.push('');
  }
  return `${out.join('\n')}\n`;
}
