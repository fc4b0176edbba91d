/**
 * The profile self-test over the mutants ("Done when"): with a mutant planted on top of `evconf serve
 * --profile opencast`, `evconf run --profile opencast` exits 1 and reports the mutant's rule as new (not as one of
 * Opencast's known deviations). Shared by the sampled CI test (profile-mutants.test.ts) and the full sweep
 * (`npm run bench:profile-mutants`, bench/profile-mutants.ts).
 *
 * Each mutant runs in one version (the newest where its bug is observable) with `--only` its rule: the scenarios
 * first, and where they miss it every conformance phase, as the plain mutant self-test does (mutant-cases.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiVersion, RunResult } from '../model/index.js';
import { MUTANTS, type MutantDef } from '../reference/index.js';
import { OPENCAST_DEVIATIONS } from '../reference/profiles/opencast.js';
import { loadExpectations } from '../expectations/file.js';
import { idMatches } from '../report/tally.js';
import { PROJECT_ROOT } from '../spec/paths.js';
import { book } from './harness.js';
import { NOT_CAUGHT_YET, ruleMutants, versionsOf } from './mutant-cases.js';
import { runProfile } from './profile-run.js';

/** A fixed, varied sample: one MUST-rule mutant per family (ACL, roles, filters, sort, metadata, scheduling, publications, events). */
export const FIXED_SAMPLE = [
  'acl-add-replaces', 'auth-write-with-read', 'list-filter-and-as-or', 'sort-title-desc-ignored',
  'metadata-type-stale', 'schedule-end-ignored', 'publication-get-no-media', 'get-unknown-200',
] as const;

/**
 * Mutants whose bug the Opencast mode hides (a legal choice or a deviation of Opencast's covers the same behaviour),
 * each with why: found by the full sweep, never drawn by the sampled test. The sweep reports them every time.
 */
export const PROFILE_MASKED: Readonly<Record<string, string>> = JSON.parse(
  readFileSync(new URL('./profile-masked.json', import.meta.url), 'utf8'),
) as Record<string, string>;

const OPENCAST_EXPECTATIONS = loadExpectations([join(PROJECT_ROOT, 'expectations', 'opencast.yaml')]);

/** The version a mutant is tried in: the newest where its bug is observable and its rule applies. */
export function profileVersion(m: MutantDef): ApiVersion {
  const versions = versionsOf(m);
  return versions[versions.length - 1];
}

/** Whether expectations/opencast.yaml expects the mutant's rule to fail in that version (its failure could be known). */
export function expectedByProfile(m: MutantDef, v: ApiVersion): boolean {
  return OPENCAST_EXPECTATIONS.some((e) => e.expect === 'fail' && e.versions.includes(v) && idMatches(e.rule, m.rule));
}

/** Why a mutant is not tried on top of the Opencast mode (undefined: it is). */
export function notTried(m: MutantDef): string | undefined {
  if ((m.caughtBy ?? 'scenarios') !== 'scenarios') return `caught by the ${m.caughtBy} self-test, not by a run`;
  if (OPENCAST_DEVIATIONS.includes(m.name)) return 'one of the Opencast mode\'s own deviations';
  if (NOT_CAUGHT_YET[m.name] !== undefined) return `not caught yet on the plain server: ${NOT_CAUGHT_YET[m.name]}`;
  if (versionsOf(m).length === 0) return 'applies to no version';
  // The Opencast mode is a 16.0 server (server version 1.11.0, src/reference/profiles): a bug planted in an older
  // server (a server-release rule of 13.x to 15.x) cannot be shown on top of it.
  if (m.selftest?.serverVersion !== undefined) return `needs a server of version ${m.selftest.serverVersion}; the Opencast mode is one of 1.11.0`;
  // A mutant whose rule is also one of Opencast's expected deviations is tried too: expectations name what differs,
  // not the rule (src/expectations/differences.ts), so its own break of the rule must still show as new.
  return undefined;
}

/** Mutants the sampled test may draw: of MUST rules (a SHOULD rule only warns: no exit 1), tried, not masked, not in the fixed sample. */
export function drawPool(): MutantDef[] {
  return ruleMutants().filter((m) => book.get(m.rule)?.level === 'MUST' && notTried(m) === undefined && PROFILE_MASKED[m.name] === undefined &&
    !(FIXED_SAMPLE as readonly string[]).includes(m.name));
}

/** `n` distinct mutants of `pool` drawn by `seed` (mulberry32; the same seed draws the same ones). */
export function drawSample(pool: readonly MutantDef[], seed: number, n: number): MutantDef[] {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const left = [...pool];
  const out: MutantDef[] = [];
  while (out.length < n && left.length > 0) out.push(left.splice(Math.floor(next() * left.length), 1)[0]);
  return out;
}

export interface ProfileMutantRow {
  mutant: string;
  rule: string;
  level: string;
  version: ApiVersion;
  /** The phases that ran last: the scenarios, or every conformance phase where they missed it. */
  stage: 'scenarios' | 'all';
  code: number;
  /** Rules that failed (or warned) and no expectation explains. */
  newRules: string[];
  /** Exit 1 (a SHOULD rule only warns: exit not 1) and the mutant's rule among the new failures. */
  caught: boolean;
  /** What the run made of the mutant's rule when it was not caught. */
  seen?: string;
  ms: number;
}

const newRules = (run: RunResult) => [...new Set(run.results
  .filter((r) => (r.outcome === 'fail' || r.outcome === 'warn' || r.outcome === 'error') && r.expectation?.status !== 'known').map((r) => r.rule))].sort();

/** Runs `evconf run --profile opencast` against `serve --profile opencast --mutant NAME` (see the module comment). */
export async function runProfileMutant(name: string): Promise<ProfileMutantRow> {
  const m = MUTANTS[name];
  const version = profileVersion(m);
  const settleMs = m.selftest?.settleMs ?? (/lands-late/.test(name) ? 10_000 : 1_500);
  const server = { profile: 'opencast' as const, mutant: name, ...(m.selftest?.processingDelayMs !== undefined ? { processingDelayMs: m.selftest.processingDelayMs } : {}) };
  const started = Date.now();
  const once = async (phases: string) => {
    // The self-test's times (harness.ts), not the profile's (a real Opencast's index and workflows): settle as above,
    // processing and retraction bounded by 10 s (the profile's 15 min lets a retraction that never ends take the phase).
    const r = await runProfile(['--profile', 'opencast', '--api-version', version, '--phases', phases, '--only', m.rule, '--settle-ms', String(settleMs), '--processing-timeout', '10000'], server);
    const fresh = newRules(r.run);
    const level = m.rule ? (r.run.rules?.find((x) => x.id === m.rule)?.level ?? 'MUST') : 'MUST';
    const caught = fresh.includes(m.rule) && (r.code === 1 || level === 'SHOULD');
    const mine = r.run.results.filter((x) => x.rule === m.rule);
    const seen = caught ? undefined : mine.length === 0 ? 'no result of its rule' : [...new Set(mine.map((x) => `${x.outcome}${x.expectation ? ` (${x.expectation.status})` : ''}: ${x.message.replace(/\s+/g, ' ').slice(0, 160)}`))].join(' | ');
    return { code: r.code, fresh, caught, level, seen };
  };
  let stage: ProfileMutantRow['stage'] = 'scenarios';
  let out = await once('scenarios');
  if (!out.caught) {
    stage = 'all';
    out = await once('scenarios,properties,stateful');
  }
  return {
    mutant: name, rule: m.rule, level: out.level, version, stage, code: out.code, newRules: out.fresh, caught: out.caught,
    ...(out.seen ? { seen: out.seen } : {}), ms: Date.now() - started,
  };
}
