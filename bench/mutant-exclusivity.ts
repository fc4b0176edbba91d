/**
 * How exclusive are the mutants, and are they caught in a FULL run (every rule at once, as a user runs evconf, with
 * other checks' requests interleaving)? For each scenario-level mutant, the whole scenario phase runs at the newest
 * version where the mutant applies, and the rules that fail are listed; where the mutant's own rule did not fail,
 * every phase runs (the generated stages catch some bugs scenarios cannot). Bugs whose write lands late get the
 * default --settle-ms a user gets (10 s), as in the self-test. Ideal: only the mutant's own rule fails.
 * Writes reports/mutant-exclusivity.json, prints a summary, exits 1 when a mutant is not caught by its rule.
 * Usage: npm run exclusivity [-- name-prefix]. Not part of npm test (it takes about half an hour).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { ruleMutants, selftestOptions, versionsOf } from '../src/selftest/mutant-cases.js';
import { runAgainstReference } from '../src/selftest/harness.js';
import type { RunResult } from '../src/model/index.js';

const prefix = process.argv[2] ?? '';
const failing = (run: RunResult) => [...new Set(run.results.filter((r) => r.outcome === 'fail' || r.outcome === 'warn').map((r) => r.rule))];
const rows: { mutant: string; rule: string; version: string; caught: boolean; stage: string; others: string[] }[] = [];
for (const m of ruleMutants().filter((x) => x.name.startsWith(prefix))) {
  const versions = versionsOf(m);
  const version = versions[versions.length - 1];
  const config = selftestOptions(m);
  let stage = 'scenarios';
  let run = await runAgainstReference([version], { mutant: m.name, phases: ['scenarios'], ...config });
  let rules = failing(run);
  if (!rules.includes(m.rule)) {
    stage = 'all';
    run = await runAgainstReference([version], { mutant: m.name, ...config });
    rules = failing(run);
  }
  rows.push({ mutant: m.name, rule: m.rule, version, caught: rules.includes(m.rule), stage, others: rules.filter((r) => r !== m.rule).sort() });
  process.stderr.write(rules.includes(m.rule) ? '.' : 'x');
}
const exclusive = rows.filter((r) => r.caught && r.others.length === 0).length;
const missed = rows.filter((r) => !r.caught);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/mutant-exclusivity.json', `${JSON.stringify({ mutants: rows.length, caught: rows.length - missed.length, exclusive, rows }, null, 2)}\n`);
process.stdout.write(`\n${rows.length} scenario-level mutants; caught by their rule in a full run: ${rows.length - missed.length} (by the scenario phase: ${rows.filter((r) => r.caught && r.stage === 'scenarios').length}); caught by their rule only: ${exclusive}\n`);
for (const r of rows.filter((x) => x.others.length)) process.stdout.write(`  ${r.mutant} (${r.rule}) also fails: ${r.others.join(', ')}\n`);
for (const r of missed) process.stdout.write(`NOT CAUGHT in a full run: ${r.mutant} (${r.rule}) at ${r.version}\n`);
process.exitCode = missed.length ? 1 : 0;
