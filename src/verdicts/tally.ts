/** Per-version verdicts, endpoint families and ordering shared by all reporters (ARCHITECTURE.md § Contracts, § Reports). */
import { SHOWN_ORDER, shownOutcome } from './shown.js';
import { API_VERSIONS, type ApiVersion, type CheckResult, type Outcome, type ResultSummary, type RunResult, type VersionVerdict, type Verdict } from '../model/index.js';

export type { Verdict, VersionVerdict };

/** What the engine knows beyond the results when it judges a run (src/orchestrator/run.ts). */
export interface VerdictContext {
  /** --allow-untested: rule id patterns (`*` allowed) whose gaps are accepted. */
  allowUntested?: readonly string[];
  /** Versions whose run was cut short, and why. */
  stopped?: readonly { apiVersion: ApiVersion; reason: string }[];
  /** Why a rule that has no result at all in a version was not checked (e.g. "not selected by --only"). */
  notRun?: (rule: string, apiVersion: ApiVersion) => string;
}

/** The skip reason of a rule whose endpoint the server does not offer at that version (never a gap, never a failure). */
export const NOT_OFFERED = /^(precondition: )?not offered: /;

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

/** Whether a pattern (exact, or `*` anywhere) matches an id: the --only / --allow-untested syntax. */
export function idMatches(pattern: string, id: string): boolean {
  if (!pattern.includes('*')) return pattern === id;
  return new RegExp(`^${pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(id);
}

/** Distinct skip reasons of a rule's results, most frequent first (at most two, so a line stays readable). */
function skipReasons(results: readonly CheckResult[]): string {
  const n = new Map<string, number>();
  for (const r of results) n.set(r.message, (n.get(r.message) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1]).slice(0, 2).map(([m]) => m).join('; ');
}

/**
 * The verdict of each version, over its conformance checks (load budgets excluded):
 * `not-conformant` when a check failed or evconf erred; `conformant` only when, besides, every MUST normative rule
 * that applies to the version (run.coverage) was checked at least once (an outcome other than skip) and the run
 * of the version was not cut short; else `incomplete`, with the untested rules and why.
 */
export function computeVerdicts(run: RunResult, ctx: VerdictContext = {}): VersionVerdict[] {
  const known = new Map((run.rules ?? []).map((r) => [r.id, r]));
  // A coverage entry outside its rule's version range (a hand-made results file) does not count.
  const applies = (rule: string, v: ApiVersion) => {
    const r = known.get(rule);
    return !r || (versionIndex(r.since) <= versionIndex(v) && (!r.until || versionIndex(v) <= versionIndex(r.until)));
  };
  const allow = ctx.allowUntested ?? [];
  const zero = { total: 0, passed: 0, failed: 0, warned: 0, skipped: 0, errored: 0 };
  const notOffered: VersionVerdict[] = (run.target.notOffered ?? [])
    .map((n) => ({ apiVersion: n.apiVersion, ...zero, verdict: 'not-offered' as const, conformant: false, untested: [], notOffered: n.reason }));
  const judged = runVersions(run).map((apiVersion) => {
    const mine = run.results.filter((r) => r.apiVersion === apiVersion && !isLoadRule(r.rule));
    const c = countOutcomes(mine);
    const checked = new Set(mine.filter((r) => r.outcome !== 'skip').map((r) => r.rule));
    const untested = run.coverage
      .filter((e) => e.apiVersion === apiVersion && (known.get(e.rule)?.level ?? 'MUST') === 'MUST' && applies(e.rule, apiVersion) && !isLoadRule(e.rule) && !checked.has(e.rule))
      .map((e) => {
        const skips = mine.filter((r) => r.rule === e.rule);
        const reason = skips.length ? skipReasons(skips) : ctx.notRun?.(e.rule, apiVersion) ?? 'no check of this rule ran';
        // An endpoint the addendum describes for every version but the spec (1.0.0-1.6.0) does not name, which the
        // server does not offer at this version: listed, but no gap (specs/events-api-1.7-1.11.md; actions/versions.ts).
        const notOffered = skips.length > 0 && skips.every((r) => NOT_OFFERED.test(r.message));
        return { rule: e.rule, reason, ...(notOffered || allow.some((p) => idMatches(p, e.rule)) ? { allowed: true } : {}) };
      });
    const stopped = ctx.stopped?.find((s) => s.apiVersion === apiVersion)?.reason;
    const verdict: Verdict = c.failed > 0 || c.errored > 0 ? 'not-conformant'
      : c.total === 0 || stopped !== undefined || untested.some((u) => !u.allowed) ? 'incomplete' : 'conformant';
    return { apiVersion, ...c, verdict, conformant: verdict === 'conformant', untested, ...(stopped !== undefined ? { stopped } : {}) };
  });
  return [...judged, ...notOffered].sort((a, b) => versionIndex(a.apiVersion) - versionIndex(b.apiVersion));
}

/**
 * Whether a version has gaps that keep it from being conformant besides failures: it was cut short, ran no
 * check, or has untested MUST rules not accepted (--allow-untested, or a `skip` expectation).
 */
export function hasGaps(v: VersionVerdict): boolean {
  return v.stopped !== undefined || v.total === 0 || v.untested.some((u) => !u.allowed);
}

/** The verdicts every reporter shows: those the run stored (RunResult.verdicts), else computed from the results. */
export function versionVerdicts(run: RunResult): VersionVerdict[] {
  return run.verdicts ?? computeVerdicts(run);
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

/**
 * Results sorted failures first (known deviations after the warnings: src/verdicts/shown.ts), then by
 * version (spec order) and rule; stable otherwise.
 */
export function sortResults(results: readonly CheckResult[]): CheckResult[] {
  return results
    .map((r, i) => ({ r, i }))
    .sort((a, b) =>
      SHOWN_ORDER.indexOf(shownOutcome(a.r)) - SHOWN_ORDER.indexOf(shownOutcome(b.r)) ||
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
