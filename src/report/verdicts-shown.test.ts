/**
 * Every reporter of this module shows the same per-version verdict, and an
 * incomplete version (MUST rules that apply were not checked) says which rules and why.
 */
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../model/index.js';
import { reportFixture } from './fixtures.js';
import { renderAnnotations } from './github-annotations.js';
import { renderStepSummary } from './github-summary.js';
import { renderHtml } from './html/render.js';
import { renderJunit } from './junit.js';
import { computeVerdicts } from './tally.js';
import { parseXml } from './xml-wellformed.js';

/** The fixture judged without accepting its gaps: 1.5.0 incomplete (nothing failed), 1.6.0 not conformant. */
function incompleteRun(): RunResult {
  const base = reportFixture();
  const { verdicts: _drop, ...run } = base;
  return { ...run, verdicts: computeVerdicts(run as RunResult, { stopped: [{ apiVersion: '1.5.0', reason: '--phase-budget 1000 ms reached (phase properties, API 1.5.0)' }] }) };
}

const run = incompleteRun();

describe('an incomplete version, in every reporter', () => {
  it('is judged incomplete with its untested rules and why (the contract the reporters read)', () => {
    const [v15, v16] = run.verdicts!;
    expect(v15.verdict).toBe('incomplete');
    expect(v16.verdict).toBe('not-conformant');
    expect(v15.untested.map((u) => u.rule).sort()).toEqual(['acl.user.read', 'publications.list.status']);
  });

  it('HTML: its own look, the untested rules grouped by reason, the stop reason; the headline counts it', () => {
    const html = renderHtml(run);
    expect(html).toContain('<h1 class="headline bad">Not conformant in 1 of 2 API versions; incomplete in 1</h1>');
    const card = /<div class="verdict partial" data-verdict="incomplete">[\s\S]*?<\/div><\/div>(?=<div class="verdict|<\/div><\/section>)/.exec(html)![0];
    expect(card).toContain('<span class="v-ver">1.5.0</span><span class="v-text">incomplete</span>');
    expect(card).toContain('<p class="stopped">Run stopped early: --phase-budget 1000 ms reached (phase properties, API 1.5.0)</p>');
    expect(card).toContain('<summary>2 MUST rules not tested</summary>');
    expect(card).toContain('<li><span class="why">no non-admin credentials given (--user-auth)</span> <span class="muted">(1)</span>: <code>acl.user.read</code></li>');
    const only = renderHtml({ ...run, verdicts: run.verdicts!.filter((v) => v.apiVersion === '1.5.0') });
    expect(only).toContain('<h1 class="headline partial">Incomplete in API 1.5.0: MUST rules were not tested</h1>');
  });

  it('JUnit: the verdict property and the untested rules in system-out', () => {
    const suites = parseXml(renderJunit(run)).children;
    const prop = (i: number, n: string) => suites[i].children.find((c) => c.name === 'properties')!.children.find((p) => p.attrs.name === n)?.attrs.value;
    expect(prop(0, 'verdict')).toBe('incomplete');
    const out = suites[0].children.find((c) => c.name === 'system-out')!.text;
    expect(out).toContain('run stopped early: --phase-budget 1000 ms reached');
    expect(out).toMatch(/untested MUST rules \(1\), no non-admin credentials given \(--user-auth\): acl\.user\.read/);
  });

  it('GitHub: a ::warning naming the untested rules, and the summary lists them under the version', () => {
    const warn = renderAnnotations(run).split('\n').find((l) => l.startsWith('::warning'))!;
    expect(warn).toMatch(/^::warning title=evconf%3A API 1\.5\.0 incomplete%2C 2 MUST rules not tested::run stopped early: /);
    expect(warn).toContain('%0A1 untested (no non-admin credentials given (--user-auth)): acl.user.read');
    const md = renderStepSummary(run);
    expect(md).toContain('| 1.5.0 | ◌ incomplete |');
    expect(md).toContain('<details><summary>API 1.5.0 is incomplete: 2 MUST rules not tested</summary>');
    expect(md).toContain('- no non-admin credentials given \\(--user-auth\\) (1): `acl.user.read`');
  });

  it('accepted gaps (--allow-untested) do not make a version incomplete and are shown apart', () => {
    const accepted = reportFixture();
    expect(accepted.verdicts![0].verdict).toBe('conformant');
    const html = renderHtml(accepted);
    expect(html).toContain('untested, accepted (--allow-untested)</summary>');
    expect(renderAnnotations(accepted)).not.toContain('::warning');
  });
});
