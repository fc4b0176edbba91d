/**
 * The "Known deviations" section of the HTML report: every expectation that explained failures, with
 * its rule, versions, why and a link to where it is documented (http(s) only; any other source as text); then
 * the fixed and stale ones with what to do. Everything is escaped.
 */
import esc from 'escape-html';
import type { EntryReport, RunResult } from '../../model/index.js';
import { entryAdvice, entryTitle, knownView, linkOf } from '../known.js';

function documented(e: EntryReport): string {
  const link = linkOf(e.documented);
  return link ? `<a href="${esc(link)}" rel="noreferrer noopener">${esc(link)}</a>${esc(e.documented.slice(link.length))}` : esc(e.documented);
}

function row(e: EntryReport): string {
  const href = `#rule=${encodeURIComponent(e.rules[0] ?? e.rule)}`;
  return `<tr class="k-${esc(e.status)}"><td><a href="${esc(href)}"><code>${esc(e.rule)}</code></a>${e.rules.length > 1 || (e.rules[0] && e.rules[0] !== e.rule) ? `<div class="muted small">${esc(e.rules.join(', '))}</div>` : ''}</td>` +
    `<td>${esc((e.knownIn.length ? e.knownIn : e.versions).join(', '))}</td><td>${e.checks}</td>` +
    `<td>${esc(e.why)}${e.seenIn ? `<div class="muted small">seen in ${esc(e.seenIn)}</div>` : ''}${e.staleReason ? `<div class="warnline small">stale: ${esc(e.staleReason)}</div>` : ''}</td>` +
    `<td class="small">${documented(e)}<div class="muted">${esc(e.at)}</div></td></tr>`;
}

export function knownHtml(run: RunResult): string {
  const view = knownView(run);
  if (!view) return '';
  const x = run.expectations!;
  const table = view.known.length === 0 ? '<p class="muted">No failure was explained by an expectation.</p>'
    : `<div class="scroll"><table class="grid"><thead><tr><th>Rule</th><th>Versions</th><th>Checks</th><th>Why</th><th>Documented</th></tr></thead><tbody>${view.known.map(row).join('')}</tbody></table></div>`;
  const rest = [...view.fixed, ...view.stale];
  const strict = x.strict ? ' <span class="warnline">(they fail the run: --strict-expectations)</span>' : '';
  const restHtml = rest.length === 0 ? '' : `<h3>Fixed and stale expectations${strict}</h3><ul>${rest.map((e) =>
    `<li><span class="badge b-${e.status === 'fixed' ? 'pass' : 'warn'}">${e.status.toUpperCase()}</span> <code>${esc(entryTitle(e))}</code>: ${esc(entryAdvice(e))}</li>`).join('')}</ul>`;
  return `<p class="muted">${x.known} check${x.known === 1 ? '' : 's'} failed as the expectations file${x.files.length === 1 ? '' : 's'} ${esc(x.files.join(', '))} expect${x.files.length === 1 ? 's' : ''}: ` +
    `they do not fail the run. ${x.newFailures} new failure${x.newFailures === 1 ? '' : 's'}.</p>${table}${restHtml}`;
}
