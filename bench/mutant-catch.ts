/**
 * Is each named planted bug caught by its own rule, in which versions? The self-test's own procedure
 * (src/selftest/mutant-cases.ts): only the bug's rule runs, first by the scenarios, then, where they miss it in some
 * version, by every conformance stage. Prints one JSON line per bug (versions, caught, missed, the stage that caught
 * it) and writes reports/mutant-catch.json. With --others, a bug missed by its own rule also gets one run of every
 * rule's scenarios at the newest version where it applies, and the rules that fail there are listed (what a user
 * running evconf would see). Usage: npm run mutant-catch -- [--others] <name> [<name> …] (names of src/reference/mutants).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { ApiVersion, RunResult } from '../src/model/index.js';
import { MUTANTS } from '../src/reference/index.js';
import { runAgainstReference } from '../src/selftest/harness.js';
import { selftestOptions, versionsOf } from '../src/selftest/mutant-cases.js';

const others = process.argv.includes('--others');
const names = process.argv.slice(2).filter((a) => a !== '--others');
const unknown = names.filter((n) => !MUTANTS[n]);
if (names.length === 0 || unknown.length > 0) {
  process.stderr.write(`usage: npm run mutant-catch -- <mutant name> …${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}\n`);
  process.exit(2);
}

function caughtIn(run: RunResult, rule: string, versions: ApiVersion[]): ApiVersion[] {
  return versions.filter((v) => run.results.some((r) => r.apiVersion === v && r.rule === rule && (r.outcome === 'fail' || r.outcome === 'warn')));
}

const rows: { mutant: string; rule: string; versions: ApiVersion[]; caught: ApiVersion[]; missed: ApiVersion[]; stage: string; errored: number; othersFailing?: string[] }[] = [];
for (const name of names) {
  const m = MUTANTS[name];
  const versions = versionsOf(m);
  const config = selftestOptions(m);
  let stage = 'scenarios';
  let run = await runAgainstReference(versions, { mutant: name, only: [m.rule], phases: ['scenarios'], ...config });
  let caught = caughtIn(run, m.rule, versions);
  if (caught.length < versions.length) {
    stage = 'all';
    run = await runAgainstReference(versions, { mutant: name, only: [m.rule], phases: ['scenarios', 'properties', 'stateful'], ...config });
    caught = caughtIn(run, m.rule, versions);
  }
  const row: (typeof rows)[number] = { mutant: name, rule: m.rule, versions, caught, missed: versions.filter((v) => !caught.includes(v)), stage, errored: run.summary.errored };
  if (others && row.missed.length > 0) {
    const full = await runAgainstReference([versions[versions.length - 1]], { mutant: name, phases: ['scenarios'], ...config });
    row.othersFailing = [...new Set(full.results.filter((r) => r.outcome === 'fail' || r.outcome === 'warn').map((r) => r.rule))].sort();
  }
  rows.push(row);
  process.stdout.write(`${JSON.stringify(row)}\n`);
}
mkdirSync('reports', { recursive: true });
writeFileSync('reports/mutant-catch.json', `${JSON.stringify(rows, null, 2)}\n`);
