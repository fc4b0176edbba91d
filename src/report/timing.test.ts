import { describe, expect, it } from 'vitest';
import type { RunResult, StageTiming } from '../model/index.js';
import { renderSummary } from './console.js';
import { renderHtml } from './html/render.js';
import { renderJson } from './json.js';
import { timingLine, timingRows } from './timing.js';
import { reportFixture, XSS } from './fixtures.js';

const TIMING: StageTiming = {
  apiVersion: '1.6.0', stage: 'conformance', durationMs: 33_100,
  phases: [
    { phase: 'probe', durationMs: 400 },
    { phase: 'scenarios', durationMs: 24_000, budgetMs: 600_000 },
    { phase: 'properties', durationMs: 6_100, budgetMs: 600_000, stopped: '--phase-budget 600000 ms reached (phase properties, API 1.6.0)' },
  ],
  waits: {
    requests: { count: 3120, totalMs: 9_400, p50Ms: 3, maxMs: 410 },
    readable: { count: 120, totalMs: 3_600, p50Ms: 300, maxMs: 320 },
    processed: { count: 40, totalMs: 8_800, p50Ms: 210, maxMs: 320 },
    settle: { count: 41, totalMs: 62_000, p50Ms: 1_500, maxMs: 2_100, windowP50Ms: 1_500, windowMaxMs: 1_500 },
    gaveUp: 2,
  },
};

describe('timing in the reports', () => {
  it('rows say the phases, the index lag, processing, settle windows, waits given up and the stage budget', () => {
    const rows = Object.fromEntries(timingRows(TIMING));
    expect(rows['wall time']).toBe('33.1 s: probe 400 ms · scenarios 24.0 s · properties 6.1 s (stopped)');
    expect(rows['index lag (create → readable)']).toBe('p50 300 ms / max 320 ms (120)');
    expect(rows['processing (media uploaded)']).toBe('p50 210 ms / max 320 ms (40)');
    expect(rows['settle windows']).toBe('41 checks, 1 min 2 s in all, p50 1.5 s / max 2.1 s (41); window W p50 1.5 s / max 1.5 s');
    expect(rows['waits given up (server not answering)']).toBe('2');
    expect(rows['stage budget (--phase-budget)']).toMatch(/^10 min 0 s; ran out: properties: --phase-budget 600000 ms reached/);
  });

  it('the console prints one line per version', () => {
    const run: RunResult = { ...reportFixture(), timing: [TIMING, { apiVersion: '1.6.0', stage: 'load', durationMs: 9_000 }] };
    expect(timingLine(TIMING)).toBe('time 1.6.0: 33.1 s (probe 400 ms, scenarios 24.0 s, properties 6.1 s) · 3120 requests · index lag p50 300 ms / max 320 ms (120) · processing p50 210 ms / max 320 ms (40) · 1 min 2 s in 41 settle windows · 2 waits gave up');
    const lines = renderSummary(run, { color: false }).split('\n').filter((l) => l.startsWith('time '));
    expect(lines).toEqual([timingLine(TIMING)]);
  });

  it('the HTML report shows one table per version, escaped; a results file without the breakdown says so', () => {
    const stopped = { ...TIMING, phases: [{ phase: 'scenarios' as const, durationMs: 5, budgetMs: 9, stopped: XSS }] };
    const html = renderHtml({ ...reportFixture(), timing: [TIMING, stopped] });
    const section = html.slice(html.indexOf('<section id="sec-timing"'), html.indexOf('</section>', html.indexOf('<section id="sec-timing"')));
    expect(section).toMatch(/<h3>API 1\.6\.0<\/h3><table class="grid timing"><tbody><tr><th scope="row">wall time<\/th><td>33\.1 s: probe 400 ms/);
    expect(section).toContain('<th scope="row">index lag (create → readable)</th><td>p50 300 ms / max 320 ms (120)</td>');
    expect(section.match(/<table class="grid timing">/g)).toHaveLength(2);
    expect(section).not.toContain(XSS);
    expect(section).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const old = renderHtml({ ...reportFixture(), timing: [{ apiVersion: '1.6.0', stage: 'conformance', durationMs: 5 }] });
    expect(old).toContain('This results file has no timing breakdown.');
  });

  it('results.json keeps the timing fields users read and adds phases and waits after them', () => {
    const json = JSON.parse(renderJson({ ...reportFixture(), timing: [TIMING] })) as RunResult;
    expect(Object.keys(json.timing![0])).toEqual(['apiVersion', 'stage', 'durationMs', 'phases', 'waits']);
    expect(json.timing![0]).toEqual(TIMING);
  });
});
