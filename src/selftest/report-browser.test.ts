/**
 * The HTML report of a REAL run — a reference server with a planted bug whose titles also
 * carry markup — opened in Debian's Chromium (playwright-core, no browser download). Skipped, with the reason in
 * its name, where /usr/bin/chromium is not installed (CI installs it).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseUsers } from '../reference/index.js';
import { referenceServerForTests } from './test-server.js';
import { runConformance } from '../orchestrator/run.js';
import { renderHtml } from '../report/html/render.js';
import { renderJunit } from '../report/junit.js';
import { renderJson } from '../report/json.js';
import { book, lifecycle, selftestConfig, suites } from './harness.js';
import { expectNavLands, layout, SECTION_ORDER } from './browser-nav.js';
import { withMarkupTitles } from './markup-titles.js';

const CHROMIUM = '/usr/bin/chromium';
const exists = existsSync(CHROMIUM);
const skipNote = exists ? '' : ' [SKIPPED: /usr/bin/chromium is not installed; apt-get install chromium]';
const REPORTS = fileURLToPath(new URL('../../reports/', import.meta.url));
const PASSWORD = 'Br0wser-T3st-pw';

describe('self-test: the HTML report of a real failing run, in Chromium', () => {
  const srv = referenceServerForTests({ mutant: 'list-limit-off-by-one', processingDelayMs: 50, retractDelayMs: 50, users: parseUsers(`admin:${PASSWORD}:ROLE_ADMIN,alice:${PASSWORD}x`) }, withMarkupTitles);

  it.skipIf(!exists)(`no script runs, nothing is fetched, evidence shows, no credential appears${skipNote}`, async () => {
    const run = await runConformance({
      config: selftestConfig(['1.5.0', '1.6.0'], {
        auth: { user: 'admin', password: PASSWORD }, userAuth: { user: 'alice', password: `${PASSWORD}x` }, userRoles: ['ROLE_USER_ALICE'],
        only: ['events.list.*', 'events.get.*', 'events.create.metadata'], phases: ['scenarios'],
      }),
      book, suites, lifecycle, runId: 'selftest-browser', toolVersion: 'selftest', target: { baseUrl: srv.url, reference: true, mutant: 'list-limit-off-by-one' },
    });
    expect(run.summary.failed).toBeGreaterThan(0);
    const html = renderHtml(run);
    for (const text of [html, renderJunit(run), renderJson(run)]) {
      for (const secret of [PASSWORD, Buffer.from(`admin:${PASSWORD}`).toString('base64'), Buffer.from(`alice:${PASSWORD}x`).toString('base64')]) {
        expect(text.includes(secret), 'a credential in a report').toBe(false);
      }
    }
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(`${REPORTS}selftest-real-run.html`, html);

    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
      const dialogs: string[] = [];
      const requests: string[] = [];
      const errors: string[] = [];
      page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
      page.on('request', (r) => requests.push(r.url()));
      page.on('pageerror', (e) => errors.push(e.message));
      const t = performance.now();
      await page.goto(`file://${REPORTS}selftest-real-run.html`);
      await page.locator('#results .res').first().waitFor();
      console.log(`real-run report (${run.results.length} results, ${(html.length / 1024).toFixed(0)} KB): loaded in ${(performance.now() - t).toFixed(0)} ms`);
      // Failures come first (the planted bug, and the titles that no longer match what was sent); clicking the
      // planted bug's row shows its evidence (status and curl line).
      expect(await page.locator('.row').first().getAttribute('class')).toContain('o-fail');
      const res = page.locator('.res', { has: page.locator('.row.o-fail .rule', { hasText: /^events\.list\.limit$/ }) }).first();
      await res.locator('.row').click();
      const detail = res.locator('.detail');
      expect(await detail.locator('.cmd code').first().textContent()).toContain('curl ');
      expect(await detail.locator('.xch .status').first().textContent()).toBe('200');
      // The server's markup is shown as text, never as an element.
      expect(await page.locator('body').textContent()).toContain('<img src=x onerror=');
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      // Verdicts, then the matrix (on the first screen), then failures; the full list last.
      const { order, matrixTop, viewport } = await layout(page);
      // A "left behind" section appears before the results only when cleanup could not delete an event (a delete
      // that timed out on a loaded machine): it says so, and is no part of the order under test.
      expect(order.filter((id) => id !== 'sec-leftovers')).toEqual(SECTION_ORDER);
      expect(matrixTop).toBeLessThan(viewport);
      expect(await page.locator('#sec-failures li.failure .rid').allTextContents()).toContain('events.list.limit');
      // The load stage did not run: its rules are "not run" in the matrix and apart from the uncovered rules.
      expect(await page.locator('td.m-notrun[title^="load.p99 · 1.6.0: not run: the load stage did not run"]').count()).toBe(1);
      expect(await page.locator('#sec-coverage .notrun').textContent()).toContain('load.p99');
      expect(await page.locator('#sec-coverage table.grid code').allTextContents()).not.toContain('load.p99');
      // Every nav link lands on its section, also once the result list has rendered more rows.
      await page.locator('#results .more').scrollIntoViewIfNeeded().catch(() => undefined);
      await expectNavLands(page, { reverse: true });
      await page.selectOption('#f-version', '1.5.0');
      expect(new Set(await page.locator('.row .ver').allTextContents())).toEqual(new Set(['1.5.0']));
      expect(page.url()).toContain('version=1.5.0');
      await page.screenshot({ path: `${REPORTS}real-run-report.png` });
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
      expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 180_000);
});

// The failing ACL case (acl-put-merges, scenario acl-put) shows the PUT, then the GET that read the ACL back,
// with the curl sequence that replays them in that order.
describe('self-test: the evidence of a failing read-after-write check, in Chromium', () => {
  const srv = referenceServerForTests({ mutant: 'acl-put-merges', processingDelayMs: 50, retractDelayMs: 50, users: parseUsers(`admin:${PASSWORD}:ROLE_ADMIN`) });

  it.skipIf(!exists)(`acl.put.overwrites: the decisive GET, the POST and PUT that led to it, curl lines in the order sent${skipNote}`, async () => {
    const run = await runConformance({
      config: selftestConfig(['1.6.0'], { auth: { user: 'admin', password: PASSWORD }, only: ['acl-put'], phases: ['scenarios'], settleMs: 1000 }),
      book, suites, lifecycle, runId: 'selftest-browser-acl', toolVersion: 'selftest', target: { baseUrl: srv.url, reference: true, mutant: 'acl-put-merges' },
    });
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(`${REPORTS}selftest-acl-evidence.html`, renderHtml(run));
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
      await page.goto(`file://${REPORTS}selftest-acl-evidence.html`);
      // From the failures section, the evidence link opens the check in the result list.
      await page.locator('#sec-failures li.failure', { hasText: 'acl.put.overwrites' }).locator('a.f-open').click();
      const detail = page.locator('.res .detail').first();
      await detail.waitFor();
      expect(await detail.locator('.rid').textContent()).toBe('acl.put.overwrites');
      const methods = await detail.locator('.xch .method').allTextContents();
      const urls = await detail.locator('.xch .url').allTextContents();
      expect(methods[0]).toBe('GET');
      expect(urls[0]).toMatch(/\/api\/events\/[^/]+\/acl$/);
      expect(await detail.locator('.xch').first().getAttribute('class')).toContain('decisive');
      // The others in the order sent: the PUT of the ACL comes before the read (the first), after the setup POST.
      expect(methods.slice(1)).toEqual(['POST', 'PUT']);
      const curl = (await detail.locator('.cmd code').first().textContent())!.split('\n');
      expect(curl.map((l) => /-X (\w+)/.exec(l)?.[1] ?? 'GET')).toEqual(['POST', 'PUT', 'GET']);
      expect(await detail.locator('.cmd .k').first().textContent()).toBe('reproduce, in this order');
      await page.screenshot({ path: `${REPORTS}acl-evidence.png` });
    } finally {
      await browser.close();
    }
  });
});
