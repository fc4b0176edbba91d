/** Observations ("not shown" behaviour as seen) and coverage (rules with no check) sections. */
import esc from 'escape-html';
import type { RunResult } from '../../model/index.js';
import { runVersions, versionVerdicts } from '../tally.js';
import { loadVersions, notRunReason } from '../stages.js';
import { applies } from './matrix.js';

export function observationsHtml(run: RunResult): string {
  if (run.observations.length === 0) return '<p class="muted">No observations were recorded.</p>';
  const groups = new Map<string, { topic: string; value: string; context?: string; versions: string[] }>();
  for (const o of run.observations) {
    const key = `${o.topic}\u0000${o.value}\u0000${o.context ?? ''}`;
    const g = groups.get(key) ?? { topic: o.topic, value: o.value, context: o.context, versions: [] };
    g.versions.push(o.apiVersion);
    groups.set(key, g);
  }
  const rows = [...groups.values()].sort((a, b) => a.topic.localeCompare(b.topic)).map((g) =>
    `<tr><td><code>${esc(g.topic)}</code></td><td class="val">${esc(g.value)}</td><td>${esc(g.versions.join(', '))}</td>` +
    `<td class="muted">${esc(g.context ?? '')}</td></tr>`).join('');
  return `<p class="muted">Where the spec says "not shown", evconf never fails a server; it records what it saw.</p>` +
    `<div class="scroll"><table class="grid"><thead><tr><th>Topic</th><th>Seen</th><th>Versions</th><th>Where</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/**
 * Coverage: rules with no result in a version where they apply. A rule whose stage did not run there (the
 * load.* budgets without --load) is "not run", listed apart with the reason; only the others are "uncovered".
 */
export function coverageHtml(run: RunResult): string {
  const versions = runVersions(run);
  const checks = new Map<string, number>();
  const add = (rule: string, v: string, n: number) => checks.set(`${rule}\u0000${v}`, (checks.get(`${rule}\u0000${v}`) ?? 0) + n);
  for (const c of run.coverage) add(c.rule, c.apiVersion, c.checks);
  const ran = new Map<string, number>();
  for (const r of run.results) ran.set(`${r.rule}\u0000${r.apiVersion}`, 1);
  const rules = run.rules ?? [];
  const loadRan = loadVersions(run);
  let pairs = 0;
  const notRun = new Map<string, Set<string>>();
  const uncovered = rules.map((r) => {
    const missing = versions.filter((v) => applies(r, v)).filter((v) => {
      const why = notRunReason(run, r.id, v, loadRan);
      if (why !== undefined) {
        notRun.set(why, (notRun.get(why) ?? new Set()).add(r.id));
        return false;
      }
      pairs++;
      return !checks.get(`${r.id}\u0000${v}`) && !ran.has(`${r.id}\u0000${v}`);
    });
    return { r, missing };
  }).filter((x) => x.missing.length > 0);
  const missingPairs = uncovered.reduce((a, x) => a + x.missing.length, 0);
  const counted = rules.filter((r) => versions.some((v) => applies(r, v) && notRunReason(run, r.id, v, loadRan) === undefined));
  const fullyCovered = counted.length - uncovered.length;
  const summary = `<p class="cov-sum"><b>${fullyCovered}</b> of ${counted.length} rules checked in every applicable version · ` +
    `<b>${pairs - missingPairs}</b> of ${pairs} rule × version pairs covered</p>`;
  const notRunHtml = notRun.size === 0 ? '' : `<div class="notrun"><h3>Not run (${[...notRun.values()].reduce((a, s) => a + s.size, 0)})</h3><ul>` +
    [...notRun].map(([why, ids]) => `<li>${[...ids].map((id) => `<code>${esc(id)}</code>`).join(', ')}: ${esc(why)}</li>`).join('') + '</ul></div>';
  if (rules.length === 0) return '<p class="muted">The run did not list its rules, so coverage cannot be shown.</p>';
  if (uncovered.length === 0) return `${summary}<p class="ok">Every rule has at least one check in every applicable version.</p>${notRunHtml}`;
  // The verdict's reason for an untested rule (e.g. "not selected by --only"), where the run recorded one.
  const why = new Map<string, string>();
  for (const v of versionVerdicts(run)) for (const u of v.untested) why.set(`${u.rule}\u0000${v.apiVersion}`, u.reason);
  const rows = uncovered.map(({ r, missing }) => {
    const reasons = [...new Set(missing.map((v) => why.get(`${r.id}\u0000${v}`)).filter((x): x is string => x !== undefined))];
    return `<tr><td><code>${esc(r.id)}</code></td><td><span class="lvl lvl-${esc(r.level)}">${esc(r.level)}</span></td>` +
      `<td>${esc(r.endpoint)}</td><td>${esc(missing.join(', '))}</td><td>${esc(reasons.join('; '))}</td><td class="spec">${esc(r.quote)}</td></tr>`;
  }).join('');
  return `${summary}<h3 class="uncovered">Uncovered rules (${uncovered.length})</h3><div class="scroll"><table class="grid">` +
    `<thead><tr><th>Rule</th><th>Level</th><th>Endpoint</th><th>Versions without a check</th><th>Why</th><th>Spec</th></tr></thead><tbody>${rows}</tbody></table></div>${notRunHtml}`;
}
