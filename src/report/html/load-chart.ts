/** Inline SVG latency-percentile chart for the load stage: log-scale ms, one line per profile. */
import esc from 'escape-html';
import type { LoadResult } from '../../model/index.js';

export const PALETTE = ['#2563eb', '#d97706', '#059669', '#9333ea', '#dc2626', '#0891b2', '#65a30d', '#db2777', '#475467', '#ca8a04'];
const PERCENTILES = ['p50', 'p90', 'p99', 'max'] as const;
const FLOOR = 0.01;

function label(v: number): string {
  return v >= 1 ? String(v) : v.toFixed(-Math.floor(Math.log10(v)));
}

/** Decades spanning every latency and p99 budget, so sub-ms percentiles and a 100 ms budget both show. */
function decades(load: readonly LoadResult[]): { lo: number; hi: number; ticks: number[] } {
  const values = load.flatMap((l) => [...PERCENTILES.map((p) => l.latencyMs[p]), l.budget.p99Ms ?? NaN])
    .filter((v) => Number.isFinite(v)).map((v) => Math.max(v, FLOOR));
  const lo = Math.floor(Math.log10(Math.min(...values, 1)));
  const hi = Math.max(Math.ceil(Math.log10(Math.max(...values, 1))), lo + 1);
  const ticks: number[] = [];
  for (let e = lo; e <= hi; e++) ticks.push(...(hi - lo <= 2 && e < hi ? [1, 2, 5] : [1]).map((m) => m * 10 ** e));
  return { lo, hi, ticks };
}

/** Latency percentile curves per profile; a dashed mark at p99 shows each profile's p99 budget. */
export function latencyChartSvg(load: readonly LoadResult[]): string {
  const W = 640, H = 260, L = 56, R = 16, T = 16, B = 34;
  const { lo, hi, ticks } = decades(load);
  const x = (i: number) => L + (i * (W - L - R)) / (PERCENTILES.length - 1);
  const y = (v: number) => T + (H - T - B) * (1 - (Math.log10(Math.max(v, FLOOR)) - lo) / (hi - lo));
  const grid = ticks.map((t) => `<line x1="${L}" x2="${W - R}" y1="${y(t)}" y2="${y(t)}" class="gl"/>` +
    `<text x="${L - 6}" y="${y(t) + 4}" text-anchor="end">${label(t)}</text>`).join('');
  const xs = PERCENTILES.map((p, i) => `<text x="${x(i)}" y="${H - 12}" text-anchor="middle">${p}</text>`).join('');
  const lines = load.map((l, k) => {
    const c = PALETTE[k % PALETTE.length];
    const pts = PERCENTILES.map((p, i) => [x(i), y(l.latencyMs[p])] as const);
    const dots = pts.map(([px, py], i) => `<circle cx="${px}" cy="${py}" r="3.5" fill="${c}"><title>${esc(`${l.profile} ${PERCENTILES[i]}: ${l.latencyMs[PERCENTILES[i]]} ms`)}</title></circle>`).join('');
    const p99 = l.budget.p99Ms;
    const budget = p99 === undefined ? ''
      : `<line x1="${x(2) - 22}" x2="${x(2) + 22}" y1="${y(p99)}" y2="${y(p99)}" stroke="${c}" class="budget"><title>${esc(`${l.profile} p99 budget ${p99} ms`)}</title></line>`;
    return `<polyline points="${pts.map((p) => p.join(',')).join(' ')}" fill="none" stroke="${c}" stroke-width="2"/>${dots}${budget}`;
  }).join('');
  const mid = T + (H - T - B) / 2;
  return `<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="Latency percentiles per profile, ms, log scale">` +
    `<text x="12" y="${mid}" transform="rotate(-90 12 ${mid})" text-anchor="middle">ms (log scale)</text>${grid}${xs}${lines}</svg>`;
}
