/**
 * The comparison as one self-contained HTML page (like the run report, src/report/html/render.ts): no network, a
 * Content-Security-Policy that lets only this page's own script run, every string of a run escaped on the server
 * side, and the evidence of the differing cells rendered by the client script from embedded JSON with textContent
 * only (the run report's own evidence view, src/report/html/client-evidence.browser.js).
 */
import { createHash } from 'node:crypto';
import esc from 'escape-html';
import type { CheckResult, RunResult } from '../../model/index.js';
import { redactRun } from '../../redact/patterns.js';
import { asset, reportCss } from '../html/assets.js';
import { BODY_CAP_FINDING, BODY_CAP_OTHER, embedJson } from '../html/data.js';
import { shownOutcome } from '../../verdicts/shown.js';
import { formatDuration, sortResults } from '../../verdicts/tally.js';
import { compareRuns, KIND_LABEL, KIND_ORDER, pairChecks, STATE_LABEL, type CellState, type CompareInput, type Comparison, type CompareRow, type LoadFigures } from './compare.js';
import { headline } from './text.js';

const SYMBOL: Record<CellState, string> = {
  pass: '✔', fail: '✘', error: '⚠', warn: '!', known: '≈', skip: '⊘', untested: '·', 'not-offered': '∅', na: 'n.a.', 'unknown-rule': '?',
};

/** Paths as src/report/html/assets.ts reads them (beside itself). */
const PARTS = ['../html/client-dom.browser.js', '../html/client-evidence.browser.js', '../compare/client-compare.browser.js'];

function compareScript(): string {
  return `(function () {\n'use strict';\n${PARTS.map(asset).join('\n')}})();\n`;
}

function section(id: string, title: string, body: string): string {
  return `<section id="${id}" class="sec"><h2>${title}</h2>${body}</section>`;
}

/** Run letters used as column heads: A, B, C … (the runs table says which is which). */
const letter = (i: number) => String.fromCharCode(65 + (i % 26)) + (i >= 26 ? String(Math.floor(i / 26)) : '');

function runsHtml(c: Comparison): string {
  const rows = c.runs.map((r, i) => `<tr><th scope="row"><span class="runl">${letter(i)}</span> ${esc(r.label)}${i === 0 ? ' <span class="tag">baseline</span>' : ''}</th>` +
    `<td><code>${esc(r.baseUrl)}</code>${r.reference ? ' <span class="tag">reference server</span>' : ''}${r.mutant ? ` <span class="tag warn">mutant ${esc(r.mutant)}</span>` : ''}</td>` +
    `<td>${esc(r.apiVersions.join(', '))}</td><td>evconf ${esc(r.toolVersion)}</td><td><code>${esc(String(r.seed))}</code></td>` +
    `<td><code>${esc(r.runId)}</code><br><span class="muted small">${esc(r.startedAt)} · ${esc(formatDuration(r.durationMs))}</span></td>` +
    `<td>${r.file ? `<code>${esc(r.file)}</code>` : ''}${r.command ? `<br><code class="muted small">${esc(r.command)}</code>` : ''}</td></tr>`).join('');
  const notes = c.notes.length ? `<ul class="notes">${c.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : '';
  return `<div class="scroll"><table class="grid"><thead><tr><th>Run</th><th>Target</th><th>API versions</th><th>Tool</th><th>Seed</th><th>Run id</th><th>File · command</th></tr></thead><tbody>${rows}</tbody></table></div>${notes}`;
}

function summaryHtml(c: Comparison): string {
  const s = c.summary;
  const kinds = KIND_ORDER.map((k) => `<span class="kd k-${k}${s.byKind[k] ? '' : ' zero'}"><b>${s.byKind[k]}</b> ${esc(KIND_LABEL[k])}</span>`).join('');
  return `<p class="headline">${esc(headline(c))}</p><p class="kinds">${kinds}</p>` +
    `<p class="muted small">Counted per rule against run A (the baseline), each rule under its weightiest kind, over ${s.cellsDiffering} differing cells (rule × version). ` +
    'A cell one run did not check (no check ran, skipped, version not in that run, rule unknown to it) is "not checked" there and never counts as passing.</p>';
}

function cellHtml(row: CompareRow, ci: number, c: Comparison): string {
  const cell = row.cells[ci];
  return cell.states.map((s, i) => {
    const counts = Object.entries(cell.counts[i]).map(([o, n]) => `${n} ${o}`).join(', ');
    const title = esc(`${row.rule} · ${cell.apiVersion} · ${letter(i)} ${c.runs[i].label}: ${STATE_LABEL[s]}${counts ? ` (${counts})` : ''}`);
    const first = i === 0 ? ' v0' : '';
    if (!cell.differs) return `<td class="m-${s}${first}" title="${title}">${SYMBOL[s]}</td>`;
    const kind = cell.kinds[i] ? ` k-${cell.kinds[i]}` : '';
    return `<td class="m-${s} d${kind}${first}"><button type="button" class="cellbtn" data-cell="${esc(`${row.rule}|${cell.apiVersion}`)}" title="${title}${cell.kinds[i] ? esc(` — ${KIND_LABEL[cell.kinds[i]!]}`) : ''}">${SYMBOL[s]}</button></td>`;
  }).join('');
}

function matrixHtml(c: Comparison): string {
  const n = c.runs.length;
  const head1 = `<tr><th scope="col" rowspan="2">Rule</th>${c.versions.map((v) => `<th scope="colgroup" colspan="${n}" class="v0">${esc(v)}</th>`).join('')}</tr>`;
  const head2 = `<tr>${c.versions.map(() => c.runs.map((r, i) => `<th scope="col" class="runh${i === 0 ? ' v0' : ''}" title="${esc(r.label)}">${letter(i)}</th>`).join('')).join('')}</tr>`;
  const byFamily = new Map<string, CompareRow[]>();
  for (const r of c.rows) byFamily.set(r.family, [...(byFamily.get(r.family) ?? []), r]);
  const body = [...byFamily].map(([family, rows]) =>
    `<tr class="fam${rows.some((r) => r.differs) ? '' : ' same'}"><th colspan="${c.versions.length * n + 1}" scope="rowgroup">${esc(family)}</th></tr>` +
    rows.map((r) => `<tr class="${r.differs ? 'diff' : 'same'}" data-rule="${esc(r.rule)}"><th scope="row"><code>${esc(r.rule)}</code> <span class="lvl lvl-${esc(r.level)}">${esc(r.level)}</span>` +
      `${r.ruleChanged ? ` <span class="tag warn" title="${esc(`not compared: ${r.ruleChanged}`)}">rule changed</span>` : ''}</th>` +
      r.cells.map((_, ci) => cellHtml(r, ci, c)).join('') + '</tr>').join('')).join('');
  const legend = (Object.keys(SYMBOL) as CellState[]).map((s) => `<span class="m-${s}"><b>${SYMBOL[s]}</b> ${esc(STATE_LABEL[s])}</span>`).join('');
  const kinds = KIND_ORDER.map((k) => `<span class="k-${k} kleg">${esc(KIND_LABEL[k])}</span>`).join('');
  const filter = `<div class="filters"><label><input type="checkbox" id="only-diff" checked> only where the runs differ</label>` +
    `<span class="muted small" id="diff-count">${c.summary.rulesDiffering} of ${c.rows.length} rules differ · click a framed cell for the evidence of every run</span></div>`;
  const empty = c.summary.rulesDiffering === 0 ? '<p class="ok" id="no-diff">The runs do not differ in any rule: untick the filter to see every rule.</p>' : '';
  return `${filter}<div class="legend">${legend}</div><div class="legend">differing cells, framed by what they mean against A: ${kinds}</div>${empty}` +
    `<div class="scroll"><table class="matrix cmp only-diff" id="cmp-matrix"><thead>${head1}${head2}</thead><tbody>${body}</tbody></table></div>`;
}

const ms = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: n < 10 ? 2 : 1 });
const badge = (o: string) => `<span class="badge b-${esc(o)}">${esc(o)}</span>`;

function figuresHtml(f: LoadFigures | undefined, change: number | undefined): string {
  if (!f) return '<td colspan="6" class="muted">not run</td>';
  const budgets = Object.entries(f.budgets).map(([rule, o]) => `<span class="m-${esc(o)}" title="${esc(`${rule}: ${o}`)}">${esc(rule.replace(/^load\./, ''))} ${o === 'pass' ? '✔' : o === 'fail' ? '✘' : esc(o)}</span>`).join(' ');
  const delta = change === undefined ? '' : ` <span class="${change < 0 ? 'b-bad' : 'b-ok'} small">${change >= 0 ? '+' : ''}${change.toFixed(1)}%</span>`;
  return `<td class="n">${Math.round(f.rps).toLocaleString('en-US')}${delta}</td><td class="n">${ms(f.p50Ms)}</td><td class="n">${ms(f.p99Ms)}</td>` +
    `<td class="n">${f.errors} / ${f.non2xx}</td><td>${badge(f.outcome)}</td><td class="budg">${budgets || '<span class="muted">—</span>'}</td>`;
}

function loadHtml(c: Comparison): string {
  if (!c.load.length) return '<p class="muted">No run has a load stage (run with --load).</p>';
  const head = `<tr><th rowspan="2">Profile</th><th rowspan="2">API</th>${c.runs.map((r, i) => `<th colspan="6" class="v0">${letter(i)} ${esc(r.label)}</th>`).join('')}</tr>` +
    `<tr>${c.runs.map(() => '<th class="v0">req/s</th><th>p50 ms</th><th>p99 ms</th><th>errors / non-2xx</th><th>outcome</th><th>budgets</th>').join('')}</tr>`;
  const rows = c.load.map((l) => `<tr><th scope="row">${esc(l.profile)}</th><td>${esc(l.apiVersion)}</td>${l.runs.map((f, i) => figuresHtml(f, l.rpsChangePct[i])).join('')}</tr>`).join('');
  return `<p class="muted small">Throughput change is against run A. Budget verdicts are each run's own load.* results.</p><div class="scroll"><table class="grid loadcmp"><thead>${head}</thead><tbody>${rows}</tbody></table></div>`;
}

function cap(body: string | undefined, max: number): { body?: string; reportCut?: number } {
  if (body === undefined) return {};
  return body.length <= max ? { body } : { body: body.slice(0, max), reportCut: body.length };
}

/** A check as the client's evidence view reads it (bodies capped as in the run report). */
function clientResult(r: CheckResult): CheckResult & { shown: string } {
  const max = r.outcome === 'pass' || r.outcome === 'skip' ? BODY_CAP_OTHER : BODY_CAP_FINDING;
  const exchanges = r.exchanges.map((x) => {
    const q = cap(x.request.body, max);
    const request = { ...x.request, ...(q.body !== undefined ? { body: q.body } : {}), ...(q.reportCut ? { reportCut: q.reportCut } : {}) };
    if (!x.response) return { ...x, request };
    const s = cap(x.response.body, max);
    return { ...x, request, response: { ...x.response, body: s.body ?? '', ...(s.reportCut ? { reportCut: s.reportCut } : {}) } };
  });
  return { ...r, exchanges, shown: shownOutcome(r) };
}

/** Evidence of every differing cell: each run's checks of that rule and version, and the checks paired by id. */
function clientData(c: Comparison, inputs: readonly CompareInput[]) {
  const rules: Record<string, { level: string; section: string; quote: string; endpoint: string }> = {};
  for (const { run } of inputs) for (const r of run.rules ?? []) if (!rules[r.id]) rules[r.id] = { level: r.level, section: r.section, quote: r.quote, endpoint: r.endpoint };
  const cells: Record<string, unknown> = {};
  for (const row of c.rows) for (const cell of row.cells) {
    if (!cell.differs) continue;
    cells[`${row.rule}|${cell.apiVersion}`] = {
      rule: row.rule, apiVersion: cell.apiVersion, kind: cell.kind, kinds: cell.kinds, ruleChanged: row.ruleChanged ?? null,
      states: cell.states.map((s) => ({ state: s, label: STATE_LABEL[s] })),
      pairs: pairChecks(inputs, row.rule, cell.apiVersion, row.ruleChanged !== undefined),
      sides: inputs.map(({ run }) => sortResults(run.results.filter((r) => r.rule === row.rule && r.apiVersion === cell.apiVersion)).map(clientResult)),
    };
  }
  return { runs: c.runs.map((r, i) => ({ letter: letter(i), label: r.label })), kinds: KIND_LABEL, rules, cells };
}

const NAV = [['sec-summary', 'Summary'], ['sec-runs', 'Runs'], ['sec-matrix', 'Rule × version × run'], ['sec-load', 'Load']] as const;

const EXTRA_CSS = `
.cmp th.v0, .cmp td.v0, .loadcmp .v0 { border-left: 2px solid #d0d5dd; }
.cmp td { min-width: 28px; padding: 2px 5px; }
.cmp.only-diff tr.same { display: none; }
.cmp td.d { box-shadow: inset 0 0 0 2px #98a2b3; }
.cmp td.k-newly-failing { box-shadow: inset 0 0 0 2px var(--fail); }
.cmp td.k-newly-passing { box-shadow: inset 0 0 0 2px var(--pass); }
.cmp td.k-rule-changed, .cmp td.k-changed { box-shadow: inset 0 0 0 2px var(--warn); }
.cmp td.k-known { box-shadow: inset 0 0 0 2px var(--known); }
#only-diff { width: auto; }
.cellbtn { font: inherit; color: inherit; background: none; border: 0; cursor: pointer; padding: 0 4px; width: 100%; }
.cellbtn:hover, .cellbtn[aria-expanded="true"] { outline: 2px solid var(--accent); border-radius: 3px; }
.kleg { padding: 0 6px; border-radius: 3px; box-shadow: inset 0 0 0 2px #98a2b3; }
.kleg.k-newly-failing { box-shadow: inset 0 0 0 2px var(--fail); } .kleg.k-newly-passing { box-shadow: inset 0 0 0 2px var(--pass); }
.kleg.k-rule-changed, .kleg.k-changed { box-shadow: inset 0 0 0 2px var(--warn); }
.kleg.k-known { box-shadow: inset 0 0 0 2px var(--known); }
.headline { font-size: 17px; font-weight: 700; margin: 0 0 6px; }
.kinds { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0 0 6px; }
.kd.zero { color: var(--muted); } .kd.k-newly-failing:not(.zero) b { color: var(--fail); } .kd.k-newly-passing:not(.zero) b { color: var(--pass); }
.runl { display: inline-block; min-width: 20px; text-align: center; font-weight: 800; background: #e7ecf5; border-radius: 4px; margin-right: 4px; }
tr.evrow > td { text-align: left; font-weight: normal; background: #fbfcfe; padding: 10px; }
.sides { display: grid; gap: 6px 12px; align-items: start; }
.sidehead { margin: 0; }
.side { min-width: 0; border: 1px solid var(--line); border-radius: 6px; padding: 4px 8px; background: var(--card); }
.side.differs { border-color: #98a2b3; }
.side.none { padding: 6px 8px; }
.chk > summary { cursor: pointer; }
.chk .badge { text-transform: uppercase; font-size: 11px; }
.budg span { margin-right: 6px; white-space: nowrap; }
.loadcmp td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
ul.notes { color: var(--warn); }
`;

/** The comparison page of `inputs` (two runs or more; the first is the baseline). */
export function renderCompareHtml(given: readonly CompareInput[], comparison?: Comparison): string {
  const inputs = given.map((i) => ({ ...i, run: redactRun(i.run) as RunResult }));
  const c = comparison ?? compareRuns(inputs);
  const script = compareScript();
  const hash = createHash('sha256').update(script, 'utf8').digest('base64');
  const csp = `default-src 'none'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'`;
  const nav = NAV.map(([id, label]) => `<a href="#${id}" data-goto="${id}">${label}</a>`).join('');
  const title = `evconf compare · ${c.runs.map((r) => r.label).join(' · ')}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<link rel="icon" href="data:,">
<style>${reportCss()}${EXTRA_CSS}</style>
</head>
<body>
<header class="top">
<div class="brand"><span class="logo">evconf</span><span class="sub">comparison · Event Management API</span></div>
<div class="target"><span class="label">Runs</span> ${c.runs.map((r, i) => `<code class="url">${letter(i)} ${esc(r.label)}</code>`).join(' ')}</div>
</header>
<main>
<nav class="toc">${nav}</nav>
${section('sec-summary', 'Summary', summaryHtml(c))}
${section('sec-runs', 'Runs', runsHtml(c))}
${section('sec-matrix', 'Rule × version × run', matrixHtml(c))}
${section('sec-load', 'Load', loadHtml(c))}
</main>
<footer class="muted">evconf compare · canonical data: the results files (evconf compare --format json for the differences)</footer>
<script type="application/json" id="evconf-data">${embedJson(clientData(c, inputs))}</script>
<script>${script}</script>
</body>
</html>
`;
}
