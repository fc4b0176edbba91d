/**
 * Failing and erring checks grouped by outcome, rule and message across versions: what the summaries list. A
 * failure an expectation explains (`expectation.status` known) is not a finding: reports list it
 * under "Known deviations" (src/report/known.ts).
 */
import type { CheckResult, RunResult } from '../model/index.js';
import { sortResults, versionIndex } from './tally.js';

export interface Finding {
  /** The first check of the group (failures first, then by version): its evidence stands for the group. */
  first: CheckResult;
  /** The versions the group failed in, in spec order. */
  versions: string[];
  /** Failing checks in the group (a rule may fail more than once per version). */
  checks: number;
}

export function findings(run: RunResult): Finding[] {
  const out = new Map<string, Finding>();
  for (const r of sortResults(run.results.filter((x) => (x.outcome === 'fail' || x.outcome === 'error') && x.expectation?.status !== 'known'))) {
    const key = `${r.outcome}\u0000${r.rule}\u0000${r.message}`;
    const f = out.get(key);
    if (!f) out.set(key, { first: r, versions: [r.apiVersion], checks: 1 });
    else {
      f.checks++;
      if (!f.versions.includes(r.apiVersion)) f.versions.push(r.apiVersion);
    }
  }
  for (const f of out.values()) f.versions.sort((a, b) => versionIndex(a) - versionIndex(b));
  return [...out.values()];
}
