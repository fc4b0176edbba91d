/** The comparison as a console summary and as data (`evconf compare --format json`). Pure functions of a Comparison. */
import type { CompareInput, Comparison, DiffKind } from './compare.js';
import { KIND_LABEL, KIND_ORDER, pairChecks, STATE_LABEL } from './compare.js';
import { versionIndex } from '../../verdicts/tally.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `27 rules differ: 3 newly failing, 24 newly passing` (kinds with no rule left out). */
export function headline(c: Comparison): string {
  const s = c.summary;
  if (s.rulesDiffering === 0) return 'no rule differs';
  const parts = KIND_ORDER.filter((k) => s.byKind[k] > 0).map((k) => `${s.byKind[k]} ${KIND_LABEL[k]}`);
  return `${plural(s.rulesDiffering, 'rule differs', 'rules differ')}: ${parts.join(', ')}`;
}

/** Rules of one kind, each with the versions it has that kind in: `events.list.limit [1.5.0, 1.6.0]`. */
export function rulesOfKind(c: Comparison, kind: DiffKind, run?: number): string[] {
  const out: string[] = [];
  for (const row of c.rows) {
    const versions = row.cells.filter((cell) => (run === undefined ? cell.kind === kind : cell.kinds[run] === kind)).map((cell) => cell.apiVersion)
      .sort((a, b) => versionIndex(a) - versionIndex(b));
    if (versions.length) out.push(`${row.rule} [${versions.join(', ')}]`);
  }
  return out;
}

const pct = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)}%`;

/** The console summary: who was compared, the headline, the rules of each kind per run against the first, the load. */
export function renderCompareText(c: Comparison, opts: { maxPerKind?: number } = {}): string {
  const max = opts.maxPerKind ?? 40;
  const lines = ['evconf compare', ...c.runs.map((r, i) => `  ${i === 0 ? 'baseline' : `run ${i + 1}  `} ${r.label}: ${r.baseUrl}, API ${r.apiVersions.join(', ')}, evconf ${r.toolVersion}, seed ${r.seed}, run ${r.runId}`)];
  for (const n of c.notes) lines.push(`  note: ${n}`);
  lines.push('', headline(c));
  for (let i = 1; i < c.runs.length; i++) {
    if (c.runs.length > 2) lines.push('', `${c.runs[i].label} against ${c.runs[0].label}:`);
    for (const k of KIND_ORDER) {
      const rules = rulesOfKind(c, k, i);
      if (!rules.length) continue;
      lines.push(`  ${KIND_LABEL[k]} (${rules.length}):`);
      for (const r of rules.slice(0, max)) lines.push(`    ${r}`);
      if (rules.length > max) lines.push(`    … and ${rules.length - max} more (see the HTML report or --format json)`);
    }
  }
  const load = c.load.filter((l) => l.runs.some(Boolean));
  if (load.length) {
    lines.push('', 'load (requests/s, p99 ms, errors):');
    for (const l of load) {
      const cols = l.runs.map((f, i) => `${c.runs[i].label}: ${f ? `${f.rps.toFixed(0)} rps, p99 ${f.p99Ms.toFixed(1)}, ${f.errors} err, ${f.outcome}${l.rpsChangePct[i] !== undefined ? ` (${pct(l.rpsChangePct[i]!)})` : ''}` : 'not run'}`);
      lines.push(`  ${l.profile} [${l.apiVersion}]  ${cols.join(' | ')}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The differences as data: runs, summary, every differing cell with its states and paired checks, the load rows. */
export function compareJson(c: Comparison, inputs: readonly CompareInput[]): unknown {
  const differences = c.rows.flatMap((row) => row.cells.filter((cell) => cell.differs).map((cell) => ({
    rule: row.rule, apiVersion: cell.apiVersion, level: row.level, endpoint: row.endpoint, kind: cell.kind,
    ...(row.ruleChanged ? { ruleChanged: row.ruleChanged } : {}),
    states: Object.fromEntries(c.runs.map((r, i) => [r.label, cell.states[i]])),
    kinds: Object.fromEntries(c.runs.slice(1).map((r, i) => [r.label, cell.kinds[i + 1] ?? null])),
    checks: pairChecks(inputs, row.rule, cell.apiVersion, row.ruleChanged !== undefined).map((p) => ({
      id: p.id, outcomes: Object.fromEntries(c.runs.map((r, i) => [r.label, p.outcomes[i]])), ...(p.unmatched ? { unmatched: p.unmatched } : {}),
    })),
  })));
  return {
    tool: { name: 'evconf', command: 'compare' },
    runs: c.runs,
    notes: c.notes,
    headline: headline(c),
    summary: c.summary,
    states: STATE_LABEL,
    differences,
    load: c.load.map((l) => ({ profile: l.profile, apiVersion: l.apiVersion, runs: Object.fromEntries(c.runs.map((r, i) => [r.label, l.runs[i] ?? null])), rpsChangePct: Object.fromEntries(c.runs.slice(1).map((r, i) => [r.label, l.rpsChangePct[i + 1] ?? null])) })),
  };
}
