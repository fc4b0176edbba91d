/**
 * A starting expectations file from a run (`evconf expectations --from results.json`): one entry per
 * failing rule with the versions it failed in and its message, so adopting evconf on a server that is not
 * conformant yet takes one command. `why` and `documented` are to be filled in: the draft says so in each entry.
 */
import { stringify } from 'yaml';
import type { ApiVersion, RunResult } from '../model/index.js';
import { API_VERSIONS } from '../model/index.js';
import { isLoadRule, versionIndex } from '../verdicts/tally.js';

const MAX_WHY = 160;

/** Versions as the file writes them: `all`, a range (">=1.1.0", "<=1.5.0", ">=1.1.0 <=1.3.0") or a list. */
export function versionsText(versions: readonly ApiVersion[]): string | ApiVersion[] {
  const sorted = [...new Set(versions)].sort((a, b) => versionIndex(a) - versionIndex(b));
  const first = versionIndex(sorted[0]);
  const last = versionIndex(sorted[sorted.length - 1]);
  if (last - first + 1 !== sorted.length) return sorted;
  if (sorted.length === API_VERSIONS.length) return 'all';
  if (sorted.length === 1) return sorted[0];
  const lo = first === 0 ? '' : `>=${sorted[0]}`;
  const hi = last === API_VERSIONS.length - 1 ? '' : `<=${sorted[sorted.length - 1]}`;
  return [lo, hi].filter(Boolean).join(' ');
}

function oneLine(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_WHY ? `${flat.slice(0, MAX_WHY - 1)}…` : flat;
}

export interface DraftOptions {
  /** The results file it was made from (named in every entry's `documented`). */
  from: string;
  /** An expiry day for every entry (YYYY-MM-DD). */
  until?: string;
}

/** The expectations file (YAML text) for every rule that failed in the run (load budgets and evconf errors excluded). */
export function draftExpectations(run: RunResult, opts: DraftOptions): string {
  const byRule = new Map<string, { versions: ApiVersion[]; message: string }>();
  for (const r of run.results) {
    if (r.outcome !== 'fail' || isLoadRule(r.rule)) continue;
    const g = byRule.get(r.rule) ?? { versions: [], message: r.message };
    if (!g.versions.includes(r.apiVersion)) g.versions.push(r.apiVersion);
    byRule.set(r.rule, g);
  }
  const entries = [...byRule].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([rule, g]) => ({
    rule, versions: versionsText(g.versions), expect: 'fail',
    why: oneLine(g.message),
    documented: `TODO: where this deviation is documented (found by run ${run.runId}, ${opts.from})`,
    ...(opts.until ? { until: opts.until } : {}),
  }));
  const head = [
    `# evconf expectations: known deviations of ${run.target.baseUrl}`,
    `# Drafted by \`evconf expectations --from ${opts.from}\` from run ${run.runId} (${run.startedAt}).`,
    '# Replace each `why` with the real behaviour in one line and each `documented` with a link or a source;',
    '# add `message:` (a regular expression) to pin a failure, `until:` (YYYY-MM-DD) to make an entry expire.',
    `# ${entries.length} failing rule${entries.length === 1 ? '' : 's'}.`,
  ].join('\n');
  return entries.length ? `${head}\n${stringify(entries, { lineWidth: 0 })}` : `${head}\n[]\n`;
}
