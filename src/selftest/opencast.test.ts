import { describe, expect, it } from 'vitest';
import { API_VERSIONS, type ApiVersion } from '../model/index.js';
import { MUTANTS } from '../reference/index.js';
import { runProfile } from './profile-run.js';

let left: unknown[] | undefined;
/** Every event the server lists (read through its own admin user). */
async function listed(url: string): Promise<unknown[]> {
  const res = await fetch(`${url}/api/events`, { headers: { authorization: `Basic ${Buffer.from('admin:selftest-admin-pw').toString('base64')}`, accept: 'application/v1.6.0+json' } });
  return (await res.json()) as unknown[];
}

// `evconf run --profile opencast` against the reference server in its Opencast mode exits 0
// in every version with every documented deviation reported as known; with one more planted bug on top it exits 1
// and names only that bug's rule as new. The scenarios phase only, with a short settle time (the profile's 30 s is
// for a real Opencast's index), so that a version takes well under a minute.
// events.list.rows (spec § GET /api/events, the rows of a list) is checked in these scenario-only runs too: the
// rows-seen oracle judges every row of the scenarios' lists against its event (src/oracles/rows-seen.ts). The
// flag stays accepted (a version whose scenarios list none of the run's events would leave it untested); each
// version's test asserts no gap is left that the profile's expectations do not accept.
const PHASE_GAPS = ['--allow-untested', 'events.list.rows'];
const PROFILE = (v: ApiVersion) => ['--profile', 'opencast', '--api-version', v, '--phases', 'scenarios', '--settle-ms', '1500', ...PHASE_GAPS];

/**
 * The release quirks of expectations/opencast.yaml (its "Release quirks" group): behaviour of older Opencast releases
 * only, named by their seen-in. The Opencast mode follows develop 436e9532f2 (docs/opencast-behaviour.md), where the
 * addendum has both fixed (specs/events-api-1.7-1.11.md § Versioning, Per-endpoint exceptions 2: /scheduling lists
 * v1.10.0 from 13.13, 14.6 and 15.0; § Changes tied to an Opencast release: textFilter escaped from 13.10, 14.3 and
 * 15.0), so against it these rules pass: the entries are reported fixed (never a failure without
 * --strict-expectations), not known.
 */
const OLDER_RELEASES: Readonly<Record<string, readonly ApiVersion[]>> = { 'scheduling.*': ['1.10.0'], 'events.list.filter.textFilter': API_VERSIONS };
const olderRelease = (e: { rule: string }, v: ApiVersion) => OLDER_RELEASES[e.rule]?.includes(v) ?? false;

// Each test is its own CLI process against its own server (waiting mostly): they run side by side.
describe.concurrent('self-test: --profile opencast against evconf serve --profile opencast', () => {
  it.each(API_VERSIONS)('%s: exit 0, every documented deviation of the version known, no new failure', async (v) => {
    // Processing outlasts the first read (Opencast's workflows take minutes), so the ACL change during processing is made.
    const { code, stdout, run } = await runProfile(PROFILE(v), { profile: 'opencast', processingDelayMs: 1500 });
    const x = run.expectations!;
    expect(code, stdout).toBe(0);
    expect(x.newFailures, stdout).toBe(0);
    const deviations = x.entries.filter((e) => e.expect === 'fail' && e.versions.includes(v) && !olderRelease(e, v));
    expect(deviations.length).toBeGreaterThan(0);
    for (const e of deviations) expect(e, `${e.rule} (${e.at}) is not known in ${v}`).toMatchObject({ status: 'known', knownIn: [v] });
    const older = x.entries.filter((e) => e.expect === 'fail' && e.versions.includes(v) && olderRelease(e, v));
    expect(older.length).toBeGreaterThan(0);
    for (const e of older) expect(e, `${e.rule} (${e.at}), a quirk of older releases, passes in ${v}`).toMatchObject({ status: 'fixed', fixedIn: [v] });
    const verdict = run.verdicts!.find((d) => d.apiVersion === v)!;
    expect(verdict).toMatchObject({ verdict: 'not-conformant', newFailures: 0 });
    // Rules of older releases only are not offered by this (newest-release) server: accepted gaps, not untested.
    expect(verdict.untested.filter((u) => !u.allowed && !x.entries.some((e) => e.expect === 'skip' && e.versions.includes(v) && e.rule === u.rule)).map((u) => `${u.rule}: ${u.reason}`))
      .toEqual([]);
    expect(stdout).toMatch(new RegExp(`^${v.replace(/\./g, '\\.')}\\s+≈ no new failures; ${verdict.knownRules!.length} known deviations?`, 'm'));
    expect(stdout).toMatch(/^Known deviations \(\d+; \d+ checks\)/m);
  }, 240_000);

  // The verdict does not flip with the index's timing: the same run against the Opencast mode with its index lagging
  // 0, 300 ms and 1 s (every read through the index, docs/opencast-behaviour.md) exits 0 with the same known
  // deviations. An ACL change refused while processing runs is waited out everywhere but in the one check that
  // makes it on purpose (acl.put.while-processing); Opencast's workflows take minutes, longer than its index lag
  // (here 1.5 s processing), so that check is made under every lag.
  it('1.6.0 under index lag 0, 300 ms and 1 s: exit 0 each, the same known deviations', async () => {
    const args = ['--profile', 'opencast', '--api-version', '1.6.0', '--phases', 'scenarios', '--settle-ms', '5000', ...PHASE_GAPS];
    const runs = await Promise.all([0, 300, 1000].map((indexLagMs) => runProfile(args, { profile: 'opencast', indexLagMs, processingDelayMs: 1500 })));
    for (const r of runs) expect(r.code, r.stdout).toBe(0);
    const known = runs.map((r) => r.run.verdicts!.find((d) => d.apiVersion === '1.6.0')!.knownRules);
    expect(known[0]).toContain('acl.put.while-processing');
    expect(known[1]).toEqual(known[0]);
    expect(known[2]).toEqual(known[0]);
  }, 600_000);

  // The probe's 409 (issue 22 follow-up): Opencast mode with its index lag, its registered agent given as --agent-id
  // and several versions in one run. The probe's schedule of one version was deleted before the index showed it (404,
  // taken for gone) and stayed on the shared agent in the very hour the next version's probe took: 409, and every
  // later version lost its scheduling checks. Now each version's probe takes its own hour and nothing stays behind.
  it('several versions in one run on the shared agent: every version schedules on it, nothing left behind', async () => {
    const versions = ['1.1.0', '1.2.0', '1.3.0'];
    const r = await runProfile(['--profile', 'opencast', '--api-version', versions.join(','), '--phases', 'scenarios', '--only', 'events.create.schedule-single', '--settle-ms', '1500'],
      { profile: 'opencast', after: async (url) => { left = await listed(url); } });
    const agents = r.run.observations.filter((o) => o.topic === 'capture-agents');
    expect(agents.map((o) => [o.apiVersion, o.value.replace(/evconf-agent-\S+/, '{own}')])).toEqual(versions.map((v) => [v, 'the server refused capture agent {own} (400); every stage uses --agent-id evconf-ca']));
    const scheduled = r.run.results.filter((x) => x.rule === 'events.create.schedule-single');
    expect([...new Set(scheduled.map((x) => `${x.apiVersion} ${x.outcome}`))]).toEqual(versions.map((v) => `${v} pass`));
    expect(r.run.leftovers ?? []).toEqual([]);
    expect(left).toEqual([]);
  }, 240_000);

  const fresh = (r: Awaited<ReturnType<typeof runProfile>>) =>
    [...new Set(r.run.results.filter((x) => (x.outcome === 'fail' || x.outcome === 'error') && x.expectation?.status !== 'known').map((x) => x.rule))].sort();

  // Planted bugs of different families, none on a rule the profile expects to fail, each breaking only its own
  // rule in a full run: exit 1 and only that rule new.
  it.each(['acl-put-merges', 'metadata-delete-keeps'])('with mutant %s on top: exit 1, only its rule new', async (mutant) => {
    const r = await runProfile(PROFILE('1.6.0'), { profile: 'opencast', mutant, processingDelayMs: 1500 });
    expect(r.code).toBe(1);
    expect(fresh(r), r.stdout).toEqual([MUTANTS[mutant].rule]);
    expect(r.stdout).toMatch(new RegExp(`^New failures \\(\\d+\\)\\n {2}✘ ${MUTANTS[mutant].rule.replace(/\./g, '\\.')} MUST`, 'm'));
    expect(r.run.expectations!.entries.filter((e) => e.expect === 'fail' && e.versions.includes('1.6.0') && !olderRelease(e, '1.6.0')).filter((e) => e.status !== 'known').map((e) => `${e.rule} ${e.status}`)).toEqual([]);
  }, 240_000);

  // A bug whose effect reaches a second rule (publications-list-no-url also breaks events.update.partial, which reads
  // the list): the new failures are exactly what the same bug makes the plain reference server fail, nothing of Opencast's.
  it('with mutant publications-list-no-url on top: the new failures are exactly those of the bug alone', async () => {
    const mutant = 'publications-list-no-url';
    const r = await runProfile(PROFILE('1.6.0'), { profile: 'opencast', mutant });
    const alone = await runProfile(['--api-version', '1.6.0', '--phases', 'scenarios', '--settle-ms', '1500'], { mutant });
    expect(r.code).toBe(1);
    expect(fresh(r)).toContain(MUTANTS[mutant].rule);
    expect(fresh(r), r.stdout).toEqual(fresh(alone));
  }, 240_000);
});
