/**
 * Browser checks of the report's order and navigation, shared by the fixture and real-run
 * browser tests: verdicts, then the rule × version matrix, then failures, the full result list last; every nav
 * link lands on its section and it stays there after lazy rendering has had time to run.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const SECTION_ORDER = ['sec-verdicts', 'sec-matrix', 'sec-failures', 'sec-observations', 'sec-coverage', 'sec-load', 'sec-timing', 'sec-results'];

/** Section ids in document order, and where the matrix starts on first load (px from the top of the page). */
export async function layout(page: Page): Promise<{ order: string[]; matrixTop: number; viewport: number }> {
  return page.evaluate(() => ({
    order: [...document.querySelectorAll('main > section[id]')].map((s) => s.id),
    matrixTop: document.getElementById('sec-matrix')!.getBoundingClientRect().top + window.scrollY,
    viewport: window.innerHeight,
  }));
}

/**
 * Clicks every nav link (in the nav's order, or reversed) and checks, after `settleMs` (longer than the 1 s the
 * report keeps a jump pinned, so lazy rendering could have moved the target by then), that its section's top is
 * at the top of the viewport under the sticky nav, or, for a section too near the end of the page to scroll that
 * far, that the page is at its end with the section in view. Returns the ids visited.
 */
export async function expectNavLands(page: Page, opts: { reverse?: boolean; settleMs?: number } = {}): Promise<string[]> {
  const ids = (await page.locator('nav.toc a').evaluateAll((as) => as.map((a) => a.getAttribute('data-goto')!)));
  const visit = opts.reverse ? [...ids].reverse() : ids;
  for (const id of visit) {
    await page.locator(`nav.toc a[data-goto="${id}"]`).click();
    await page.waitForTimeout(opts.settleMs ?? 1200);
    const at = await page.evaluate((sid) => {
      const r = document.getElementById(sid)!.getBoundingClientRect();
      const nav = document.querySelector('nav.toc')!.getBoundingClientRect();
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      return { top: r.top, navBottom: nav.bottom, vh: window.innerHeight, atEnd };
    }, id);
    const onTop = at.top >= at.navBottom - 2 && at.top <= at.navBottom + 12;
    expect(onTop || (at.atEnd && at.top >= 0 && at.top < at.vh), `nav link ${id}: section top at ${at.top}px, nav ends at ${at.navBottom}px`).toBe(true);
  }
  return visit;
}
