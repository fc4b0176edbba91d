/**
 * Which stage catches each mutant, by its own rule, in every version where it applies: scenarios alone, else
 * scenarios + properties + stateful. Prints one line per mutant and writes reports/mutant-triage.json.
 * Usage: node --import tsx bench/mutant-triage.ts [name-prefix]
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { MUTANTS } from '../src/reference/index.js';
import { runAgainstReference } from '../src/selftest/harness.js';
import { versionsOf } from '../src/selftest/mutant-cases.js';

const prefix = process.argv[2] ?? '';
const after = process.argv[3] ?? '';
const names = Object.keys(MUTANTS).filter((n) => n.startsWith(prefix) && n > after && (MUTANTS[n].caughtBy ?? 'scenarios') !== 'hostile' && MUTANTS[n].caughtBy !== 'load').sort();
const out: Record<string, unknown>[] = [];
for (const name of names) {
  const m = MUTANTS[name];
  const versions = versionsOf(m);
  if (versions.length === 0) { console.log(`NORULE ${name} [${m.rule}]: no rule in specs/rules.yaml or no version`); continue; }
  const missed: string[] = [];
  let stage = 'scenarios';
  let run = await runAgainstReference(versions, { mutant: name, only: [m.rule], phases: ['scenarios'] });
  const caughtIn = (v: string) => run.results.some((r) => r.apiVersion === v && r.rule === m.rule && (r.outcome === 'fail' || r.outcome === 'warn'));
  if (!versions.every(caughtIn)) {
    stage = 'all';
    run = await runAgainstReference(versions, { mutant: name });
  }
  for (const v of versions) if (!caughtIn(v)) missed.push(v);
  const others = [...new Set(run.results.filter((r) => r.outcome === 'fail' && r.rule !== m.rule).map((r) => r.rule))];
  const line = { name, rule: m.rule, versions, stage, missed, otherFailing: others.slice(0, 6) };
  out.push(line);
  console.log(`${missed.length ? 'MISSED' : 'caught'} ${name} [${m.rule}] stage=${stage}${missed.length ? ` missed in ${missed.join(',')}` : ''}${others.length ? ` others: ${others.slice(0, 4).join(',')}` : ''}`);
}
mkdirSync('reports', { recursive: true });
writeFileSync('reports/mutant-triage.json', JSON.stringify(out, null, 2));
console.log(`${out.filter((o) => (o.missed as string[]).length === 0).length}/${out.length} caught`);
