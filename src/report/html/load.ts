/** Load stage section (design §8, §9): an overview, a percentile chart, and a table per profile with its budgets. */
import esc from 'escape-html';
import type { LoadResult } from '../../model/index.js';
import { formatDuration } from '../tally.js';
import { latencyChartSvg, PALETTE } from './load-chart.js';

export function num(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** Milliseconds with precision that suits the magnitude (sub-ms loopback latencies stay readable). */
function ms(n: number): string {
  return num(n, n < 1 ? 3 : n < 10 ? 2 : 1);
}

interface BudgetCheck { name: string; limit: string; measured: string; ok: boolean }

/** What each budget asked, what was measured, whether it was met (the result's outcome stays authoritative). */
function budgetChecks(l: LoadResult): BudgetCheck[] {
  const out: BudgetCheck[] = [];
  const b = l.budget;
  if (b.p99Ms !== undefined) out.push({ name: 'p99 latency', limit: `≤ ${num(b.p99Ms)} ms`, measured: `${ms(l.latencyMs.p99)} ms`, ok: l.latencyMs.p99 <= b.p99Ms });
  if (b.minRps !== undefined) out.push({ name: 'throughput', limit: `≥ ${num(b.minRps)} req/s`, measured: `${num(l.rps.mean)} req/s`, ok: l.rps.mean >= b.minRps });
  if (b.maxErrorRate !== undefined) {
    const rate = l.requests > 0 ? (l.errors + l.timeouts + l.non2xx) / l.requests : 0;
    out.push({ name: 'error rate', limit: `≤ ${num(b.maxErrorRate * 100, 2)} %`, measured: `${num(rate * 100, 2)} %`, ok: rate <= b.maxErrorRate });
  }
  return out;
}

const badge = (o: string) => `<span class="badge b-${esc(o)}">${esc(o)}</span>`;
const swatch = (c: string) => `<i class="swatch" style="background:${c}"></i>`;

function overview(load: readonly LoadResult[]): string {
  const rows = load.map((l, k) => {
    const checks = budgetChecks(l);
    const met = checks.filter((c) => c.ok).length;
    return `<tr><td>${swatch(PALETTE[k % PALETTE.length])}${esc(l.profile)}${l.generatorSaturated ? ' <span class="tag warn">generator saturated</span>' : ''}</td>` +
      `<td>${badge(l.outcome)}</td><td class="n">${num(l.rps.mean)}</td>` +
      `<td class="n">${ms(l.latencyMs.p50)}</td><td class="n">${ms(l.latencyMs.p90)}</td><td class="n">${ms(l.latencyMs.p99)}</td><td class="n">${ms(l.latencyMs.max)}</td>` +
      `<td class="n">${num(l.errors + l.timeouts)} / ${num(l.non2xx)}</td><td class="n">${num(l.sampledBodiesValid)}/${num(l.sampledBodies)}</td>` +
      `<td class="${met === checks.length ? 'b-ok' : 'b-bad'}">${checks.length ? `${met}/${checks.length} met` : '—'}</td></tr>`;
  }).join('');
  return `<div class="scroll"><table class="grid loadsum"><thead><tr><th>Profile</th><th>Outcome</th><th>req/s</th><th>p50 ms</th><th>p90 ms</th>` +
    `<th>p99 ms</th><th>max ms</th><th>errors / non-2xx</th><th>bodies valid</th><th>budgets</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function profileCard(l: LoadResult, color: string): string {
  const facts: [string, string][] = [
    ['URL', `<code>${esc(l.url)}</code>`], ['Connections · duration', `${num(l.connections)} · ${esc(formatDuration(l.durationMs))}`],
    ['Requests', num(l.requests)], ['Req/s mean · p50', `${num(l.rps.mean)} · ${num(l.rps.p50)}`],
    ['Latency p50 · p90 · p99 · max', `${ms(l.latencyMs.p50)} · ${ms(l.latencyMs.p90)} · ${ms(l.latencyMs.p99)} · ${ms(l.latencyMs.max)} ms`],
    ['Errors · timeouts · non-2xx', `${num(l.errors)} · ${num(l.timeouts)} · ${num(l.non2xx)}`],
    ['Bytes received', num(l.bytes)], ['Sampled bodies valid', `${num(l.sampledBodiesValid)} / ${num(l.sampledBodies)}`],
  ];
  if (l.generatorCpuPct !== undefined) facts.push(['Load generator CPU', `${num(l.generatorCpuPct)} %`]);
  const saturated = l.generatorSaturated ? '<p class="warnline">The load generator itself was saturated: the numbers are a lower bound.</p>' : '';
  const rows = budgetChecks(l).map((c) =>
    `<tr><td>${c.name}</td><td>${c.limit}</td><td>${c.measured}</td><td class="${c.ok ? 'b-ok' : 'b-bad'}">${c.ok ? '✔ met' : '✘ missed'}</td></tr>`);
  return `<article class="profile o-${esc(l.outcome)}"><header>${swatch(color)}<h3>${esc(l.profile)}</h3>` +
    `${l.apiVersion ? `<span class="tag">${esc(l.apiVersion)}</span>` : ''}${badge(l.outcome)}</header>` +
    (l.message ? `<p class="msg">${esc(l.message)}</p>` : '') + saturated +
    `<table class="kv">${facts.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('')}</table>` +
    (rows.length ? `<table class="grid budgets"><thead><tr><th>Budget</th><th>Limit</th><th>Measured</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table>` : '<p class="muted">No budget set.</p>') +
    '</article>';
}

export function loadHtml(load: readonly LoadResult[]): string {
  if (load.length === 0) return '<p class="muted">The load stage did not run (add <code>--load</code>).</p>';
  const legend = load.map((l, k) => `<span>${swatch(PALETTE[k % PALETTE.length])}${esc(l.profile)}</span>`).join('');
  return `${overview(load)}<figure class="chartbox">${latencyChartSvg(load)}<figcaption class="legend">${legend}<span><i class="dash"></i>p99 budget</span></figcaption></figure>` +
    `<h3>Per profile</h3><div class="profiles">${load.map((l, k) => profileCard(l, PALETTE[k % PALETTE.length])).join('')}</div>`;
}
