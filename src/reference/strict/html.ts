/**
 * The client conformance record as one self-contained HTML page, in the style of the main report
 * (its stylesheet, header and sections). No script; every value is escaped with escape-html. It says what the
 * JSON says: the headline, the problems most frequent first, each group by endpoint and version with
 * its spec sentence and one full request (the offending bit marked, a curl line), the kinds, and the requests
 * outside the spec.
 */
import esc from 'escape-html';
import { pageHead } from '../../report/html/page-head.js';
import type { SubjectKind } from './departure.js';
import type { GroupEntry, ProblemEntry } from './problems.js';
import type { ClientReport, ExampleRequest, OutsideEntry } from './record.js';

type Zone = 'line' | 'query' | 'header' | 'body';

const ZONE: Record<SubjectKind, Zone> = {
  endpoint: 'line', 'path parameter': 'line', event: 'line', header: 'header',
  'query parameter': 'query', filter: 'query', sort: 'query',
  part: 'body', 'form parameter': 'body', body: 'body', value: 'body', scheduling: 'body',
  // A cause shared by query and form parameters: marked where the example request carries it.
  parameter: 'query',
};

/** One line, with the first occurrence of `mark` wrapped in <mark>. */
function marked(text: string, mark: string | undefined): string {
  const at = mark ? text.indexOf(mark) : -1;
  if (!mark || at < 0) return esc(text);
  return `${esc(text.slice(0, at))}<mark>${esc(mark)}</mark>${esc(text.slice(at + mark.length))}`;
}

/** The request as lines by zone: request line, decoded query parameters, headers, body entries. */
function requestLines(r: ExampleRequest): { zone: Zone; text: string }[] {
  const query = r.target.includes('?') ? [...new URLSearchParams(r.target.slice(r.target.indexOf('?') + 1))] : [];
  return [
    { zone: 'line', text: `${r.method} ${r.target}` },
    ...query.map(([k, v]) => ({ zone: 'query' as const, text: `  ${k}=${v}` })),
    ...Object.entries(r.headers).map(([k, v]) => ({ zone: 'header' as const, text: `${k}: ${v}` })),
    ...(r.body ?? []).map(([name, value]) => ({ zone: 'body' as const, text: `${name} = ${value}` })),
  ];
}

function exampleHtml(p: ProblemEntry, g: GroupEntry): string {
  const lines = requestLines(g.example.request);
  const zone = p.about === 'parameter' && !lines.some((l) => l.zone === 'query' && g.example.mark !== undefined && l.text.includes(g.example.mark)) ? 'body' : ZONE[p.about];
  if (zone === 'body' && !lines.some((l) => l.zone === 'body')) lines.push({ zone: 'body', text: '(no body)' });
  // Without a mark (JSON values, scheduling rules) the body entry the departure names is marked.
  const head = g.example.where.split(/[.[\s]/)[0];
  let done = false;
  const html = lines.map((l) => {
    if (done || l.zone !== zone) return esc(l.text);
    const mark = g.example.mark ?? (l.text === '(no body)' ? l.text : l.text.startsWith(`${head} = `) ? head : undefined);
    if (!mark || !l.text.includes(mark)) return esc(l.text);
    done = true;
    return marked(l.text, mark);
  });
  return `<pre class="body mono">${html.join('\n')}</pre>
<p class="small">curl (set <code>EVCONF_URL</code>, e.g. <code>http://127.0.0.1:8080</code>):</p><pre class="body mono">${esc(g.example.curl)}</pre>`;
}

function groupHtml(p: ProblemEntry, g: GroupEntry): string {
  return `<h3><code>${esc(g.endpoint)}</code> · API ${esc(g.version)} · ${g.count}×${g.refused ? '' : ' <span class="muted small">(recorded, not refused)</span>'}</h3>
<p>Spec: “${esc(g.spec)}”</p>
<p><b>${esc(g.example.where)}</b>: ${esc(g.example.message)}</p>
${exampleHtml(p, g)}`;
}

function problemHtml(p: ProblemEntry): string {
  return `<section class="sec" id="${esc(p.id)}">
<h2><code>${esc(p.kind)}</code> · ${esc(p.about)} <code>${esc(p.subject)}</code> · ${p.count}× <span class="muted small">${esc(p.title)}</span></h2>
${p.groups.map((g) => groupHtml(p, g)).join('\n')}
</section>`;
}

function outsideHtml(o: OutsideEntry[]): string {
  if (o.length === 0) return '';
  const rows = o.map((x) => `<tr><td><code>${esc(`${x.method} ${x.path}`)}</code></td><td>${x.count}</td><td>${esc(Object.entries(x.statuses).map(([s, n]) => `${s} ×${n}`).join(', '))}</td></tr>`).join('');
  return `<section class="sec" id="outside"><h2>Outside the spec (information, not departures)</h2>
<p class="small">The spec covers the API under {base_url}/api/events; these requests went elsewhere and were answered as without --strict.</p>
<table class="grid"><thead><tr><th>Request</th><th>Count</th><th>Answered</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

/** Advisory notes: answered, never refused; what a client developer may still change, after the departures. */
function adviceHtml(notes: ProblemEntry[]): string {
  if (notes.length === 0) return '';
  const list = notes.map((p) => `<li><a href="#${esc(p.id)}">${esc(p.line)}</a></li>`).join('');
  return `<section class="sec" id="advice"><h2>Advisory notes (answered, not refused)</h2>
<p class="small">Forms the spec advises against or is silent on, and parameters a server of this version ignores: fix the departures above first.</p>
<ol class="problems">${list}</ol></section>
${notes.map(problemHtml).join('\n')}`;
}

export function renderClientReportHtml(report: ClientReport): string {
  const clean = report.departures === 0;
  const list = report.problems.map((p) => `<li><a href="#${esc(p.id)}">${esc(p.line)}</a></li>`).join('');
  const rows = report.kinds.map((k) => `<tr><td style="white-space:nowrap"><code>${esc(k.kind)}</code></td><td>${k.count}</td><td>${esc(k.title)}</td></tr>`).join('');
  return `${pageHead({ title: `evconf · client conformance · ${report.startedAt}`, csp: "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'" })}<header class="top">
<div class="brand"><span class="logo">evconf</span><span class="sub">client conformance record · Event Management API</span></div>
<dl class="facts"><div class="fact"><dt>Mode</dt><dd>${report.strict ? 'strict (departures answered 400)' : 'lenient (departures recorded only)'}</dd></div>
<div class="fact"><dt>Started</dt><dd><time datetime="${esc(report.startedAt)}">${esc(report.startedAt)}</time></dd></div>
<div class="fact"><dt>Requests</dt><dd>${report.requests}</dd></div></dl>
</header>
<main>
<p class="headline ${clean ? 'good' : 'bad'}">${esc(report.headline)}</p>
${clean ? '' : `<ol class="problems">${list}</ol>`}
${report.problems.map(problemHtml).join('\n')}
${adviceHtml(report.advice ?? [])}
${clean ? '' : `<section class="sec"><h2>Departures by kind</h2><table class="grid"><thead><tr><th>Kind</th><th>Count</th><th>What</th></tr></thead><tbody>${rows}</tbody></table></section>`}
${outsideHtml(report.outsideSpec)}
</main>
<footer class="muted">evconf · client conformance record · canonical data: the JSON file beside this page</footer>
</body>
</html>
`;
}
