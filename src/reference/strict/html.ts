/**
 * The client conformance record as one self-contained HTML page (issue 13), in the style of the main report
 * (its stylesheet, header and sections). No script; every value is escaped with escape-html.
 */
import esc from 'escape-html';
import { pageHead } from '../../report/html/page-head.js';
import type { ClientReport, ExampleRequest, KindEntry } from './record.js';

function requestHtml(r: ExampleRequest): string {
  const lines = [`${r.method} ${r.target}`, ...Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`)];
  if (r.body) lines.push('', ...r.body.map(([name, value]) => `${name} = ${value}`));
  return `<pre class="body mono">${esc(lines.join('\n'))}</pre>`;
}

function kindHtml(k: KindEntry): string {
  const sentences = k.sentences.map((s) => `<tr><td>“${esc(s.spec)}”</td><td>${s.count}×</td></tr>`).join('');
  return `<section class="sec" id="kind-${esc(k.kind)}">
<h2><code>${esc(k.kind)}</code> · ${k.count}× <span class="muted small">${esc(k.title)}</span></h2>
<p><b>${esc(k.example.where)}</b>: ${esc(k.example.message)}</p>
<h3>Spec sentences broken</h3><table class="grid"><tbody>${sentences}</tbody></table>
<h3>Example request</h3>${requestHtml(k.example.request)}
</section>`;
}

export function renderClientReportHtml(report: ClientReport): string {
  const clean = report.departures === 0;
  const headline = clean
    ? `No departures from the spec in ${report.requests} requests.`
    : `${report.departures} departures from the spec in ${report.departingRequests} of ${report.requests} requests.`;
  const rows = report.kinds.map((k) => `<tr><td style="white-space:nowrap"><a href="#kind-${esc(k.kind)}"><code>${esc(k.kind)}</code></a></td><td>${k.count}</td><td>${esc(k.title)}</td></tr>`).join('');
  return `${pageHead({ title: `evconf · client conformance · ${report.startedAt}`, csp: "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'" })}<header class="top">
<div class="brand"><span class="logo">evconf</span><span class="sub">client conformance record · Event Management API</span></div>
<dl class="facts"><div class="fact"><dt>Mode</dt><dd>${report.strict ? 'strict (departures answered 400)' : 'lenient (departures recorded only)'}</dd></div>
<div class="fact"><dt>Started</dt><dd><time datetime="${esc(report.startedAt)}">${esc(report.startedAt)}</time></dd></div>
<div class="fact"><dt>Requests</dt><dd>${report.requests}</dd></div></dl>
</header>
<main>
<p class="headline ${clean ? 'good' : 'bad'}">${esc(headline)}</p>
${clean ? '' : `<section class="sec"><h2>Departures by kind</h2><table class="grid"><thead><tr><th>Kind</th><th>Count</th><th>What</th></tr></thead><tbody>${rows}</tbody></table></section>`}
${report.kinds.map(kindHtml).join('\n')}
</main>
<footer class="muted">evconf · client conformance record · canonical data: the JSON file beside this page</footer>
</body>
</html>
`;
}
