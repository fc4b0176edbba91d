import pc from 'picocolors';
import type { CheckResult, LoadResult } from '../model/index.js';
import { loadTableLines } from '../report/load-table.js';

/** Console output of `evconf load`: one row per profile, then the budget results that did not pass. */

/** The load table and the findings, as text (colour optional). */
export function renderLoadReport(load: readonly LoadResult[], results: readonly CheckResult[], opts: { color: boolean }): string {
  const c = pc.createColors(opts.color);
  const paint = (o: string, s: string) => (o === 'pass' ? c.green(s) : o === 'fail' || o === 'error' ? c.red(s) : o === 'warn' ? c.yellow(s) : c.dim(s));
  const lines = [c.bold('Load'), ...loadTableLines(load, c)];
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
