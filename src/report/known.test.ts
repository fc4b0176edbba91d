import { describe, expect, it } from 'vitest';
import { applyExpectations } from '../expectations/apply.js';
import type { ExpectationEntry, RunResult } from '../model/index.js';
import { renderSummary } from './console.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderAnnotations } from './github-annotations.js';
import { renderStepSummary } from './github-summary.js';
import { renderHtml } from './html/render.js';
import { reportFixture, withSummary, XSS } from './fixtures.js';
import { computeVerdicts } from './tally.js';

// Issue 22: console, JSON, JUnit, GitHub annotations and summary, and HTML all say the same about known deviations.
const entry = (rule: string, extra: Partial<ExpectationEntry> = {}): ExpectationEntry => ({
  rule, versions: ['1.6.0'], expect: 'fail', why: `known: ${rule} ${XSS}`, documented: 'https://example.org/known-issues#1', at: `ex.yaml:${rule}`, ...extra,
});

/** The fixture (1.6.0: limit, title and textfilter fail; an evconf error) with two of its failures expected. */
function knownRun(extra: ExpectationEntry[] = [], strict = false): RunResult {
  const fixture = reportFixture();
  // Without the evconf error and the load failure, so that the known ones are the only failures left but one.
  const base = withSummary({ ...fixture, results: fixture.results.filter((r) => r.outcome !== 'error' && !r.rule.startsWith('load.')) });
  const run = { ...base, verdicts: computeVerdicts(base, { allowUntested: ['acl.user.read', 'publications.*', 'events.list.uncovered'] }) };
  return applyExpectations(run, [entry('events.list.limit'), entry('events.list.textfilter', { documented: 'docs/opencast-reality.md' }), ...extra],
    { files: ['ex.yaml'], strict, today: '2026-01-02' });
}

describe('reporters: known deviations (issue 22)', () => {
  it('console: new failures apart from the known deviations, with why and where documented', () => {
    const text = renderSummary(knownRun(), { color: false });
    expect(text).toMatch(/^1\.6\.0\s+✘ not conformant\s+\d+ passed, 1 new failures, 2 known/m);
    expect(text).toMatch(/^New failures \(1\)\n {2}✘ metadata\.put\.title/m);
    expect(text).toMatch(/^Known deviations \(2; 2 checks\) {2}expectations: ex\.yaml$/m);
    expect(text).toContain(`≈ events.list.limit [1.6.0]  known: events.list.limit ${XSS}`);
    expect(text).toContain('documented: https://example.org/known-issues#1');
    expect(text).not.toMatch(/✘ events\.list\.limit/);
  });

  it('console: a version whose failures are all known reads "no new failures; N known deviations"', () => {
    const text = renderSummary(knownRun([entry('metadata.put.title')]), { color: false });
    expect(text).toMatch(/^1\.6\.0\s+≈ no new failures; 3 known deviations/m);
    expect(text).not.toMatch(/^New failures/m);
  });

  it('JSON: expectation on each explained result and the summary, beside the fields that were there', () => {
    const doc = JSON.parse(renderJson(knownRun())) as RunResult;
    const limit = doc.results.find((r) => r.rule === 'events.list.limit' && r.outcome === 'fail')!;
    expect(limit.expectation).toEqual({ status: 'known', entry: 'ex.yaml:events.list.limit', why: `known: events.list.limit ${XSS}`, documented: 'https://example.org/known-issues#1' });
    expect(limit.outcome).toBe('fail');
    expect(doc.summary.failed).toBe(3);
    expect(doc.expectations).toMatchObject({ files: ['ex.yaml'], newFailures: 1, known: 2, fixed: 0, stale: 0 });
    expect(doc.verdicts?.find((v) => v.apiVersion === '1.6.0')).toMatchObject({ newFailures: 1, knownFailures: 2, knownRules: ['events.list.limit', 'events.list.textfilter'] });
  });

  it('JUnit: known failures are skipped with the reason', () => {
    const xml = renderJunit(knownRun());
    expect(xml).toMatch(/<testsuite name="evconf 1\.6\.0" tests="\d+" failures="1" errors="0" skipped="\d+"/);
    expect(xml).toContain('<skipped message="known deviation: known: events.list.limit &lt;img src=x onerror=alert(1)&gt; (documented: https://example.org/known-issues#1; ex.yaml:events.list.limit)"/>');
    expect(xml.match(/<failure /g)).toHaveLength(1);
  });

  it('GitHub: known deviations are notices, never errors; fixed and stale entries warn (errors under --strict-expectations)', () => {
    const run = knownRun([entry('events.get.unknown'), entry('acl.never', { versions: ['1.6.0'] })]);
    const out = renderAnnotations(run);
    expect(out.match(/^::error /gm)).toHaveLength(1);
    expect(out).toMatch(/^::notice title=evconf known deviation%3A events\.list\.limit \[1\.6\.0\]::known%3A|^::notice title=evconf known deviation%3A events\.list\.limit \[1\.6\.0\]::known: /m);
    expect(out).toMatch(/^::warning title=evconf expectation fixed%3A events\.get\.unknown::passes now in 1\.6\.0/m);
    expect(out).toMatch(/^::warning title=evconf expectation stale%3A acl\.never::stale, matched no result in 1\.6\.0/m);
    const strict = renderAnnotations(knownRun([entry('events.get.unknown')], true));
    expect(strict).toMatch(/^::error title=evconf expectation fixed%3A events\.get\.unknown/m);
    const md = renderStepSummary(run);
    expect(md).toContain('### Known deviations (2)');
    expect(md).toContain('(documented: [https://example.org/known-issues\\#1](https://example.org/known-issues#1))');
    expect(md).toMatch(/✔ fixed `events\.get\.unknown`/);
  });

  it('HTML: a Known deviations section with the why and the link; the verdict worded with the known deviations', () => {
    const html = renderHtml(knownRun([entry('metadata.put.title')]));
    expect(html).toContain('<section id="sec-known" class="sec"><h2>Known deviations');
    expect(html).toContain('<a href="https://example.org/known-issues#1" rel="noreferrer noopener">https://example.org/known-issues#1</a>');
    expect(html).toContain('docs/opencast-reality.md');
    expect(html).not.toContain(XSS);
    expect(html).toMatch(/<h1 class="headline partial">1 of 2 API versions: no new failures; 3 known deviations<\/h1>/);
    expect(html).toContain('<span class="v-text">no new failures; 3 known deviations</span>');
    // Without expectations there is no such section.
    expect(renderHtml(reportFixture())).not.toContain('sec-known');
  });
});
