/**
 * How exclusive are the mutants? For each scenario-level mutant, the whole scenario phase runs at the newest
 * version where the mutant applies, and the rules that fail are listed. Ideal: only the mutant's own rule fails.
 * Writes reports/mutant-exclusivity.json and prints a summary. Not part of npm test (it takes minutes).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { ruleMutants, versionsOf } from '../src/selftest/mutant-cases.js';
import { runAgainstReference } from '../src/selftest/harness.js';

const rows: { mutant: string; rule: string; version: string; caught: boolean; others: string[] }[] = [];
for (const m of ruleMutants()) {
  const versions = versionsOf(m);
  const version = versions[versions.length - 1];
  const run = await runAgainstReference([version], { mutant: m.name, phases: ['scenarios'] });
  const failing = [...new Set(run.results.filter((r) => r.outcome === 'fail' || r.outcome === 'warn').map((r) => r.rule))];
  rows.push({ mutant: m.name, rule: m.rule, version, caught: failing.includes(m.rule), others: failing.filter((r) => r !== m.rule).sort() });
  process.stderr.write('.');
}
const exclusive = rows.filter((r) => r.caught && r.others.length === 0).length;
mkdirSync('reports', { recursive: true });
writeFileSync('reports/mutant-exclusivity.json', `${JSON.stringify({ mutants: rows.length, exclusive, rows }, null, 2)}\n`);
process.stdout.write(`\n${rows.length} scenario-level mutants; caught by their rule: ${rows.filter((r) => r.caught).length}; caught by their rule only: ${exclusive}\n`);
for (const r of rows.filter((x) => x.others.length)) process.stdout.write(`  ${r.mutant} (${r.rule}) also fails: ${r.others.join(', ')}\n`);
