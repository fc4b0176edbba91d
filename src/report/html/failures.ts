/**
 * The failures section: right after the verdicts and the matrix, every failing or erring check,
 * grouped by rule and message across versions, with its curl lines and a link that opens its full evidence in
 * the result list. Server-rendered, so it never moves when the lazily rendered list grows.
 */
import esc from 'escape-html';
import type { RunResult } from '../../model/index.js';
import { findings, type Finding } from '../findings.js';

/** Groups shown in full; the rest are counted and reachable through the result list's filters. */
export const MAX_FAILURE_GROUPS = 200;

function item(g: Finding): string {
  const r = g.first;
  const versions = g.versions;
  const curl = r.curl ?? r.exchanges[0]?.curl;
  const href = `#rule=${encodeURIComponent(r.rule)}&outcome=fail,error&open=${encodeURIComponent(r.id)}`;
  return `<li class="failure o-${r.outcome}"><div class="f-head"><span class="badge b-${r.outcome}">${r.outcome === 'fail' ? 'FAIL' : 'ERROR'}</span>` +
    `<code class="rid">${esc(r.rule)}</code><span class="lvl lvl-${esc(r.level)}">${esc(r.level)}</span>` +
    `<span class="ver">${esc(versions.join(', '))}</span><span class="ep muted">${esc(r.endpoint)}</span></div>` +
    `<p class="f-msg">${esc(r.message)}</p>` +
    (curl ? `<pre class="f-curl">${esc(curl)}</pre>` : '') +
    `<a class="f-open" href="${esc(href)}">evidence: requests, responses, expected and actual</a></li>`;
}

export function failuresHtml(run: RunResult): string {
  const all = findings(run);
  if (all.length === 0) return '<p class="ok">No check failed and evconf had no error.</p>';
  const checks = all.reduce((a, g) => a + g.checks, 0);
  const shown = all.slice(0, MAX_FAILURE_GROUPS);
  const rest = all.length - shown.length;
  return `<p class="muted">${checks} failing check${checks === 1 ? '' : 's'}, grouped by rule and message across versions.</p>` +
    `<ol class="failures">${shown.map(item).join('')}</ol>` +
    (rest > 0 ? `<p class="muted">… and ${rest} more: <a href="#outcome=fail,error">every failure in the result list</a>.</p>` : '');
}
