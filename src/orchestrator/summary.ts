import type { ApiVersion, CheckResult, CoverageEntry, ResultSummary } from '../model/index.js';
import type { RuleBook } from '../spec/rules.js';

export function summarize(results: CheckResult[]): ResultSummary {
  const s: ResultSummary = { total: results.length, passed: 0, failed: 0, warned: 0, skipped: 0, errored: 0 };
  for (const r of results) {
    if (r.outcome === 'pass') s.passed++;
    else if (r.outcome === 'fail') s.failed++;
    else if (r.outcome === 'warn') s.warned++;
    else if (r.outcome === 'skip') s.skipped++;
    else s.errored++;
  }
  return s;
}

/** Checks per rule and version, for every rule that applies to a version of the run (0 = uncovered). */
export function coverage(book: RuleBook, versions: ApiVersion[], results: CheckResult[]): CoverageEntry[] {
  const counts = new Map<string, number>();
  for (const r of results) {
    if (r.outcome === 'skip') continue;
    const k = `${r.rule}|${r.apiVersion}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const out: CoverageEntry[] = [];
  for (const rule of book.rules.filter((r) => r.kind === 'normative')) {
    for (const v of versions) {
      if (book.appliesTo(rule, v)) out.push({ rule: rule.id, apiVersion: v, checks: counts.get(`${rule.id}|${v}`) ?? 0 });
    }
  }
  return out;
}
