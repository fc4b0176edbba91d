/** Per-version verdicts, endpoint families and ordering shared by all reporters (design §4, §9). */
import { API_VERSIONS, type ApiVersion, type CheckResult, type Outcome, type ResultSummary, type RunResult } from '../model/index.js';

/**
 * A version's verdict (design §1.4): `conformant` only when every MUST rule that applies was checked and none
 * failed; `not-conformant` when a rule failed or evconf erred; else `incomplete` (untested rules, with why).
 */
export type Verdict = 'conformant' | 'not-conformant' | 'incomplete';

export interface VersionVerdict extends ResultSummary {
  apiVersion: ApiVersion;
  verdict: Verdict;
  /** Same as verdict === 'conformant'. */
  conformant: boolean;
  /** MUST rules that apply to this version and were never checked (pass/fail/warn), with the reason. */
  untested: { rule: string; reason: string }[];
}

/** Failures first: the order results are listed in every report. */
export const OUTCOME_ORDER: readonly Outcome[] = ['fail', 'error', 'warn', 'skip', 'pass'];

const COUNTER: Record<Outcome, 'passed' | 'failed' | 'warned' | 'skipped' | 'errored'> = {
  pass: 'passed', fail: 'failed', warn: 'warned', skip: 'skipped', error: 'errored',
};

/** `load.*` rules are budgets, not conformance (house-style §9.15: latency never decides a conformance rule). */
export function isLoadRule(rule: string): boolean {
  return rule === 'load' || rule.startsWith('load.');
}

export function versionIndex(v: string): number {
  const i = (API_VERSIONS as readonly string[]).indexOf(v);
  return i < 0 ? API_VERSIONS.length : i;
}

/** Versions of the run in spec order: the target's plus any that appear in results. */
export function runVersions(run: RunResult): ApiVersion[] {
  const set = new Set<ApiVersion>(run.target.apiVersions);
  for (const r of run.results) set.add(r.apiVersion);
  return [...set].sort((a, b) => versionIndex(a) - versionIndex(b));
}

export function countOutcomes(results: readonly CheckResult[]): ResultSummary {
  const c = { total: 0, passed: 0, failed: 0, warned: 0, skipped: 0, errored: 0 };
  for (const r of results) {
    c.total++;
    c[COUNTER[r.outcome]]++;
  }
  return c;
}

/** The verdict of each version over its conformance checks (load budgets excluded). */
export function versionVerdicts(run: RunResult): VersionVerdict[] {
  return runVersions(run).map((apiVersion) => {
    const c = countOutcomes(run.results.filter((r) => r.apiVersion === apiVersion && !isLoadRule(r.rule)));
    const conformant = c.total > 0 && c.failed === 0 && c.errored === 0;
    return { apiVersion, ...c, verdict: conformant ? 'conformant' : 'not-conformant', conformant, untested: [] };
  });
}

/**
 * Endpoint family of a check: `load` for load budgets, else the first literal path segment after
 * /api/events (`acl`, `metadata`, `publications`, `scheduling`; `events` for the collection and a single
 * event), else the rule id's first segment.
 */
export function endpointFamily(r: { rule: string; endpoint: string }): string {
  if (isLoadRule(r.rule)) return 'load';
  const m = /\/api\/events((?:\/[^\s?#]*)?)/.exec(r.endpoint);
  if (m) return m[1].split('/').find((s) => s !== '' && !s.startsWith('{')) ?? 'events';
  return r.rule.split('.')[0] || 'other';
}

/** Scenario id and repeat index parsed from a result id `<apiVersion>/<scenario id>/<rule>[#n]`. */
export function scenarioOf(r: Pick<CheckResult, 'id' | 'rule' | 'apiVersion'>): { scenario: string; n?: string } {
  let rest = r.id.startsWith(`${r.apiVersion}/`) ? r.id.slice(r.apiVersion.length + 1) : r.id;
  const hash = /#(\d+)$/.exec(rest);
  if (hash) rest = rest.slice(0, -hash[0].length);
  if (rest.endsWith(`/${r.rule}`)) rest = rest.slice(0, -(r.rule.length + 1));
  else if (rest === r.rule) rest = '';
  return hash ? { scenario: rest, n: hash[1] } : { scenario: rest };
}

/** Results sorted failures first, then by version (spec order) and rule; stable otherwise. */
export function sortResults(results: readonly CheckResult[]): CheckResult[] {
  return results
    .map((r, i) => ({ r, i }))
    .sort((a, b) =>
      OUTCOME_ORDER.indexOf(a.r.outcome) - OUTCOME_ORDER.indexOf(b.r.outcome) ||
      versionIndex(a.r.apiVersion) - versionIndex(b.r.apiVersion) ||
      (a.r.rule < b.r.rule ? -1 : a.r.rule > b.r.rule ? 1 : 0) ||
      a.i - b.i)
    .map((x) => x.r);
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/** Milliseconds with precision that suits the magnitude: 0.147, 8.37, 72.5, 1203. */
export function formatMs(n: number): string {
  const digits = n < 1 ? 3 : n < 10 ? 2 : n < 100 ? 1 : 0;
  return String(Number(n.toFixed(digits)));
}
