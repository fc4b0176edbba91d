/**
 * `evconf compare` and `evconf run --baseline` on real runs of the reference server: plain, in its Opencast mode
 * (`--profile opencast`), and with a planted bug behind a server that puts markup in every title. The differing
 * cells must be exactly the rule × version cells whose results differ, computed here from the two results files on
 * their own; the comparison page must pass the Chromium checks of the run report. One version and the scenarios of
 * a few endpoints keep it small.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baselineExitStatus, exitStatus } from '../cli/run.js';
import { runConformance } from '../orchestrator/run.js';
import type { CheckResult, RunResult } from '../model/index.js';
import { parseUsers } from '../reference/index.js';
import { baselineDiff } from '../report/compare/baseline.js';
import { compareRuns, type Comparison } from '../report/compare/compare.js';
import { renderCompareHtml } from '../report/compare/html.js';
import { expectNavLands } from './browser-nav.js';
import { book, CREDENTIALS, lifecycle, selftestConfig, SELFTEST_USERS, suites } from './harness.js';
import { MARKUP, withMarkupTitles } from './markup-titles.js';
import { runProfile } from './profile-run.js';
import { referenceServerForTests } from './test-server.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const skipNote = hasChromium ? '' : ' [SKIPPED: /usr/bin/chromium is not installed; apt-get install chromium]';
const REPORTS = fileURLToPath(new URL('../../reports/', import.meta.url));
const BUG = 'list-limit-off-by-one';
const ONLY = 'events.list.*,events.get.*';
const COMMON = ['--api-version', '1.6.0', '--phases', 'scenarios', '--only', ONLY, '--settle-ms', '1500'];

/**
 * The cells that differ, from two results alone: per rule and version, the worst outcome a run decided (fail, error,
 * warn, known, pass; a known deviation is a failure its expectations explain), or "unchecked" when it decided none
 * (only skips, or no result).
 */
function expectedDifferences(a: RunResult, b: RunResult): string[] {
  const worst = (rs: CheckResult[]): string => {
    const seen = new Set<string>(rs.map((r) => ((r.outcome === 'fail' || r.outcome === 'warn') && r.expectation?.status === 'known' ? 'known' : r.outcome)));
    return ['fail', 'error', 'warn', 'known', 'pass'].find((o) => seen.has(o)) ?? 'unchecked';
  };
  const cells = (run: RunResult) => {
    const m = new Map<string, CheckResult[]>();
    for (const r of run.results) m.set(`${r.rule}|${r.apiVersion}`, [...(m.get(`${r.rule}|${r.apiVersion}`) ?? []), r]);
    return m;
  };
  const ca = cells(a);
  const cb = cells(b);
  return [...new Set([...ca.keys(), ...cb.keys()])].filter((k) => worst(ca.get(k) ?? []) !== worst(cb.get(k) ?? [])).sort();
}

const differing = (c: Comparison) => c.rows.flatMap((r) => r.cells.filter((x) => x.differs).map((x) => `${r.rule}|${x.apiVersion}`)).sort();

const users = parseUsers(SELFTEST_USERS);
const markupServer = referenceServerForTests({ mutant: BUG, processingDelayMs: 50, retractDelayMs: 50, users }, withMarkupTitles);
let plain: RunResult;
let opencast: RunResult;
let bug: RunResult;
const dir = mkdtempSync(join(tmpdir(), 'evconf-compare-'));
const file = (name: string, run: RunResult) => {
  const f = join(dir, name);
  writeFileSync(f, JSON.stringify(run));
  return f;
};

describe('self-test: evconf compare on real runs of the reference server', () => {
  beforeAll(async () => {
    const [p, o, b] = await Promise.all([
      runProfile(COMMON),
      runProfile([...COMMON, '--profile', 'opencast'], { profile: 'opencast' }),
      runConformance({
        config: selftestConfig(['1.6.0'], { ...CREDENTIALS, only: ONLY.split(','), phases: ['scenarios'], settleMs: 1500 }),
        book, suites, lifecycle, runId: 'selftest-compare-bug', toolVersion: 'selftest', target: { baseUrl: markupServer.url, reference: true, mutant: BUG },
      }),
    ]);
    plain = p.run;
    opencast = o.run;
    bug = b;
    expect(p.run.summary.failed, p.stdout).toBe(0);
  }, 240_000);

  it('plain against Opencast mode: the differing cells are exactly those whose results differ; the deviations are known, not new', () => {
    const c = compareRuns([{ label: 'plain', run: plain }, { label: 'opencast', run: opencast }]);
    const expected = expectedDifferences(plain, opencast);
    expect(expected.length).toBeGreaterThan(0);
    expect(differing(c)).toEqual(expected);
    // Opencast mode's documented deviations are known deviations there: never counted as newly failing.
    expect(c.summary.byKind['newly-failing']).toBe(0);
    expect(c.summary.byKind.known).toBeGreaterThan(0);
  });

  it('plain against a planted bug: the differing cells are exactly those whose results differ, the bug\'s rule among the newly failing', () => {
    const c = compareRuns([{ label: 'plain', run: plain }, { label: 'bug', run: bug }]);
    expect(differing(c)).toEqual(expectedDifferences(plain, bug));
    expect(c.rows.find((r) => r.rule === 'events.list.limit')!.cells.find((x) => x.apiVersion === '1.6.0')).toMatchObject({ states: ['pass', 'fail'], kind: 'newly-failing' });
  });

  it.skipIf(!hasChromium)(`the comparison page in Chromium: no error, nothing fetched, every section reachable, evidence of both sides, server markup as text${skipNote}`, async () => {
    const html = renderCompareHtml([{ label: 'plain', run: plain }, { label: 'bug', run: bug }, { label: 'opencast', run: opencast }]);
    for (const secret of ['selftest-admin-pw', 'selftest-alice-pw', Buffer.from('admin:selftest-admin-pw').toString('base64')]) expect(html.includes(secret), 'a credential in the page').toBe(false);
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(`${REPORTS}selftest-compare.html`, html);
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
      const dialogs: string[] = [];
      const requests: string[] = [];
      const errors: string[] = [];
      page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
      page.on('request', (r) => requests.push(r.url()));
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      await page.goto(`file://${REPORTS}selftest-compare.html`);
      // Only the rules that differ are shown at first; unticking the filter shows every rule.
      const shownRows = () => page.locator('#cmp-matrix tbody tr[data-rule]:visible').count();
      const diffRows = await page.locator('#cmp-matrix tbody tr.diff').count();
      expect(diffRows).toBeGreaterThan(0);
      expect(await shownRows()).toBe(diffRows);
      await page.locator('#only-diff').uncheck();
      expect(await shownRows()).toBe(await page.locator('#cmp-matrix tbody tr[data-rule]').count());
      expect(await shownRows()).toBeGreaterThan(diffRows);
      await page.locator('#only-diff').check();
      // The planted bug's cell opens the evidence of both sides: the passing check of the plain run beside the
      // failing one, each with its request, response and curl line.
      await page.locator('tr[data-rule="events.list.limit"] td.k-newly-failing button').click();
      const ev = page.locator('tr.evrow .evidence');
      await ev.waitFor();
      expect(await ev.locator('h4.sidehead').allTextContents()).toEqual([expect.stringMatching(/^Aplain: passed/), expect.stringMatching(/^Bbug: failed/), expect.stringMatching(/^Copencast: /)]);
      const open = ev.locator('details.chk[open]');
      expect(await open.count()).toBeGreaterThanOrEqual(2);
      expect(await open.first().locator('.cmd code').first().textContent()).toContain('curl ');
      expect(await ev.locator('details.chk.o-fail[open] .xch .status').first().textContent()).toBe('200');
      // The server's markup is shown as text, never as an element (titles are in the failing list's bodies).
      await ev.locator('details.chk.o-fail[open] .xch .body').first().waitFor();
      expect(await page.locator('body').textContent()).toContain(MARKUP.slice(0, 12));
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      // Clicking the cell again closes it.
      await page.locator('tr[data-rule="events.list.limit"] td.k-newly-failing button').click();
      expect(await page.locator('tr.evrow').count()).toBe(0);
      // Every section is reachable from the nav.
      expect(await expectNavLands(page, { reverse: true })).toEqual(['sec-load', 'sec-matrix', 'sec-runs', 'sec-summary']);
      await page.screenshot({ path: `${REPORTS}compare-report.png` });
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
      expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('--baseline: exit 1 for a new failure; 0 for failures the baseline had too, and for a rule fixed since', async () => {
    // Rules left out by --only are accepted gaps here, so that a run without a failure exits 0.
    const only = ['--api-version', '1.6.0', '--phases', 'scenarios', '--only', 'events.list.limit,events.list.status', '--allow-untested', '*', '--settle-ms', '1500'];
    const worse = await runProfile([...only, '--baseline', file('plain.json', plain)], { mutant: BUG });
    expect(worse.code, worse.stdout).toBe(1);
    expect(worse.stdout).toMatch(/new failures \(\d+\):\n {4}✘ events\.list\.limit \[1\.6\.0\] \(baseline: passed\)/);
    const same = await runProfile([...only, '--baseline', file('bug.json', worse.run)], { mutant: BUG });
    expect(same.run.summary.failed).toBeGreaterThan(0);
    expect(same.code, same.stdout).toBe(0);
    expect(same.stdout).toMatch(/nothing changed: no new failure/);
    const fixed = await runProfile([...only, '--baseline', file('bug.json', worse.run)]);
    expect(fixed.code, fixed.stdout).toBe(0);
    expect(fixed.stdout).toMatch(/fixed \(\d+\):\n {4}✔ events\.list\.limit \[1\.6\.0\]/);
  }, 180_000);

  it('--baseline: exit 1 for throughput down beyond the tolerance, not within it', async () => {
    const r = await runProfile(['--api-version', '1.6.0', '--phases', 'scenarios', '--only', 'events.get.status', '--load', '--load-duration', '1', '--load-events', '50']);
    expect(r.run.load.length).toBeGreaterThan(0);
    const scaled = (f: number): RunResult => ({ ...r.run, load: r.run.load.map((l) => ({ ...l, rps: { ...l.rps, mean: l.rps.mean * f } })) });
    const status = exitStatus(r.run, false);
    // The baseline made 2× the requests/s: down 50%, past a 20% tolerance.
    const down = baselineDiff(scaled(2), r.run, { file: 'baseline.json', tolerancePct: 20 });
    expect(down.throughput.every((t) => t.regression)).toBe(true);
    expect(baselineExitStatus(r.run, status, down, false)).toBe(1);
    // 10% more in the baseline: within the tolerance, the run's own status stands.
    const within = baselineDiff(scaled(1.1), r.run, { file: 'baseline.json', tolerancePct: 20 });
    expect(within.throughput).toEqual([]);
    expect(baselineExitStatus(r.run, status, within, false)).toBe(status === 1 ? 0 : status);
  }, 180_000);
});
