/** Load stage section (design §8, §9): a table per profile, budgets with their outcome, a percentile chart. */
import esc from 'escape-html';
import type { LoadResult } from '../../model/index.js';
import { formatDuration } from '../tally.js';

const PALETTE = ['#2563eb', '#d97706', '#059669', '#9333ea', '#dc2626', '#0891b2', '#65a30d', '#db2777'];
const PERCENTILES = [['p50', 'p50'], ['p90', 'p90'], ['p99', 'p99'], ['max', 'max']] as const;

function num(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** Budget lines: what was asked, what was measured, whether it was met. */
function budgetRows(l: LoadResult): string[] {
  const rows: string[] = [];
  const row = (name: string, limit: string, measured: string, ok: boolean) =>
    `<tr><td>${name}</td><td>${limit}</td><td>${measured}</td><td class="${ok ? 'b-ok' : 'b-bad'}">${ok ? '✔ met' : '✘ missed'}</td></tr>`;
  const b = l.budget;
  if (b.p99Ms !== undefined) rows.push(row('p99 latency', `≤ ${num(b.p99Ms)} ms`, `${num(l.latencyMs.p99, 1)} ms`, l.latencyMs.p99 <= b.p99Ms));
  if (b.minRps !== undefined) rows.push(row('throughput', `≥ ${num(b.minRps)} req/s`, `${num(l.rps.mean)} req/s`, l.rps.mean >= b.minRps));
  if (b.maxErrorRate !== undefined) {
    const rate = l.requests > 0 ? (l.errors + l.timeouts + l.non2xx) / l.requests : 0;
    rows.push(row('error rate', `≤ ${num(b.maxErrorRate * 100, 2)} %`, `${num(rate * 100, 2)} %`, rate <= b.maxErrorRate));
  }
  return rows;
}

function profileCard(l: LoadResult, color: string): string {
  const facts: [string, string][] = [
    ['URL', `<code>${esc(l.url)}</code>`], ['Connections', num(l.connections)], ['Duration', esc(formatDuration(l.durationMs))],
    ['Requests', num(l.requests)], ['Req/s (mean · p50)', `${num(l.rps.mean)} · ${num(l.rps.p50)}`],
    ['Latency p50 · p90 · p99 · max', `${num(l.latencyMs.p50, 1)} · ${num(l.latencyMs.p90, 1)} · ${num(l.latencyMs.p99, 1)} · ${num(l.latencyMs.max, 1)} ms`],
    ['Errors · timeouts · non-2xx', `${num(l.errors)} · ${num(l.timeouts)} · ${num(l.non2xx)}`],
    ['Bytes received', num(l.bytes)], ['Sampled bodies valid', `${num(l.sampledBodiesValid)} / ${num(l.sampledBodies)}`],
  ];
  if (l.generatorCpuPct !== undefined) facts.push(['Load generator CPU', `${num(l.generatorCpuPct)} %`]);
  const saturated = l.generatorSaturated ? '<p class="warnline">The load generator itself was saturated: the numbers are a lower bound.</p>' : '';
  const budgets = budgetRows(l);
  return `<article class="profile o-${esc(l.outcome)}"><header><span class="swatch" style="background:${color}"></span>` +
    `<h3>${esc(l.profile)}</h3>${l.apiVersion ? `<span class="tag">${esc(l.apiVersion)}</span>` : ''}<span class="badge b-${esc(l.outcome)}">${esc(l.outcome)}</span></header>` +
    (l.message ? `<p class="msg">${esc(l.message)}</p>` : '') + saturated +
    `<table class="kv">${facts.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('')}</table>` +
    (budgets.length ? `<table class="grid budgets"><thead><tr><th>Budget</th><th>Limit</th><th>Measured</th><th></th></tr></thead><tbody>${budgets.join('')}</tbody></table>` : '<p class="muted">No budget set.</p>') +
    '</article>';
}

function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return [1, 2, 2.5, 5, 10].map((m) => m * p).find((m) => m >= v) ?? 10 * p;
}

/** Latency percentile curves, one polyline per profile; a dashed mark shows each p99 budget. */
export function latencyChartSvg(load: readonly LoadResult[]): string {
  const W = 640, H = 260, L = 56, R = 16, T = 16, B = 34;
  const top = niceMax(Math.max(...load.flatMap((l) => [l.latencyMs.max, l.budget.p99Ms ?? 0])) * 1.05);
  const x = (i: number) => L + (i * (W - L - R)) / (PERCENTILES.length - 1);
  const y = (v: number) => T + (H - T - B) * (1 - Math.min(v, top) / top);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  const grid = ticks.map((t) => `<line x1="${L}" x2="${W - R}" y1="${y(t)}" y2="${y(t)}" class="gl"/>` +
    `<text x="${L - 6}" y="${y(t) + 4}" text-anchor="end">${num(t, 1)}</text>`).join('');
  const xs = PERCENTILES.map(([, label], i) => `<text x="${x(i)}" y="${H - 12}" text-anchor="middle">${label}</text>`).join('');
  const lines = load.map((l, k) => {
    const c = PALETTE[k % PALETTE.length];
    const pts = PERCENTILES.map(([key], i) => [x(i), y(l.latencyMs[key])] as const);
    const dots = pts.map(([px, py], i) => `<circle cx="${px}" cy="${py}" r="3.5" fill="${c}"><title>${esc(`${l.profile} ${PERCENTILES[i][1]}: ${l.latencyMs[PERCENTILES[i][0]]} ms`)}</title></circle>`).join('');
    const budget = l.budget.p99Ms !== undefined
      ? `<line x1="${x(2) - 22}" x2="${x(2) + 22}" y1="${y(l.budget.p99Ms)}" y2="${y(l.budget.p99Ms)}" stroke="${c}" class="budget"><title>${esc(`${l.profile} p99 budget ${l.budget.p99Ms} ms`)}</title></line>` : '';
    return `<polyline points="${pts.map((p) => p.join(',')).join(' ')}" fill="none" stroke="${c}" stroke-width="2"/>${dots}${budget}`;
  }).join('');
  return `<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="Latency percentiles per profile in ms">` +
    `<text x="12" y="${T + (H - T - B) / 2}" transform="rotate(-90 12 ${T + (H - T - B) / 2})" text-anchor="middle">ms</text>` +
    `${grid}${xs}${lines}</svg>`;
}

export function loadHtml(load: readonly LoadResult[]): string {
  if (load.length === 0) return '<p class="muted">The load stage did not run (add <code>--load</code>).</p>';
  const legend = load.map((l, k) => `<span><i class="swatch" style="background:${PALETTE[k % PALETTE.length]}"></i>${esc(l.profile)}</span>`).join('');
  return `<figure class="chartbox">${latencyChartSvg(load)}<figcaption class="legend">${legend}<span><i class="dash"></i>p99 budget</span></figcaption></figure>` +
    `<div class="profiles">${load.map((l, k) => profileCard(l, PALETTE[k % PALETTE.length])).join('')}</div>`;
}
