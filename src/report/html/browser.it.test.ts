/**
 * The HTML report in a real browser: Debian's Chromium driven by playwright-core (no browser download).
 * Skipped, with the reason in its name, where /usr/bin/chromium is not installed.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigRun } from '../fixtures-big.js';
import { knownRun, reportFixture, XSS } from '../fixtures.js';
import { renderHtml } from './render.js';
import { expectNavLands, layout, SECTION_ORDER } from '../../selftest/browser-nav.js';

const CHROMIUM = '/usr/bin/chromium';
const exists = existsSync(CHROMIUM);
const skipNote = exists ? '' : ' [SKIPPED: /usr/bin/chromium is not installed; apt-get install chromium]';
const REPORTS = fileURLToPath(new URL('../../../reports/', import.meta.url));
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface Watch { errors: string[]; requests: string[]; dialogs: string[] }

async function open(browser: Browser, url: string): Promise<{ page: Page; watch: Watch; loadMs: number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
  const watch: Watch = { errors: [], requests: [], dialogs: [] };
  page.on('console', (m) => { if (m.type() === 'error') watch.errors.push(m.text()); });
  page.on('pageerror', (e) => watch.errors.push(e.message));
  page.on('request', (r) => watch.requests.push(r.url()));
  page.on('dialog', (d) => { watch.dialogs.push(d.message()); void d.dismiss(); });
  const t = performance.now();
  await page.goto(url);
  await page.locator('#results .res').first().waitFor();
  return { page, watch, loadMs: performance.now() - t };
}

async function writeReport(name: string, html: string): Promise<string> {
  await mkdir(REPORTS, { recursive: true });
  await writeFile(REPORTS + name, html);
  return `file://${REPORTS}${name}`;
}

describe('HTML report in Chromium', () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (exists) browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  });
  afterAll(async () => { await browser?.close(); });

  it.skipIf(!exists)(`shows evidence, filters via the URL, renders hostile strings as text${skipNote}`, async () => {
    const url = await writeReport('selftest-report.html', renderHtml(reportFixture()));
    const { page, watch, loadMs } = await open(browser!, url);
    console.log(`fixture report: loaded in ${loadMs.toFixed(0)} ms`);

    const first = page.locator('.row.o-fail').first();
    await expect(first.locator('.rule').textContent()).resolves.toBe('events.list.limit');
    await first.click();
    const detail = page.locator('.res .detail').first();
    await expect(detail.locator('.cmd code').first().textContent()).resolves.toContain("curl -sS -H 'Accept: application/v1.6.0+json'");
    expect(await detail.locator('.cmd code').first().isVisible()).toBe(true);
    await expect(detail.locator('.xch .status').allTextContents()).resolves.toEqual(['200', '201']);
    expect(await detail.locator('.xch.decisive .method').textContent()).toBe('GET');
    expect(await detail.locator('.quote').textContent()).toContain('Maximum number of results to return');
    expect(page.url()).toContain('open=1.6.0%2Fbasic%2Fevents.list.limit');
    await page.screenshot({ path: `${REPORTS}report-screenshot.png` });
    const big = detail.locator('.xch').nth(0).locator('pre.body');
    const before = (await big.textContent())!.length;
    await detail.locator('.showall').click();
    expect((await big.textContent())!.length).toBeGreaterThan(before);
    await detail.locator('.cmd .copy').first().click();
    await detail.locator('.cmd .copy', { hasText: 'Copied ✔' }).first().waitFor({ timeout: 3000 });

    const hostile = page.locator('.res', { has: page.locator('.rule', { hasText: 'metadata.put.title' }) }).filter({ has: page.locator('.o-fail') });
    await expect(hostile.locator('.msg').textContent()).resolves.toBe(`title read back as ${XSS}`);
    await hostile.locator('.row').click();
    await expect(hostile.locator('pre.body').last().textContent()).resolves.toContain('</script><script>alert(2)</script>');
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    await page.selectOption('#f-version', '1.5.0');
    const versions = await page.locator('.row .ver').allTextContents();
    expect(versions.length).toBe(reportFixture().results.filter((r) => r.apiVersion === '1.5.0').length);
    expect(new Set(versions)).toEqual(new Set(['1.5.0']));
    expect(page.url()).toMatch(/#version=1\.5\.0$/);

    const again = await open(browser!, page.url());
    expect(await again.page.locator('.row .ver').allTextContents()).toEqual(versions);
    expect(await again.page.locator('#f-version').inputValue()).toBe('1.5.0');

    await again.page.locator('table.matrix a[href="#rule=events.list.limit&version=1.6.0"]').click();
    await expect(again.page.locator('.row .rule').allTextContents()).resolves.toEqual(['events.list.limit']);

    for (const w of [watch, again.watch]) {
      expect(w.errors).toEqual([]);
      expect(w.dialogs).toEqual([]);
      expect(w.requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
    }
    await page.close();
    await again.page.close();
  });

  // A failure the expectations explain is shown as known everywhere in the page, not as FAIL.
  it.skipIf(!exists)(`shows known deviations as known: matrix, chips, rows, verdict counts, evidence${skipNote}`, async () => {
    const url = await writeReport('selftest-report-known.html', renderHtml(knownRun()));
    const { page, watch } = await open(browser!, url);
    await expect(page.locator('.row.o-fail .rule').allTextContents()).resolves.toEqual(['metadata.put.title']);
    await expect(page.locator('.row.o-known .badge').allTextContents()).resolves.toEqual(['KNOWN', 'KNOWN']);
    await expect(page.locator('.row.o-known .rule').allTextContents()).resolves.toEqual(['events.list.limit', 'events.list.textfilter']);
    await expect(page.locator('table.matrix a[href="#rule=events.list.limit&version=1.6.0"]').textContent()).resolves.toBe('≈');
    await expect(page.locator('.chip[data-outcome="fail"] b').textContent()).resolves.toBe('1');
    // The known chip alone: only the known deviations, kept in the URL.
    await page.locator('.chip[data-outcome="known"]').click();
    await expect(page.locator('.row .rule').allTextContents()).resolves.toEqual(['events.list.limit', 'events.list.textfilter']);
    expect(page.url()).toMatch(/#outcome=known$/);
    // Its evidence says why and where it is documented.
    await page.locator('.row.o-known').first().click();
    const known = page.locator('.res .detail .d-known');
    await expect(known.textContent()).resolves.toContain(`Known deviation: known: events.list.limit ${XSS}`);
    await expect(known.locator('a').getAttribute('href')).resolves.toBe('https://example.org/known-issues#1');
    // The verdict card's counts filter the list the same way: the failed count shows the new failure only.
    await page.locator('.verdict a.cnt.c-fail[href="#version=1.6.0&outcome=fail"]').click();
    await expect(page.locator('.row .rule').allTextContents()).resolves.toEqual(['metadata.put.title']);
    await page.locator('.verdict a.cnt.c-known').click();
    await expect(page.locator('.row .badge').allTextContents()).resolves.toEqual(['KNOWN', 'KNOWN']);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(watch.errors).toEqual([]);
    expect(watch.requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
    await page.close();
  });

  it.skipIf(!exists)(`loads a 5 000-result report and renders rows lazily${skipNote}`, async () => {
    const url = await writeReport('selftest-report-5000.html', renderHtml(bigRun(5000)));
    const { page, watch, loadMs } = await open(browser!, url);
    const rendered = await page.locator('.res').count();
    const t = performance.now();
    await page.locator('.chip[data-outcome="fail"]').click();
    await page.locator('#r-count', { hasText: 'of 5' }).waitFor();
    const filterMs = performance.now() - t;
    console.log(`5 000-result report: loaded in ${loadMs.toFixed(0)} ms, ${rendered} rows in the DOM at first, fail filter ${filterMs.toFixed(0)} ms`);
    expect(rendered).toBeLessThan(500);
    expect(await page.locator('#r-count').textContent()).toBe('500 of 5000 results match the filters');
    await page.locator('.more').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('.res').length > 150);
    expect(await page.locator('.res').count()).toBeGreaterThanOrEqual(300);
    expect(loadMs).toBeLessThan(20_000);
    // With rows still rendering lazily, every nav link lands on its section, in either order.
    const { order } = await layout(page);
    expect(order).toEqual([...SECTION_ORDER.slice(0, -1), 'sec-leftovers', 'sec-results']);
    await page.locator('.chip[data-outcome="fail"]').click();
    expect((await expectNavLands(page, { reverse: true })).reverse()).toEqual(order.filter((id) => id !== 'sec-verdicts'));
    expect(watch.errors).toEqual([]);
    await page.close();
  }, 120_000);
});
