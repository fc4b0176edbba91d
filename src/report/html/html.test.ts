import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../model/index.js';
import { bigRun } from '../fixtures-big.js';
import { BASE, exchange, reportFixture, SECRET, XSS } from '../fixtures.js';
import { clientScript } from './assets.js';
import { BODY_CAP_FINDING, clientData, embedJson, type ClientData } from './data.js';
import { renderHtml } from './render.js';

const run = reportFixture();
const html = renderHtml(run);
const DATA_BLOCK = /<script type="application\/json" id="evconf-data">([\s\S]*?)<\/script>/;
const embedded = (page: string) => JSON.parse(DATA_BLOCK.exec(page)![1]) as ClientData;

describe('renderHtml: self-contained', () => {
  it('references no resource over the network', () => {
    expect(html).not.toMatch(/\b(?:src|href|action|poster|srcset|data|xlink:href)\s*=\s*["']?\s*(?:https?:)?\/\//i);
    expect(html).not.toMatch(/url\(\s*["']?\s*(?:https?:)?\/\//i);
    expect(html).not.toMatch(/@import/i);
    expect(html).not.toMatch(/<(?:link|img|iframe|object|embed)\b[^>]*(?:src|href)=["'](?!data:|#)/i);
  });

  it('shows http(s) URLs only as text of the target, outside the embedded data', () => {
    const page = html.replace(DATA_BLOCK, '');
    const urls = page.match(/https?:\/\/[^\s"'<)]*/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    for (const u of urls) expect(u.startsWith(BASE)).toBe(true);
  });

  it('pins its only script with a CSP hash and allows no connection', () => {
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1].replace(/&#39;/g, "'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("'unsafe-inline'; script");
    expect(html.match(/<script\b/g)).toHaveLength(2);
  });
});

describe('renderHtml: strings from the run are data', () => {
  it('never contains run markup unescaped; only its own two </script> tags', () => {
    expect(html).not.toContain(XSS);
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('embeds the results as JSON that parses back to the original strings', () => {
    const data = embedded(html);
    expect(data.results.find((r) => r.rule === 'metadata.put.title')?.message).toBe(`title read back as ${XSS}`);
    expect(embedJson({ s: '</script><!--&\u2028' })).toBe('{"s":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028"}');
  });

  it('lists failures first in the embedded data', () => {
    const outcomes = embedded(html).results.map((r) => r.outcome);
    expect(outcomes.slice(0, 4)).toEqual(['fail', 'fail', 'fail', 'fail']);
    expect(outcomes.at(-1)).toBe('pass');
  });

  it('has no credential anywhere', () => {
    expect(html).not.toContain(SECRET.split(' ')[1]);
    expect(html).not.toContain('s3cret');
  });

  it('the client script builds nodes without HTML parsing or eval', () => {
    const js = clientScript();
    expect(js).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
    expect(js).not.toMatch(/<\/script/i);
  });
});

describe('renderHtml: sections', () => {
  it('shows verdicts, matrix, observations, uncovered rules, load and leftovers', () => {
    expect(html).toContain('Not conformant in 1 of 2 API versions');
    expect(html).toMatch(/<span class="v-ver">1\.6\.0<\/span><span class="v-text">not conformant/);
    expect(html).toContain('href="#rule=events.list.limit&amp;version=1.6.0"');
    expect(html).toMatch(/<td class="m-na" title="events\.delete\.accepted · 1\.5\.0: not applicable/);
    expect(html).toMatch(/Uncovered rules \(1\)[\s\S]*events\.list\.uncovered/);
    expect(html).toContain('Basic &lt;img src=x onerror=alert(1)&gt;');
    expect(html.match(/<polyline /g)).toHaveLength(2);
    // Budget verdicts are the load stage's own results, shown as they are (the reporter judges nothing).
    expect(html).toContain('<td>load.filter.p99</td><td><span class="badge b-fail">fail</span></td><td>p99 72 ms &gt; 50 ms</td>');
    expect(html).toContain('<td class="b-bad">0/1 met</td>');
    expect(html).toContain('ev-leftover-1');
  });

  it('caps bodies in the report and says so', () => {
    const big = 'x'.repeat(BODY_CAP_FINDING + 500);
    const r = { ...run.results[0], outcome: 'fail' as const, exchanges: [exchange('GET', '/api/events', 200, big)] };
    const data = clientData({ ...run, results: [r] } as RunResult);
    const resp = data.results[0].exchanges[0].response as { body: string; reportCut?: number };
    expect(resp.body).toHaveLength(BODY_CAP_FINDING);
    expect(resp.reportCut).toBe(big.length);
  });

  it('renders 5 000 results to a file of reasonable size', () => {
    const t = performance.now();
    const page = renderHtml(bigRun(5000));
    const ms = performance.now() - t;
    console.log(`5 000-result HTML: ${(page.length / 1e6).toFixed(2)} MB rendered in ${ms.toFixed(0)} ms`);
    expect(embedded(page).results).toHaveLength(5000);
    expect(page.length).toBeLessThan(15e6);
  });

  it('orders the page: verdicts, matrix, failures, the rest, and every result last; the nav follows that order', () => {
    const ids = [...html.matchAll(/<section (?:class="[^"]*" )?id="(sec-[a-z]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(['sec-verdicts', 'sec-matrix', 'sec-failures', 'sec-observations', 'sec-coverage', 'sec-load', 'sec-timing', 'sec-leftovers', 'sec-results']);
    const nav = [...html.matchAll(/data-goto="(sec-[a-z]+)"/g)].map((m) => m[1]);
    expect(nav).toEqual(ids.slice(1));
    expect(html).toContain('<a href="#sec-failures" data-goto="sec-failures">Failures <span class="n">5</span></a>');
  });

  it('lists the failures grouped by rule and message, with curl and a link to the evidence', () => {
    const sec = /<section id="sec-failures"[\s\S]*?<\/section>/.exec(html)![0];
    expect(sec.match(/<li class="failure/g)).toHaveLength(5);
    expect(sec).toContain('<code class="rid">events.list.limit</code>');
    expect(sec).toContain('href="#rule=events.list.limit&amp;outcome=fail,error&amp;open=1.6.0%2Fbasic%2Fevents.list.limit"');
    expect(sec).toContain('<pre class="f-curl">curl -sS -H &#39;Accept: application/v1.6.0+json&#39; -H &#39;Authorization: Basic &lt;redacted&gt;&#39;');
    expect(sec.indexOf('o-fail')).toBeLessThan(sec.indexOf('o-error'));
    const clean = renderHtml({ ...run, results: run.results.filter((r) => r.outcome === 'pass') });
    expect(clean).toContain('No check failed and evconf had no error.');
  });

  it('calls load.* rules "not run" where the load stage did not run, never uncovered', () => {
    const loadRule = { id: 'load.p99', level: 'MUST' as const, since: '1.0.0' as const, section: 'Load', endpoint: 'GET /api/events', quote: 'p99 budget' };
    const ran = { ...run, rules: [...run.rules!, loadRule], results: [...run.results, { ...run.results[0], id: '1.6.0/load/list/load.p99', rule: 'load.p99', apiVersion: '1.6.0' as const, outcome: 'pass' as const }] };
    const page = renderHtml(ran);
    expect(page).toMatch(/<td class="m-notrun" title="load\.p99 · 1\.5\.0: not run: the load stage ran at API 1\.6\.0 only">–<\/td>/);
    expect(page).toMatch(/<div class="notrun"><h3>Not run \(1\)<\/h3><ul><li><code>load\.p99<\/code>: the load stage ran at API 1\.6\.0 only/);
    expect(page).toMatch(/Uncovered rules \(1\)[\s\S]*events\.list\.uncovered/);
    const none = renderHtml({ ...run, rules: [...run.rules!, loadRule], load: [], results: run.results.filter((r) => !r.rule.startsWith('load.')) });
    expect(none).toContain('load.p99 · 1.6.0: not run: the load stage did not run (add --load)');
  });
});
