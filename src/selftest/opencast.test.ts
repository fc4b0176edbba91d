import { describe, expect, it } from 'vitest';
import { API_VERSIONS, type ApiVersion } from '../model/index.js';
import { MUTANTS } from '../reference/index.js';
import { runProfile } from './profile-run.js';

// Issue 22, "Done when": `evconf run --profile opencast` against the reference server in its Opencast mode exits 0
// in every version with every documented deviation reported as known; with one more planted bug on top it exits 1
// and names only that bug's rule as new. The scenarios phase only, with a short settle time (the profile's 30 s is
// for a real Opencast's index), so that a version takes well under a minute.
const PROFILE = (v: ApiVersion) => ['--profile', 'opencast', '--api-version', v, '--phases', 'scenarios', '--settle-ms', '1500'];

describe('self-test: --profile opencast against evconf serve --profile opencast (issue 22)', () => {
  it.each(API_VERSIONS)('%s: exit 0, every documented deviation of the version known, no new failure', async (v) => {
    const { code, stdout, run } = await runProfile(PROFILE(v), { profile: 'opencast' });
    const x = run.expectations!;
    expect(code, stdout).toBe(0);
    expect(x.newFailures, stdout).toBe(0);
    const deviations = x.entries.filter((e) => e.expect === 'fail' && e.versions.includes(v));
    expect(deviations.length).toBeGreaterThan(0);
    for (const e of deviations) expect(e, `${e.rule} (${e.at}) is not known in ${v}`).toMatchObject({ status: 'known', knownIn: [v] });
    const verdict = run.verdicts!.find((d) => d.apiVersion === v)!;
    expect(verdict).toMatchObject({ verdict: 'not-conformant', newFailures: 0 });
    expect(stdout).toMatch(new RegExp(`^${v.replace(/\./g, '\\.')}\\s+≈ no new failures; ${verdict.knownRules!.length} known deviations?`, 'm'));
    expect(stdout).toMatch(/^Known deviations \(\d+; \d+ checks\)/m);
  }, 240_000);

  // A handful of planted bugs of different families, none of them on a rule the profile expects to fail.
  it.each(['acl-put-merges', 'sort-title-desc-ignored', 'metadata-delete-keeps'])('with mutant %s on top: exit 1, only its rule new', async (mutant) => {
    const { code, stdout, run } = await runProfile(PROFILE('1.6.0'), { profile: 'opencast', mutant });
    expect(code).toBe(1);
    const fresh = [...new Set(run.results.filter((r) => (r.outcome === 'fail' || r.outcome === 'error') && r.expectation?.status !== 'known').map((r) => r.rule))];
    expect(fresh, stdout).toEqual([MUTANTS[mutant].rule]);
    expect(stdout).toMatch(new RegExp(`^New failures \\(\\d+\\)\\n {2}✘ ${MUTANTS[mutant].rule.replace(/\./g, '\\.')} MUST`, 'm'));
    expect(run.expectations!.entries.filter((e) => e.expect === 'fail' && e.versions.includes('1.6.0')).every((e) => e.status === 'known')).toBe(true);
  }, 240_000);
});
