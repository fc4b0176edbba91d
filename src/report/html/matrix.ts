/** Rule × version matrix (ARCHITECTURE.md § Reports): one cell per rule and version, linking to that cell's results. */
import esc from 'escape-html';
import type { RunResult } from '../../model/index.js';
import { SHOWN_ORDER, shownOutcome, type ShownOutcome } from '../known.js';
import { loadVersions, notRunReason } from '../stages.js';
import { endpointFamily, runVersions, versionIndex } from '../tally.js';

export type CellState = ShownOutcome | 'na' | 'notrun' | 'none';
const SYMBOL: Record<CellState, string> = { pass: '✔', fail: '✘', error: '⚠', warn: '!', known: '≈', skip: '⊘', na: 'n.a.', notrun: '–', none: '·' };
const TITLE: Record<CellState, string> = {
  pass: 'passed', fail: 'failed', error: 'evconf error', warn: 'warning', known: 'known deviation (failed as the expectations say)', skip: 'skipped',
  na: 'not applicable to this version', notrun: 'not run: its stage did not run', none: 'no check ran',
};
/** Worst first: the cell shows the worst outcome among its checks (a new failure beats a known one; a pass beats a skip). */
const SEVERITY: readonly ShownOutcome[] = ['fail', 'error', 'warn', 'known', 'pass', 'skip'];
type Counts = Partial<Record<ShownOutcome, number>>;

type RuleRow = { id: string; level: string; since?: string; until?: string; endpoint: string };

export function applies(rule: { since?: string; until?: string }, version: string): boolean {
  const v = versionIndex(version);
  return (rule.since === undefined || versionIndex(rule.since) <= v) && (rule.until === undefined || v <= versionIndex(rule.until));
}

/** Rules of the run (run.rules order) plus any rule id seen only in results. */
export function matrixRules(run: RunResult): RuleRow[] {
  const rows: RuleRow[] = [...(run.rules ?? [])];
  const known = new Set(rows.map((r) => r.id));
  for (const r of run.results) {
    if (!known.has(r.rule)) {
      known.add(r.rule);
      rows.push({ id: r.rule, level: r.level, endpoint: r.endpoint });
    }
  }
  return rows;
}

/** Counts of the shown outcomes (a failure the expectations explain is `known`) per `rule\u0000version`. */
export function cellCounts(run: RunResult): Map<string, Counts> {
  const cells = new Map<string, Counts>();
  for (const r of run.results) {
    const key = `${r.rule}\u0000${r.apiVersion}`;
    const c = cells.get(key) ?? {};
    const o = shownOutcome(r);
    c[o] = (c[o] ?? 0) + 1;
    cells.set(key, c);
  }
  return cells;
}

/** `notRun`: why the rule's stage did not run in this version (src/report/stages.ts), if it did not. */
export function cellState(rule: RuleRow, version: string, counts: Counts | undefined, notRun?: string): CellState {
  if (counts) for (const o of SEVERITY) if (counts[o]) return o;
  if (rule.since === undefined && rule.until === undefined) return 'na';
  if (!applies(rule, version)) return 'na';
  return notRun ? 'notrun' : 'none';
}

function cell(rule: RuleRow, version: string, counts: Counts | undefined, notRun: string | undefined): string {
  const state = cellState(rule, version, counts, notRun);
  const detail = counts ? SHOWN_ORDER.filter((o) => counts[o]).map((o) => `${counts[o]} ${o}`).join(', ')
    : state === 'notrun' ? `not run: ${notRun}` : TITLE[state];
  const title = esc(`${rule.id} · ${version}: ${detail}`);
  if (!counts) return `<td class="m-${state}" title="${title}">${SYMBOL[state]}</td>`;
  const href = `#rule=${encodeURIComponent(rule.id)}&version=${encodeURIComponent(version)}`;
  return `<td class="m-${state}"><a href="${esc(href)}" title="${title}">${SYMBOL[state]}</a></td>`;
}

export function matrixHtml(run: RunResult): string {
  const versions = runVersions(run);
  const counts = cellCounts(run);
  const ran = loadVersions(run);
  const byFamily = new Map<string, RuleRow[]>();
  for (const r of matrixRules(run)) {
    const f = endpointFamily({ rule: r.id, endpoint: r.endpoint });
    byFamily.set(f, [...(byFamily.get(f) ?? []), r]);
  }
  const head = `<tr><th scope="col">Rule</th>${versions.map((v) => `<th scope="col">${esc(v)}</th>`).join('')}</tr>`;
  const body = [...byFamily].map(([family, rules]) =>
    `<tr class="fam"><th colspan="${versions.length + 1}" scope="rowgroup">${esc(family)}</th></tr>` +
    rules.map((r) => `<tr><th scope="row"><code>${esc(r.id)}</code> <span class="lvl lvl-${esc(r.level)}">${esc(r.level)}</span></th>` +
      versions.map((v) => cell(r, v, counts.get(`${r.id}\u0000${v}`), notRunReason(run, r.id, v, ran))).join('') + '</tr>').join('')).join('');
  // Without expectations no cell is known: the legend does not name it.
  const legend = (Object.keys(SYMBOL) as CellState[]).filter((st) => st !== 'known' || run.expectations).map((s) => `<span class="m-${s}"><b>${SYMBOL[s]}</b> ${TITLE[s]}</span>`).join('');
  return `<div class="legend">${legend}</div><div class="scroll"><table class="matrix"><thead>${head}</thead><tbody>${body}</tbody></table></div>`;
}
