/**
 * `npm run bench:profile-mutants`: the full sweep of the profile self-test over the mutants ("Done when":
 * "with each mutant planted on top of serve --profile opencast: exit 1, the mutant's rule reported as new"). Every
 * scenario-level mutant runs on top of the Opencast mode (src/selftest/profile-mutants.ts); the figures are printed
 * and written to bench/profile-mutants.json. BENCH_CONCURRENCY (default 3) runs side by side; BENCH_PREFIX narrows
 * the mutants by name (then written to bench/profile-mutants-<prefix>.json); BENCH_KNOWN_RULES=1 to those whose rule
 * expectations/opencast.yaml already expects to fail in the mutant's version (where a planted bug could show as
 * known: bench/profile-mutants-known-rules.json); BENCH_MUTANTS=a,b to the mutants named (bench/profile-mutants-named.json). Exit 1 when a tried mutant is not caught and not listed in src/selftest/profile-masked.json.
 * Not part of npm test (the CI runs a sample: src/selftest/profile-mutants.test.ts).
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { mapPool } from '../src/core/pool.js';
import { PROJECT_ROOT } from '../src/spec/paths.js';
import { MUTANTS } from '../src/reference/index.js';
import { expectedByProfile, notTried, PROFILE_MASKED, profileVersion, runProfileMutant, type ProfileMutantRow } from '../src/selftest/profile-mutants.js';

const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 3);
const prefix = process.env.BENCH_PREFIX ?? '';
const knownRules = process.env.BENCH_KNOWN_RULES === '1';
// BENCH_MUTANTS: a comma-separated list of mutant names (the run is narrowed to them; figures to profile-mutants-named.json).
const named = (process.env.BENCH_MUTANTS ?? '').split(',').map((x) => x.trim()).filter(Boolean);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
};
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const unknown = named.filter((n) => !Object.values(MUTANTS).some((m) => m.name === n));
  if (unknown.length > 0) {
    process.stderr.write(`BENCH_MUTANTS names no mutant: ${unknown.join(', ')}\n`);
    process.exitCode = 2;
    return;
  }
  const startedAt = new Date().toISOString();
  const t0 = Date.now();
  const all = Object.values(MUTANTS).filter((m) => m.name.startsWith(prefix) && (named.length === 0 || named.includes(m.name)) && (!knownRules || expectedByProfile(m, profileVersion(m)))).sort((a, b) => a.name.localeCompare(b.name));
  const skipped = all.map((m) => ({ mutant: m.name, rule: m.rule, why: notTried(m) })).filter((x) => x.why !== undefined) as { mutant: string; rule: string; why: string }[];
  const tried = all.filter((m) => notTried(m) === undefined);
  process.stderr.write(`profile-mutants: ${tried.length} of ${all.length} mutants on top of serve --profile opencast, ${concurrency} at a time\n`);
  let done = 0;
  const rows: (ProfileMutantRow | { mutant: string; rule: string; error: string })[] = await mapPool(tried, concurrency, async (m) => {
    try {
      const row = await runProfileMutant(m.name);
      process.stderr.write(row.caught ? '.' : 'x');
      return row;
    } catch (e) {
      process.stderr.write('E');
      return { mutant: m.name, rule: m.rule, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    } finally {
      if (++done % 50 === 0) process.stderr.write(` ${done}\n`);
    }
  });
  process.stderr.write('\n');
  const ok = rows.filter((r): r is ProfileMutantRow => !('error' in r));
  const caught = ok.filter((r) => r.caught);
  const missed = ok.filter((r) => !r.caught);
  const errors = rows.filter((r) => 'error' in r);
  const unexplained = missed.filter((r) => PROFILE_MASKED[r.mutant] === undefined);
  const ms = ok.map((r) => r.ms);
  const wallMs = Date.now() - t0;
  const figures = {
    startedAt, machine: { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '?' }, concurrency, wallMs,
    mutants: all.length, tried: tried.length, notTried: skipped.length,
    caught: caught.length, caughtByScenarios: caught.filter((r) => r.stage === 'scenarios').length, caughtByAllPhases: caught.filter((r) => r.stage === 'all').length,
    notCaught: missed.length, masked: missed.length - unexplained.length, unexplained: unexplained.length, errors: errors.length,
    // Not caught because the failure of its rule was taken for one of Opencast's known deviations (goal 0).
    shownAsKnown: missed.filter((r) => /\(known\)/.test(r.seen ?? '')).length,
    onlyItsRuleNew: caught.filter((r) => r.newRules.length === 1).length,
    perMutantMs: { p50: pct(ms, 50), p90: pct(ms, 90), max: Math.max(0, ...ms), total: ms.reduce((a, b) => a + b, 0) },
    slowest: [...ok].sort((a, b) => b.ms - a.ms).slice(0, 5).map((r) => ({ mutant: r.mutant, ms: r.ms, stage: r.stage })),
    missed, errorRows: errors, skipped, rows,
  };
  const file = join(PROJECT_ROOT, 'bench', `profile-mutants${prefix ? `-${prefix}` : ''}${named.length ? '-named' : ''}${knownRules ? '-known-rules' : ''}.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  const lines = [
    `evconf bench: profile self-test over the mutants (${figures.machine.cpus} × ${figures.machine.cpuModel}, Node ${figures.machine.node}, ${concurrency} side by side)`,
    `${all.length} mutants; tried on top of serve --profile opencast: ${tried.length} (not tried: ${skipped.length}, why in the file)`,
    `caught (exit 1, its rule new): ${caught.length} of ${tried.length} (scenarios: ${figures.caughtByScenarios}, every phase: ${figures.caughtByAllPhases}); only its rule new: ${figures.onlyItsRuleNew}`,
    `not caught: ${missed.length} (masked by the Opencast mode, listed: ${figures.masked}; unexplained: ${unexplained.length}; shown as known: ${figures.shownAsKnown}); evconf errors: ${errors.length}`,
    `time: ${sec(wallMs)} wall; per mutant p50 ${sec(figures.perMutantMs.p50)}, p90 ${sec(figures.perMutantMs.p90)}, max ${sec(figures.perMutantMs.max)}`,
    ...missed.map((r) => `  ${PROFILE_MASKED[r.mutant] !== undefined ? 'masked' : 'MISSED'} ${r.mutant} (${r.rule}, ${r.version}, exit ${r.code}): ${r.seen ?? ''}${r.newRules.length ? `; new: ${r.newRules.join(', ')}` : ''}`),
    ...errors.map((r) => `  ERROR ${r.mutant}: ${String((r as { error: string }).error).split('\n')[0]}`),
    `written to ${file}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exitCode = unexplained.length + errors.length > 0 ? 1 : 0;
}

main().catch((e: unknown) => {
  process.stderr.write(`bench failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  process.exitCode = 1;
});
