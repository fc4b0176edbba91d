import { describe, expect, it } from 'vitest';
import type { RunResult } from '../model/index.js';
import { renderSummary } from './console.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderAnnotations } from './github-annotations.js';
import { renderStepSummary } from './github-summary.js';
import { renderHtml } from './html/render.js';
import { knownEntry as entry, knownRun, reportFixture, XSS } from './fixtures.js';
import { clientData } from './html/data.js';
import { cellCounts } from './html/matrix.js';

// Console, JSON, JUnit, GitHub annotations and summary, and HTML all say the same about known deviations.
describe('reporters: known deviations', () => {
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
    expect(html).toContain('docs/opencast-notes.md');
    expect(html).not.toContain(XSS);
    expect(html).toMatch(/<h1 class="headline partial">1 of 2 API versions: no new failures; 3 known deviations<\/h1>/);
    expect(html).toContain('<span class="v-text">no new failures; 3 known deviations</span>');
    // Without expectations there is no such section.
    expect(renderHtml(reportFixture())).not.toContain('sec-known');
  });

  it('HTML: known failures are shown as known, not FAIL: matrix cell, result list chips and rows, verdict counts', () => {
    const run = knownRun();
    const html = renderHtml(run);
    // The matrix: the expected rules' cells are known (≈), the unexpected failure's cell stays failed (✘).
    expect(cellCounts(run).get('events.list.limit\u00001.6.0')).toEqual({ known: 1 });
    expect(html).toContain('<td class="m-known"><a href="#rule=events.list.limit&amp;version=1.6.0" title="events.list.limit · 1.6.0: 1 known">≈</a></td>');
    expect(html).toContain('<td class="m-known"><a href="#rule=events.list.textfilter&amp;version=1.6.0"');
    expect(html).toMatch(/<td class="m-fail"><a href="#rule=metadata\.put\.title&amp;version=1\.6\.0"[^>]*>✘<\/a><\/td>/);
    expect(html).toContain('<b>≈</b> known deviation (failed as the expectations say)');
    // The result list: its own chip and count; the failed chip counts the new failure only.
    expect(html).toContain('data-outcome="fail" aria-pressed="true">failed <b>1</b></button>');
    expect(html).toContain('data-outcome="known" aria-pressed="true">known <b>2</b></button>');
    const rows = clientData(run).results;
    expect(rows.filter((r) => r.shown === 'known').map((r) => r.rule).sort()).toEqual(['events.list.limit', 'events.list.textfilter']);
    expect(rows.filter((r) => r.shown === 'fail').map((r) => r.rule)).toEqual(['metadata.put.title']);
    // Known deviations are listed after the new failures and warnings, before skips and passes.
    const order: string[] = rows.map((r) => r.shown);
    expect(order.indexOf('known')).toBeGreaterThan(order.lastIndexOf('fail'));
    expect(order.lastIndexOf('known')).toBeLessThan(Math.min(...['skip', 'pass'].map((o) => order.indexOf(o)).filter((i) => i >= 0)));
    // The verdict card: new failures and known apart, each linking to its filter.
    expect(html).toContain('<a class="cnt c-fail" href="#version=1.6.0&amp;outcome=fail"><b>1</b> failed</a>');
    expect(html).toContain('<a class="cnt c-known" href="#version=1.6.0&amp;outcome=known"><b>2</b> known</a>');
    // Without expectations there is no known chip, cell or legend entry.
    const plain = renderHtml(reportFixture());
    expect(plain).not.toContain('data-outcome="known"');
    expect(plain).not.toContain('<td class="m-known"');
    expect(plain).not.toContain('<b>≈</b>');
  });

  it('every reporter counts the same new failures and known deviations', () => {
    const run = knownRun();
    const known = run.results.filter((r) => r.expectation?.status === 'known');
    const fresh = run.results.filter((r) => (r.outcome === 'fail' || r.outcome === 'error') && r.expectation?.status !== 'known');
    expect([known.length, fresh.length]).toEqual([2, 1]);
    // JSON
    const doc = JSON.parse(renderJson(run)) as RunResult;
    expect(doc.expectations).toMatchObject({ newFailures: fresh.length, known: known.length });
    // Console
    const text = renderSummary(run, { color: false });
    expect(text).toMatch(new RegExp(`^New failures \\(${fresh.length}\\)$`, 'm'));
    expect(text).toMatch(new RegExp(`^Known deviations \\(2; ${known.length} checks\\)`, 'm'));
    expect(text.match(/^(New failures|Failures) \(/gm)).toHaveLength(1);
    // JUnit
    const xml = renderJunit(run);
    expect(xml.match(/<failure /g)?.length ?? 0).toBe(fresh.length);
    expect(xml.match(/<skipped message="known deviation:/g)).toHaveLength(known.length);
    // GitHub: errors only for the new failure, notices for the known deviations.
    const ann = renderAnnotations(run);
    expect(ann.match(/^::error /gm)?.length ?? 0).toBe(fresh.length);
    expect(ann.match(/^::notice title=evconf known deviation/gm)).toHaveLength(2);
    // HTML: the failures section lists the new failure only, the list shows the known ones as KNOWN.
    const html = renderHtml(run);
    expect(html).toMatch(new RegExp(`<a href="#sec-failures" data-goto="sec-failures">Failures <span class="n">${fresh.length}</span></a>`));
    expect(clientData(run).results.filter((r) => r.shown === 'known')).toHaveLength(known.length);
  });
});
