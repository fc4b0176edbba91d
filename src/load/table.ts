import pc from 'picocolors';
import type { CheckResult, LoadResult } from '../model/index.js';
import { textTable } from '../report/text-table.js';

/** Console output of `evconf load`: one row per profile, then the budget results that did not pass. */

const right = 'right' as const;
const COLUMNS = [
  { header: 'profile' }, { header: 'API' }, { header: 'conn', align: right }, { header: 'requests', align: right },
  { header: 'req/s', align: right }, { header: 'p50 ms', align: right }, { header: 'p90 ms', align: right },
  { header: 'p99 ms', align: right }, { header: 'max ms', align: right }, { header: 'err', align: right },
  { header: 'non-2xx', align: right }, { header: 'bodies ok', align: right }, { header: 'gen CPU', align: right },
  { header: 'outcome' },
];

const ms = (x: number) => x.toFixed(x < 10 ? 3 : 1);

function row(l: LoadResult): string[] {
  if (l.outcome === 'skip' && l.requests === 0) return [l.profile, l.apiVersion ?? '', String(l.connections), '', '', '', '', '', '', '', '', '', '', 'skip'];
  return [
    l.profile, l.apiVersion ?? '', String(l.connections), String(l.requests), l.rps.mean.toFixed(0),
    ms(l.latencyMs.p50), ms(l.latencyMs.p90), ms(l.latencyMs.p99), ms(l.latencyMs.max),
    String(l.errors), String(l.non2xx), `${l.sampledBodiesValid}/${l.sampledBodies}`,
    `${(l.generatorCpuPct ?? 0).toFixed(0)}%${l.generatorSaturated ? '!' : ''}`, l.outcome,
  ];
}

/** The load table and the findings, as text (colour optional). */
export function renderLoadReport(load: readonly LoadResult[], results: readonly CheckResult[], opts: { color: boolean }): string {
  const c = pc.createColors(opts.color);
  const paint = (o: string, s: string) => (o === 'pass' ? c.green(s) : o === 'fail' || o === 'error' ? c.red(s) : o === 'warn' ? c.yellow(s) : c.dim(s));
  const table = textTable(COLUMNS, load.map(row));
  const lines = [c.bold('Load'), c.dim(table[0]), ...table.slice(1).map((line, i) => {
    const o = load[i].outcome;
    return line.endsWith(o) ? line.slice(0, line.length - o.length) + paint(o, o) : line;
  })];
  const findings = results.filter((r) => r.outcome === 'fail' || r.outcome === 'warn' || r.outcome === 'error');
  if (findings.length > 0) {
    lines.push('', c.bold(`Budgets not met (${findings.length})`));
    for (const r of findings) lines.push(`  ${paint(r.outcome, r.outcome === 'fail' ? '✘' : '!')} ${c.bold(r.rule)} ${r.message}${r.source ? c.dim(`  (${r.source})`) : ''}`);
  }
  if (load.some((l) => l.generatorSaturated)) {
    lines.push('', c.yellow('! the load generator used nearly a full CPU core in the profiles marked "!": the server may be faster than measured'));
  }
  const passed = results.filter((r) => r.outcome === 'pass').length;
  lines.push('', `${passed} passed, ${results.filter((r) => r.outcome === 'fail').length} failed, ${results.filter((r) => r.outcome === 'warn').length} warned, ${results.filter((r) => r.outcome === 'skip').length} skipped`);
  return `${lines.join('\n')}\n`;
}
