/** Load stage section (ARCHITECTURE.md § Stages, § Reports): an overview, a percentile chart, and a table per profile with its budgets. */
import esc from 'escape-html';
import type { CheckResult, LoadResult } from '../../model/index.js';
import { formatDuration } from '../tally.js';
import { latencyChartSvg, PALETTE } from './load-chart.js';

export function num(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** Milliseconds with precision that suits the magnitude (sub-ms loopback latencies stay readable). */
function ms(n: number): string {
  return num(n, n < 1 ? 3 : n < 10 ? 2 : 1);
}

/**
 * The budget verdicts of a profile: the load stage's own load.* results (reporters only read results; the judgment,
 * with its definition of error rate and generator saturation, lives in src/load/budget.ts).
 */
function budgetResults(l: LoadResult, results: readonly CheckResult[]): CheckResult[] {
  const prefix = `${l.apiVersion ?? ''}/load/${l.profile}/`;
  return results.filter((r) => r.id.startsWith(prefix));
}

const BUDGET_NAMES: Record<string, string> = { 'load.p99': 'p99 latency', 'load.rps': 'throughput', 'load.errors': 'error rate', 'load.correct': 'correct bodies' };

const badge = (o: string) => `<span class="badge b-${esc(o)}">${esc(o)}</span>`;
const swatch = (c: string) => `<i class="swatch" style="background:${c}"></i>`;

function overview(load: readonly LoadResult[], results: readonly CheckResult[]): string {
  const rows = load.map((l, k) => {
    const checks = budgetResults(l, results).filter((r) => r.outcome !== 'skip');
    const met = checks.filter((c) => c.outcome === 'pass').length;
    return `<tr><td>${swatch(PALETTE[k % PALETTE.length])}${esc(l.profile)}${l.generatorSaturated ? ' <span class="tag warn">generator saturated</span>' : ''}</td>` +
      `<td>${badge(l.outcome)}</td><td class="n">${num(l.rps.mean)}</td>` +
      `<td class="n">${ms(l.latencyMs.p50)}</td><td class="n">${ms(l.latencyMs.p90)}</td><td class="n">${ms(l.latencyMs.p99)}</td><td class="n">${ms(l.latencyMs.max)}</td>` +
      `<td class="n">${num(l.errors + l.timeouts)} / ${num(l.non2xx)}</td><td class="n">${num(l.sampledBodiesValid)}/${num(l.sampledBodies)}</td>` +
      `<td class="${met === checks.length ? 'b-ok' : 'b-bad'}">${checks.length ? `${met}/${checks.length} met` : '—'}</td></tr>`;
  }).join('');
  return `<div class="scroll"><table class="grid loadsum"><thead><tr><th>Profile</th><th>Outcome</th><th>req/s</th><th>p50 ms</th><th>p90 ms</th>` +
    `<th>p99 ms</th><th>max ms</th><th>errors / non-2xx</th><th>bodies valid</th><th>budgets</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function profileCard(l: LoadResult, color: string, results: readonly CheckResult[]): string {
  const facts: [string, string][] = [
    ['URL', `<code>${esc(l.url)}</code>`], ['Connections · duration', `${num(l.connections)} · ${esc(formatDuration(l.durationMs))}`],
    ['Requests', num(l.requests)], ['Req/s mean · p50', `${num(l.rps.mean)} · ${num(l.rps.p50)}`],
    ['Latency p50 · p90 · p99 · max', `${ms(l.latencyMs.p50)} · ${ms(l.latencyMs.p90)} · ${ms(l.latencyMs.p99)} · ${ms(l.latencyMs.max)} ms`],
    ['Errors · timeouts · non-2xx', `${num(l.errors)} · ${num(l.timeouts)} · ${num(l.non2xx)}`],
    ['Bytes received', num(l.bytes)], ['Sampled bodies valid', `${num(l.sampledBodiesValid)} / ${num(l.sampledBodies)}`],
  ];
  if (l.generatorCpuPct !== undefined) facts.push(['Load generator CPU', `${num(l.generatorCpuPct)} %`]);
  if (l.engine === 'artillery') facts.push(['Load made by', 'Artillery']);
  const saturated = l.generatorSaturated ? '<p class="warnline">The load generator itself was saturated: the numbers are a lower bound.</p>' : '';
  const rows = budgetResults(l, results).map((r) =>
    `<tr><td>${esc(BUDGET_NAMES[r.rule] ?? r.rule)}</td><td>${badge(r.outcome)}</td><td>${esc(r.message)}</td></tr>`);
  return `<article class="profile o-${esc(l.outcome)}"><header>${swatch(color)}<h3>${esc(l.profile)}</h3>` +
    `${l.apiVersion ? `<span class="tag">${esc(l.apiVersion)}</span>` : ''}${badge(l.outcome)}</header>` +
    (l.message ? `<p class="msg">${esc(l.message)}</p>` : '') + saturated +
    `<table class="kv">${facts.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('')}</table>` +
    (rows.length ? `<table class="grid budgets"><thead><tr><th>Budget</th><th>Outcome</th><th>Measured against the budget</th></tr></thead><tbody>${rows.join('')}</tbody></table>` : '<p class="muted">No budget set.</p>') +
    '</article>';
}

export function loadHtml(load: readonly LoadResult[], results: readonly CheckResult[]): string {
  if (load.length === 0) return '<p class="muted">The load stage did not run (add <code>--load</code>).</p>';
  const legend = load.map((l, k) => `<span>${swatch(PALETTE[k % PALETTE.length])}${esc(l.profile)}</span>`).join('');
  return `${overview(load, results)}<figure class="chartbox">${latencyChartSvg(load)}<figcaption class="legend">${legend}<span><i class="dash"></i>p99 budget</span></figcaption></figure>` +
    `<h3>Per profile</h3><div class="profiles">${load.map((l, k) => profileCard(l, PALETTE[k % PALETTE.length], results)).join('')}</div>`;
}
