import { describe, expect, it } from 'vitest';
import type { CheckResult, RunResult } from '../../model/index.js';
import { reportFixture, withSummary, XSS } from '../fixtures.js';
import { baselineDiff, isNewFailure, regressed, renderBaselineMarkdown, renderBaselineText } from './baseline.js';
import { compareRuns, pairChecks } from './compare.js';
import { renderCompareHtml } from './html.js';
import { compareJson, headline, renderCompareText } from './text.js';
import { renderAnnotations } from '../github-annotations.js';
import { renderStepSummary } from '../github-summary.js';

/** The fixture with its results changed by `edit` (kept in order), its summary recounted. */
function variant(edit: (results: CheckResult[]) => CheckResult[], extra: Partial<RunResult> = {}): RunResult {
  const base = reportFixture();
  const { verdicts: _v, ...rest } = base;
  return withSummary({ ...rest, runId: 'run-b', results: edit(base.results.map((r) => ({ ...r }))), ...extra });
}

const cell = (c: ReturnType<typeof compareRuns>, rule: string, version: string) => c.rows.find((r) => r.rule === rule)!.cells.find((x) => x.apiVersion === version)!;
const input = (label: string, run: RunResult) => ({ label, run });

describe('compareRuns', () => {
  it('a run against itself: nothing differs', () => {
    const c = compareRuns([input('a', reportFixture()), input('b', reportFixture())]);
    expect(c.summary).toMatchObject({ rulesDiffering: 0, cellsDiffering: 0 });
    expect(headline(c)).toBe('no rule differs');
  });

  it('a fixed failure is newly passing, a new one newly failing; the rest does not differ', () => {
    const b = variant((rs) => rs.map((r) => (r.rule === 'events.list.limit' && r.apiVersion === '1.6.0' ? { ...r, outcome: 'pass' } : r.rule === 'events.get.unknown' && r.apiVersion === '1.5.0' ? { ...r, outcome: 'fail' } : r)));
    const c = compareRuns([input('a', reportFixture()), input('b', b)]);
    expect(cell(c, 'events.list.limit', '1.6.0')).toMatchObject({ states: ['fail', 'pass'], differs: true, kind: 'newly-passing' });
    expect(cell(c, 'events.get.unknown', '1.5.0')).toMatchObject({ states: ['pass', 'fail'], differs: true, kind: 'newly-failing' });
    expect(c.rows.filter((r) => r.differs).map((r) => r.rule).sort()).toEqual(['events.get.unknown', 'events.list.limit']);
    expect(headline(c)).toBe('2 rules differ: 1 newly failing, 1 newly passing');
    expect(renderCompareText(c)).toMatch(/newly failing \(1\):\n {4}events\.get\.unknown \[1\.5\.0\]/);
  });

  it('a rule one run did not check is "not checked" there, never passed, and is neither newly failing nor passing', () => {
    // b ran without events.list.limit (e.g. --only) and without 1.5.0 at all.
    const b = variant((rs) => rs.filter((r) => r.rule !== 'events.list.limit' && r.apiVersion !== '1.5.0'), { target: { ...reportFixture().target, apiVersions: ['1.6.0'] } });
    const c = compareRuns([input('a', reportFixture()), input('b', b)]);
    expect(cell(c, 'events.list.limit', '1.6.0')).toMatchObject({ states: ['fail', 'untested'], kind: 'one-side' });
    expect(cell(c, 'events.list.status', '1.5.0')).toMatchObject({ states: ['pass', 'not-offered'], kind: 'one-side' });
    // A skip is not a check either: skip against "no check" does not differ.
    expect(cell(c, 'acl.user.read', '1.5.0')).toMatchObject({ states: ['skip', 'not-offered'], differs: false });
    expect(c.summary.byKind['newly-passing']).toBe(0);
    expect(c.summary.byKind['newly-failing']).toBe(0);
    expect(c.notes.join('\n')).toMatch(/different API versions/);
  });

  it('a rule unknown to the other run\'s evconf: "rule unknown", not checked', () => {
    const b = variant((rs) => rs.filter((r) => r.rule !== 'events.get.unknown'), { rules: reportFixture().rules!.filter((r) => r.id !== 'events.get.unknown'), tool: { name: 'evconf', version: '0.0.9' } });
    const c = compareRuns([input('a', reportFixture()), input('b', b)]);
    expect(cell(c, 'events.get.unknown', '1.6.0')).toMatchObject({ states: ['pass', 'unknown-rule'], kind: 'one-side' });
    expect(c.notes.join('\n')).toMatch(/different evconf versions/);
  });

  it('a rule whose meaning changed is not compared, and its checks of the same id are not matched', () => {
    const rules = reportFixture().rules!.map((r) => (r.id === 'events.list.limit' ? { ...r, quote: 'limit: the page size, in pages' } : r));
    const b = variant((rs) => rs.map((r) => (r.rule === 'events.list.limit' && r.apiVersion === '1.6.0' ? { ...r, outcome: 'pass' } : r)), { rules });
    const c = compareRuns([input('a', reportFixture()), input('b', b)]);
    const row = c.rows.find((r) => r.rule === 'events.list.limit')!;
    expect(row.ruleChanged).toBe('quoted spec sentence');
    expect(cell(c, 'events.list.limit', '1.6.0').kind).toBe('rule-changed');
    expect(c.summary.byKind['newly-passing']).toBe(0);
    const pairs = pairChecks([input('a', reportFixture()), input('b', b)], 'events.list.limit', '1.6.0', true);
    expect(pairs.map((p) => p.outcomes)).toEqual([['fail', null], [null, 'pass']]);
  });

  it('a check id that names another endpoint in the other run is not matched', () => {
    const b = variant((rs) => rs.map((r) => (r.rule === 'events.list.limit' && r.apiVersion === '1.6.0' ? { ...r, outcome: 'pass', endpoint: 'GET /api/series' } : r)));
    const pairs = pairChecks([input('a', reportFixture()), input('b', b)], 'events.list.limit', '1.6.0', false);
    expect(pairs).toEqual([
      expect.objectContaining({ outcomes: ['fail', null], unmatched: expect.stringMatching(/GET \/api\/events/) }),
      expect.objectContaining({ outcomes: [null, 'pass'], unmatched: expect.stringMatching(/GET \/api\/series/) }),
    ]);
    const same = pairChecks([input('a', reportFixture()), input('b', reportFixture())], 'acl.put.overwrites', '1.6.0', false);
    expect(same.map((p) => p.outcomes)).toEqual([['pass', 'pass'], ['pass', 'pass']]);
  });

  it('a known deviation against a pass is its own kind, not a new failure', () => {
    const b = variant((rs) => rs.map((r) => (r.rule === 'events.get.unknown' && r.apiVersion === '1.6.0'
      ? { ...r, outcome: 'fail', expectation: { status: 'known', entry: 'x.yaml:1', why: 'w', documented: 'd' } } : r)));
    const c = compareRuns([input('a', reportFixture()), input('b', b)]);
    expect(cell(c, 'events.get.unknown', '1.6.0')).toMatchObject({ states: ['pass', 'known'], kind: 'known' });
  });

  it('the load figures side by side, throughput change against the first run', () => {
    const b = variant((rs) => rs, { load: reportFixture().load.map((l) => ({ ...l, rps: { ...l.rps, mean: l.rps.mean / 2 } })) });
    const c = compareRuns([input('a', reportFixture()), input('b', b)]);
    expect(c.load.map((l) => [l.profile, l.runs.map((f) => f?.rps), l.rpsChangePct])).toEqual([
      ['list', [5200, 2600], [undefined, -50]], [`filter ${XSS}`, [5200, 2600], [undefined, -50]],
    ]);
    expect(c.load[1].runs[0]!.budgets).toEqual({ 'load.filter.p99': 'fail' });
  });

  it('--format json: every differing cell with its states by label and its checks paired', () => {
    const b = variant((rs) => rs.map((r) => (r.rule === 'events.list.limit' && r.apiVersion === '1.6.0' ? { ...r, outcome: 'pass' } : r)));
    const inputs = [input('old', reportFixture()), input('new', b)];
    const j = compareJson(compareRuns(inputs), inputs) as { differences: unknown[]; headline: string };
    expect(j.headline).toBe('1 rule differs: 1 newly passing');
    expect(j.differences).toEqual([expect.objectContaining({
      rule: 'events.list.limit', apiVersion: '1.6.0', kind: 'newly-passing', states: { old: 'fail', new: 'pass' },
      checks: [{ id: '1.6.0/basic/events.list.limit', outcomes: { old: 'fail', new: 'pass' } }],
    })]);
    expect(JSON.parse(JSON.stringify(j))).toEqual(j);
  });
});

describe('the comparison page', () => {
  it('escapes everything from the runs; the evidence travels as JSON that cannot close its script element', () => {
    const b = variant((rs) => rs.map((r) => (r.rule === 'metadata.put.title' && r.apiVersion === '1.6.0' ? { ...r, outcome: 'pass' } : r)));
    const html = renderCompareHtml([input(`a ${XSS}`, reportFixture()), input('b', b)]);
    expect(html).not.toContain(XSS);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('</script><script>alert(2)');
    expect(html).not.toContain('YWRtaW46czNjcmV0');
    // Exactly two scripts: the data (JSON) and the page's own, allowed by hash.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toMatch(/script-src &#39;sha256-[A-Za-z0-9+/=]+&#39;/);
    expect(html).toContain('data-cell="metadata.put.title|1.6.0"');
  });
});

describe('against a baseline (evconf run --baseline)', () => {
  const withLoad = (factor: number) => variant((rs) => rs, { load: reportFixture().load.map((l) => ({ ...l, rps: { ...l.rps, mean: l.rps.mean * factor } })) });

  it('a new failure regresses; a failure the baseline had too does not; a fixed rule is listed', () => {
    const now = variant((rs) => rs.map((r) => (r.rule === 'events.get.unknown' && r.apiVersion === '1.5.0' ? { ...r, outcome: 'fail' } : r.rule === 'events.list.limit' && r.apiVersion === '1.6.0' ? { ...r, outcome: 'pass' } : r)));
    const d = baselineDiff(reportFixture(), now, { file: 'prev/results.json', tolerancePct: 10 });
    expect(d.newFailures).toEqual([{ rule: 'events.get.unknown', versions: ['1.5.0'], was: 'pass', now: 'fail' }]);
    expect(d.fixed.map((f) => f.rule)).toEqual(['events.list.limit']);
    expect(regressed(d)).toBe(true);
    expect(isNewFailure(d, { rule: 'events.get.unknown', apiVersion: '1.5.0', outcome: 'fail' })).toBe(true);
    expect(isNewFailure(d, { rule: 'metadata.put.title', apiVersion: '1.6.0', outcome: 'fail' })).toBe(false);
    expect(renderBaselineText(d)).toMatch(/new failures \(1\):\n {4}✘ events\.get\.unknown \[1\.5\.0\] \(baseline: passed\)/);
    expect(renderBaselineMarkdown(d)).toMatch(/^## ✘ evconf against the baseline/);

    const same = baselineDiff(reportFixture(), reportFixture(), { file: 'prev/results.json', tolerancePct: 10 });
    expect(same.newFailures).toEqual([]);
    expect(regressed(same)).toBe(false);
  });

  it('a failure in a rule the baseline did not check is new', () => {
    const prev = variant((rs) => rs.filter((r) => r.rule !== 'metadata.put.title'));
    const d = baselineDiff(prev, reportFixture(), { file: 'p.json', tolerancePct: 10 });
    expect(d.newFailures).toEqual([{ rule: 'metadata.put.title', versions: ['1.6.0'], was: 'untested', now: 'fail' }]);
    expect(renderBaselineText(d)).toMatch(/metadata\.put\.title \[1\.6\.0\] \(baseline: not checked\)/);
  });

  it('throughput down beyond the tolerance regresses; within it, or up, does not', () => {
    expect(regressed(baselineDiff(withLoad(1), withLoad(0.7), { file: 'p', tolerancePct: 20 }))).toBe(true);
    const within = baselineDiff(withLoad(1), withLoad(0.85), { file: 'p', tolerancePct: 20 });
    expect(within.throughput).toEqual([]);
    expect(regressed(within)).toBe(false);
    const up = baselineDiff(withLoad(1), withLoad(1.5), { file: 'p', tolerancePct: 20 });
    expect(up.throughput.map((t) => [t.regression, Math.round(t.changePct)])).toEqual([[false, 50], [false, 50]]);
    expect(regressed(up)).toBe(false);
  });

  it('GitHub: the job summary shows the diff first; only the new failures are annotated as errors', () => {
    const now = variant((rs) => rs.map((r) => (r.rule === 'events.get.unknown' && r.apiVersion === '1.5.0' ? { ...r, outcome: 'fail' } : r)));
    const d = baselineDiff(reportFixture(), now, { file: 'prev/results.json', tolerancePct: 10 });
    const md = renderStepSummary(now, { before: renderBaselineMarkdown(d) });
    expect(md.indexOf('evconf against the baseline')).toBeLessThan(md.indexOf('## ✘ evconf:'));
    expect(md.indexOf('evconf against the baseline')).toBeLessThan(20);
    const errors = (text: string) => text.split('\n').filter((l) => l.startsWith('::error'));
    expect(errors(renderAnnotations(now)).length).toBeGreaterThan(1);
    const only = errors(renderAnnotations(now, { only: (r) => isNewFailure(d, r) }));
    expect(only).toHaveLength(1);
    expect(only[0]).toMatch(/title=events\.get\.unknown \[1\.5\.0\]/);
  });
});
