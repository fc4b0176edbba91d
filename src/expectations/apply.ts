/**
 * Sorts a run's results by an expectations file: passed, failed (new: not expected), known (failed or
 * skipped as expected), fixed (expected to fail, now passes) and stale (an entry that matched nothing, or is past
 * its `until`). Pure: a RunResult in, a RunResult out, with `expectation` on each result it explains, the
 * `expectations` summary and the verdicts' new/known counts. Reporters only read what this writes.
 */
import type { ApiVersion, CheckResult, EntryReport, ExpectationEntry, ExpectationsSummary, RunResult, VersionVerdict } from '../model/index.js';
import { hasGaps, idMatches, isLoadRule, runVersions, versionVerdicts } from '../verdicts/tally.js';
import { differencesOf, everyDifferenceExplained } from './differences.js';

export interface ApplyOptions {
  files: string[];
  strict: boolean;
  /** The day expiry is judged on, YYYY-MM-DD (UTC). */
  today: string;
}

const failing = (r: CheckResult) => r.outcome === 'fail' || r.outcome === 'warn';

function applies(e: ExpectationEntry, r: CheckResult): boolean {
  return e.versions.includes(r.apiVersion) && idMatches(e.rule, r.rule);
}

/**
 * The entry that explains a result: same rule and version, the outcome it expects, and (a failure) every difference
 * its message names matched by an entry of that rule (src/expectations/differences.ts); the first entry that matches
 * one of them is named. A skip: the first skip entry whose message (if any) matches.
 */
function explainingAll(entries: readonly ExpectationEntry[], r: CheckResult): ExpectationEntry[] {
  if (r.outcome === 'skip') {
    const e = entries.find((x) => applies(x, r) && x.expect === 'skip' && (x.message === undefined || new RegExp(x.message).test(r.message)));
    return e ? [e] : [];
  }
  if (!failing(r)) return [];
  const mine = entries.filter((e) => applies(e, r) && e.expect === 'fail');
  if (!everyDifferenceExplained(r.message, mine.map((e) => e.message))) return [];
  const { head, parts } = differencesOf(r.message);
  const used = mine.filter((e) => e.message === undefined || new RegExp(e.message).test(r.message) ||
    parts.some((p) => new RegExp(e.message!).test(p) || (head !== undefined && new RegExp(e.message!).test(`${head}: ${p}`))));
  return used.length > 0 ? used : mine.slice(0, 1);
}

function entryReport(e: ExpectationEntry, results: readonly CheckResult[], versions: readonly ApiVersion[], today: string): EntryReport {
  const mine = results.filter((r) => r.expectation?.status === 'known' && (r.expectation.entry === e.at || (r.expectation.entries ?? []).includes(e.at)));
  const inRun = e.versions.filter((v) => versions.includes(v));
  const knownIn = inRun.filter((v) => mine.some((r) => r.apiVersion === v));
  // Checked and not failing as expected: a fail entry whose rule only passed there; a skip entry whose rule was checked.
  const fixedIn = inRun.filter((v) => {
    const here = results.filter((r) => applies(e, r) && r.apiVersion === v);
    return e.expect === 'fail' ? here.some((r) => r.outcome === 'pass') && !here.some(failing) : here.some((r) => r.outcome !== 'skip');
  }).filter((v) => !knownIn.includes(v));
  const expired = e.until !== undefined && today > e.until;
  const status: EntryReport['status'] = inRun.length === 0 ? 'not-run'
    : expired || (knownIn.length === 0 && fixedIn.length === 0) ? 'stale'
      : knownIn.length === 0 ? 'fixed' : 'known';
  const staleReason = status !== 'stale' ? undefined
    : expired ? `past its until date ${e.until}` : `matched no result in ${inRun.join(', ')} (no check of its rule ${e.expect === 'fail' ? 'failed as it says, nor passed' : 'was skipped, nor checked'})`;
  const { at, rule, expect, why, documented, message, until, seenIn } = e;
  return {
    at, rule, versions: e.versions, expect, why, documented, ...(message !== undefined ? { message } : {}), ...(until ? { until } : {}),
    ...(seenIn ? { seenIn } : {}), status, ...(staleReason ? { staleReason } : {}), knownIn, fixedIn,
    checks: mine.length, rules: [...new Set(mine.map((r) => r.rule))].sort(),
  };
}

/** A version's verdict with the new and known failing checks counted, and the gaps a skip entry accepts. */
function verdictWith(v: VersionVerdict, results: readonly CheckResult[], entries: readonly ExpectationEntry[]): VersionVerdict {
  if (v.verdict === 'not-offered') return v;
  const mine = results.filter((r) => r.apiVersion === v.apiVersion && !isLoadRule(r.rule));
  const known = mine.filter((r) => r.outcome === 'fail' && r.expectation?.status === 'known');
  const knownRules = [...new Set(mine.filter((r) => failing(r) && r.expectation?.status === 'known').map((r) => r.rule))].sort();
  const untested = v.untested.map((u) => (u.allowed || !entries.some((e) => e.expect === 'skip' && e.versions.includes(v.apiVersion) && idMatches(e.rule, u.rule))
    ? u : { ...u, allowed: true }));
  const gaps = hasGaps({ ...v, untested });
  const verdict = v.failed > 0 || v.errored > 0 ? 'not-conformant' : gaps ? 'incomplete' : 'conformant';
  return { ...v, untested, verdict, conformant: verdict === 'conformant', newFailures: v.failed - known.length, knownFailures: known.length, knownRules };
}

/**
 * The results with `expectation: known` on each an entry explains (and no other mark): what the whole run's
 * application starts from, and what the run's progress events carry as results are decided.
 */
export function markKnown(entries: readonly ExpectationEntry[], results: readonly CheckResult[]): CheckResult[] {
  return results.map((r): CheckResult => {
    const { expectation: _old, ...rest } = r;
    const all = explainingAll(entries, rest);
    const e = all[0];
    return e ? { ...rest, expectation: { status: 'known', entry: e.at, why: e.why, documented: e.documented, ...(all.length > 1 ? { entries: all.map((x) => x.at) } : {}) } } : rest;
  });
}

/** The run with its results sorted by the expectations (see the module comment). */
export function applyExpectations(run: RunResult, entries: readonly ExpectationEntry[], opts: ApplyOptions): RunResult {
  const versions = runVersions(run);
  const marked = markKnown(entries, run.results);
  const reports = entries.map((e) => entryReport(e, marked, versions, opts.today));
  // A pass of a rule whose entry is fixed in that version says so too (the entry, its why and where it is documented).
  const results = marked.map((r) => {
    if (r.expectation || r.outcome !== 'pass') return r;
    const i = entries.findIndex((e, k) => e.expect === 'fail' && applies(e, r) && reports[k].fixedIn.includes(r.apiVersion));
    return i < 0 ? r : { ...r, expectation: { status: 'fixed' as const, entry: entries[i].at, why: entries[i].why, documented: entries[i].documented } };
  });
  const summary: ExpectationsSummary = {
    files: [...opts.files], strict: opts.strict, today: opts.today,
    passed: results.filter((r) => r.outcome === 'pass').length,
    newFailures: results.filter((r) => (r.outcome === 'fail' || r.outcome === 'error') && r.expectation?.status !== 'known').length,
    known: results.filter((r) => r.expectation?.status === 'known').length,
    fixed: reports.filter((e) => e.status === 'fixed').length,
    stale: reports.filter((e) => e.status === 'stale').length,
    entries: reports,
  };
  const verdicts = versionVerdicts(run).map((v) => verdictWith(v, results, entries));
  return { ...run, results, verdicts, expectations: summary };
}

/** Today as YYYY-MM-DD in UTC (what `until` is compared with). */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
