/** Server-rendered top of the HTML report: target and run facts, verdict per version, filter bar. */
import esc from 'escape-html';
import type { RunResult } from '../../model/index.js';
import { SHOWN_ORDER, shownOutcome } from '../known.js';
import { countOutcomes, endpointFamily, formatDuration, isLoadRule, versionVerdicts, type VersionVerdict } from '../tally.js';
import { headline, stoppedReason, untestedByReason, verdictWords } from '../verdict-text.js';

const OUTCOME_LABEL: Record<string, string> = { fail: 'failed', error: 'errors', warn: 'warned', known: 'known', skip: 'skipped', pass: 'passed' };

function fact(label: string, value: string, cls = ''): string {
  return `<div class="fact${cls}"><dt>${esc(label)}</dt><dd>${value}</dd></div>`;
}

export function headerHtml(run: RunResult): string {
  const tags = [run.target.reference ? '<span class="tag">reference server</span>' : '',
    run.target.mutant ? `<span class="tag warn">mutant ${esc(run.target.mutant)}</span>` : ''].join('');
  const facts = [
    fact('Tool', `evconf ${esc(run.tool.version)}`),
    fact('Run id', `<code>${esc(run.runId)}</code>`),
    fact('Seed', `<code>${esc(String(run.seed))}</code>`),
    fact('Started', `<time datetime="${esc(run.startedAt)}">${esc(run.startedAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC'))}</time>`),
    fact('Duration', esc(formatDuration(run.durationMs))),
    run.command ? fact('Command', `<code>${esc(run.command)}</code>`, ' wide') : '',
  ].join('');
  return `<header class="top">
<div class="brand"><span class="logo">evconf</span><span class="sub">conformance report · Event Management API</span></div>
<div class="target"><span class="label">Target</span> <code class="url">${esc(run.target.baseUrl)}</code>${tags}</div>
<dl class="facts">${facts}</dl>
</header>`;
}

function countLink(v: VersionVerdict, outcome: string, n: number): string {
  const href = `#version=${encodeURIComponent(v.apiVersion)}&outcome=${outcome}`;
  const label = outcome === 'error' && n === 1 ? 'error' : OUTCOME_LABEL[outcome];
  return `<a class="cnt c-${outcome}${n === 0 ? ' zero' : ''}" href="${esc(href)}"><b>${n}</b> ${label}</a>`;
}

function untestedList(v: VersionVerdict): string {
  const stopped = stoppedReason(v);
  const groups = untestedByReason(v);
  const accepted = untestedByReason(v, true);
  if (!stopped && groups.length === 0 && accepted.length === 0) return '';
  const li = (g: { reason: string; rules: string[] }) =>
    `<li><span class="why">${esc(g.reason)}</span> <span class="muted">(${g.rules.length})</span>: ${g.rules.map((r) => `<code>${esc(r)}</code>`).join(', ')}</li>`;
  const n = groups.reduce((a, g) => a + g.rules.length, 0);
  const parts = [
    stopped ? `<p class="stopped">Run stopped early: ${esc(stopped)}</p>` : '',
    groups.length ? `<details class="untested"${n <= 6 ? ' open' : ''}><summary>${n} MUST rule${n === 1 ? '' : 's'} not tested</summary><ul>${groups.map(li).join('')}</ul></details>` : '',
    accepted.length ? `<details class="untested accepted"><summary>${accepted.reduce((a, g) => a + g.rules.length, 0)} untested, accepted (--allow-untested)</summary><ul>${accepted.map(li).join('')}</ul></details>` : '',
  ];
  return parts.join('');
}

function verdictCard(v: VersionVerdict): string {
  const w = verdictWords(v);
  const text = v.total === 0 ? `${w.label}: no checks ran` : w.label;
  const n: [string, number][] = [['fail', v.failed - (v.knownFailures ?? 0)], ['error', v.errored], ['warn', v.warned], ['skip', v.skipped], ['pass', v.passed]];
  // Known deviations: their own count, linking to them in the result list (not counted as failed).
  const known = v.knownFailures ? countLink(v, 'known', v.knownFailures) : '';
  const counts = n.filter(([o, k]) => k > 0 || o === 'fail' || o === 'pass').map(([o, k]) => countLink(v, o, k)).join('') + known;
  return `<div class="verdict ${w.tone}" data-verdict="${esc(v.verdict)}"><div class="v-top"><span class="v-icon" aria-hidden="true">${w.icon}</span>` +
    `<span class="v-ver">${esc(v.apiVersion)}</span><span class="v-text">${esc(text)}</span></div>` +
    `<div class="v-counts">${counts}</div>${untestedList(v)}</div>`;
}

function loadCard(run: RunResult): string {
  const load = run.results.filter((r) => isLoadRule(r.rule));
  if (load.length === 0) return '';
  const c = countOutcomes(load);
  const bad = c.failed + c.errored;
  return `<div class="verdict load ${bad ? 'bad' : 'good'}"><div class="v-top"><span class="v-icon" aria-hidden="true">${bad ? '✘' : '✔'}</span>` +
    `<span class="v-ver">load</span><span class="v-text">${bad ? `${bad} budget${bad === 1 ? '' : 's'} missed` : 'budgets met'}</span></div>` +
    `<div class="v-counts"><a class="cnt" href="#endpoint=load">${c.passed} met · ${bad} missed · ${c.warned + c.skipped} other</a></div></div>`;
}

export function verdictHtml(run: RunResult): string {
  const verdicts = versionVerdicts(run);
  const h = headline(verdicts);
  return `<section class="verdicts" id="sec-verdicts" aria-label="Verdict per API version"><h1 class="headline ${h.tone}">${esc(h.text)}</h1>` +
    `<div class="cards">${verdicts.map(verdictCard).join('')}${loadCard(run)}</div></section>`;
}

function options(values: readonly string[], all: string): string {
  return [`<option value="">${esc(all)}</option>`, ...values.map((v) => `<option value="${esc(v)}">${esc(v)}</option>`)].join('');
}

/**
 * Filter controls; the client script keeps their state in the URL hash. The outcome chips count results as they
 * are shown: a failure the expectations explain under "known" (with expectations only), not under "failed".
 */
export function filterBarHtml(run: RunResult, versions: readonly string[]): string {
  const n: Record<string, number> = {};
  for (const r of run.results) n[shownOutcome(r)] = (n[shownOutcome(r)] ?? 0) + 1;
  const chips = SHOWN_ORDER.filter((o) => o !== 'known' || run.expectations || n.known).map((o) =>
    `<button type="button" class="chip c-${o}" data-outcome="${o}" aria-pressed="true">${OUTCOME_LABEL[o]} <b>${n[o] ?? 0}</b></button>`).join('');
  const families = [...new Set(run.results.map(endpointFamily))].sort();
  return `<div class="filters" role="search">
<div class="chips" role="group" aria-label="Outcome">${chips}</div>
<label>Version <select id="f-version">${options(versions, 'all')}</select></label>
<label>Endpoint <select id="f-endpoint">${options(families, 'all')}</select></label>
<label>Level <select id="f-level">${options(['MUST', 'SHOULD'], 'all')}</select></label>
<label class="grow">Search <input id="f-q" type="search" placeholder="rule id, message, URL…" autocomplete="off"></label>
<button type="button" id="f-clear" class="linkish">clear filters</button>
</div>
<div id="f-rule" class="rulefilter" hidden></div>
<p id="r-count" class="muted" aria-live="polite"></p>
<div id="results" class="results"><noscript><p>The result list needs JavaScript; the same data is in results.json.</p></noscript></div>`;
}
