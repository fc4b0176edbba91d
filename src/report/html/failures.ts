/**
 * The failures section (issue 12 item 5): right after the verdicts and the matrix, every failing or erring check,
 * grouped by rule and message across versions, with its curl lines and a link that opens its full evidence in
 * the result list. Server-rendered, so it never moves when the lazily rendered list grows.
 */
import esc from 'escape-html';
import type { CheckResult, RunResult } from '../../model/index.js';
import { sortResults, versionIndex } from '../tally.js';

/** Groups shown in full; the rest are counted and reachable through the result list's filters. */
export const MAX_FAILURE_GROUPS = 200;

interface Group { first: CheckResult; versions: string[] }

function groups(run: RunResult): Group[] {
  const out = new Map<string, Group>();
  for (const r of sortResults(run.results.filter((x) => x.outcome === 'fail' || x.outcome === 'error'))) {
    const key = `${r.outcome}\u0000${r.rule}\u0000${r.message}`;
    const g = out.get(key);
    if (g) g.versions.push(r.apiVersion);
    else out.set(key, { first: r, versions: [r.apiVersion] });
  }
  return [...out.values()];
}

function item(g: Group): string {
  const r = g.first;
  const versions = [...new Set(g.versions)].sort((a, b) => versionIndex(a) - versionIndex(b));
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
  const all = groups(run);
  if (all.length === 0) return '<p class="ok">No check failed and evconf had no error.</p>';
  const checks = all.reduce((a, g) => a + g.versions.length, 0);
  const shown = all.slice(0, MAX_FAILURE_GROUPS);
  const rest = all.length - shown.length;
  return `<p class="muted">${checks} failing check${checks === 1 ? '' : 's'}, grouped by rule and message across versions.</p>` +
    `<ol class="failures">${shown.map(item).join('')}</ol>` +
    (rest > 0 ? `<p class="muted">… and ${rest} more: <a href="#outcome=fail,error">every failure in the result list</a>.</p>` : '');
}
