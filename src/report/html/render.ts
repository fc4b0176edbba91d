/**
 * The HTML report (ARCHITECTURE.md § Reports): one self-contained file, no network access, works from file://.
 * Server-side parts are escaped with escape-html; the results list is rendered by the client script from
 * embedded JSON, using textContent only. A Content-Security-Policy allows only this page's own script.
 */
import { createHash } from 'node:crypto';
import esc from 'escape-html';
import type { RunResult } from '../../model/index.js';
import { redactRun } from '../../redact/patterns.js';
import { clientScript } from './assets.js';
import { pageHead } from './page-head.js';
import { clientData, embedJson } from './data.js';
import { filterBarHtml, headerHtml, verdictHtml } from './header.js';
import { failuresHtml } from './failures.js';
import { knownHtml } from './known.js';
import { loadHtml } from './load.js';
import { matrixHtml } from './matrix.js';
import { coverageHtml, observationsHtml } from './tables.js';
import { timingHtml } from './timing.js';

function section(id: string, title: string, body: string): string {
  return `<section id="${id}" class="sec"><h2>${title}</h2>${body}</section>`;
}

/**
 * The order of the report: verdicts, the rule × version matrix, failures, then the rest; the
 * lazily rendered list of every result comes last, so that its growth never moves another section.
 */
const NAV = [['sec-matrix', 'Rule × version'], ['sec-failures', 'Failures'], ['sec-known', 'Known deviations'], ['sec-observations', 'Observations'],
  ['sec-coverage', 'Coverage'], ['sec-load', 'Load'], ['sec-timing', 'Timing'], ['sec-leftovers', 'Leftovers'], ['sec-results', 'All results']] as const;

export function renderHtml(input: RunResult): string {
  const run = redactRun(input);
  const data = clientData(run);
  const script = clientScript();
  const hash = createHash('sha256').update(script, 'utf8').digest('base64');
  const csp = `default-src 'none'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'`;
  // A failure an expectation explains is a known deviation, listed in its own section.
  const failing = run.results.filter((r) => (r.outcome === 'fail' || r.outcome === 'error') && r.expectation?.status !== 'known').length;
  const nav = NAV.filter(([id]) => (id !== 'sec-leftovers' || run.leftovers?.length) && (id !== 'sec-known' || run.expectations))
    .map(([id, label]) => `<a href="#${id}" data-goto="${id}">${label}${id === 'sec-failures' ? ` <span class="n">${failing}</span>` : ''}</a>`).join('');
  return `${pageHead({ title: `evconf · ${run.target.baseUrl} · ${run.runId}`, csp })}${headerHtml(run)}
<main>
${verdictHtml(run)}
<nav class="toc">${nav}</nav>
${section('sec-matrix', 'Rule × version', matrixHtml(run))}
${section('sec-failures', `Failures <span class="muted small">${failing} check${failing === 1 ? '' : 's'}</span>`, failuresHtml(run))}
${run.expectations ? section('sec-known', `Known deviations <span class="muted small">${run.expectations.entries.filter((e) => e.checks > 0).length}</span>`, knownHtml(run)) : ''}
${section('sec-observations', 'Observations', observationsHtml(run))}
${section('sec-coverage', 'Coverage', coverageHtml(run))}
${section('sec-load', 'Load', loadHtml(run.load, run.results))}
${section('sec-timing', 'Timing', timingHtml(run))}
${run.leftovers?.length ? section('sec-leftovers', 'Leftovers', `<p class="warnline">Events this run created but could not delete:</p><ul class="mono">${run.leftovers.map((id) => `<li>${esc(id)}</li>`).join('')}</ul>`) : ''}
${section('sec-results', 'All results <span class="muted small">failures first · filters are kept in the URL</span>', filterBarHtml(run, data.versions))}
</main>
<footer class="muted">evconf ${esc(run.tool.version)} · run ${esc(run.runId)} · canonical data: results.json</footer>
<script type="application/json" id="evconf-data">${embedJson(data)}</script>
<script>${script}</script>
</body>
</html>
`;
}
