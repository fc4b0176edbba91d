/**
 * JUnit XML (ARCHITECTURE.md § Reports): one <testsuite> per API version, one <testcase> per CheckResult; each suite carries its
 * version's verdict (property `verdict`, and in <system-out> the untested rules with why).
 */
import type { CheckResult, RunResult } from '../model/index.js';
import { evidenceText } from './evidence.js';
import { redactRun } from '../redact/patterns.js';
import { countOutcomes, endpointFamily, runVersions, scenarioOf, versionVerdicts, type VersionVerdict } from './tally.js';
import { untestedByReason, verdictParagraph } from './verdict-text.js';
import { xmlAttr, xmlText } from './xml.js';

const MAX_BODY = 4096;
const MAX_MESSAGE = 500;

function seconds(ms: number | undefined): string {
  return ((ms ?? 0) / 1000).toFixed(3);
}

function oneLine(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_MESSAGE ? `${flat.slice(0, MAX_MESSAGE)}…` : flat;
}

/** `<rule> [<version>]`, plus the scenario id when several checks of the version share the rule. */
function caseNames(results: readonly CheckResult[]): string[] {
  const perRule = new Map<string, number>();
  for (const r of results) perRule.set(r.rule, (perRule.get(r.rule) ?? 0) + 1);
  const used = new Set<string>();
  return results.map((r) => {
    let name = `${r.rule} [${r.apiVersion}]`;
    if ((perRule.get(r.rule) ?? 0) > 1) {
      const s = scenarioOf(r);
      name += ` (${s.scenario || r.id}${s.n ? `#${s.n}` : ''})`;
    }
    for (let k = 2; used.has(name); k++) name = `${name.replace(/ #\d+$/, '')} #${k}`;
    used.add(name);
    return name;
  });
}

/** A failure an expectation explains is reported as skipped, with the reason and where it is documented. */
function knownBody(r: CheckResult): string {
  const x = r.expectation!;
  const msg = xmlAttr(oneLine(`known deviation: ${x.why} (documented: ${x.documented}; ${x.entry})`));
  return `\n      <skipped message="${msg}"/>\n      <system-out>${xmlText(`${r.outcome.toUpperCase()} as expected: ${evidenceText(r, { maxBody: MAX_BODY })}`)}</system-out>\n    `;
}

function caseBody(r: CheckResult): string {
  const text = () => xmlText(evidenceText(r, { maxBody: MAX_BODY }));
  const msg = xmlAttr(oneLine(r.message));
  if (r.expectation?.status === 'known' && r.outcome !== 'skip') return knownBody(r);
  switch (r.outcome) {
    case 'fail': return `\n      <failure message="${msg}" type="${r.level}">${text()}</failure>\n    `;
    case 'error': return `\n      <error message="${msg}" type="evconf-error">${text()}</error>\n    `;
    case 'skip': return `\n      <skipped message="${msg}"/>\n    `;
    case 'warn': return `\n      <system-out>WARNING: ${text()}</system-out>\n    `;
    default: return '';
  }
}

function testcase(r: CheckResult, name: string): string {
  const file = r.source ? ` file="${xmlAttr(r.source.replace(/:\d+(:\d+)?$/, ''))}"` : '';
  const attrs = `classname="${xmlAttr(endpointFamily(r))}" name="${xmlAttr(name)}" time="${seconds(r.durationMs)}"${file}`;
  const body = caseBody(r);
  return body ? `    <testcase ${attrs}>${body}</testcase>` : `    <testcase ${attrs}/>`;
}

function counts(results: readonly CheckResult[], ms: number | undefined): string {
  const c = countOutcomes(results);
  // Known failures count as skipped (they are written as <skipped>), so CI shows only new failures.
  const known = (o: string) => results.filter((r) => r.expectation?.status === 'known' && r.outcome === o).length;
  const time = ms === undefined ? '' : ` time="${seconds(ms)}"`;
  return `tests="${c.total}" failures="${c.failed - known('fail')}" errors="${c.errored}" skipped="${c.skipped + known('fail') + known('warn')}"${time}`;
}

/**
 * Wall time of a version: its stages as the run timed them (versions run one after another). Not the sum of its
 * checks' times: checks run concurrently and the expectations of one request share its time. A results file
 * without timing gives no suite time unless the run had one version.
 */
function suiteMs(run: RunResult, version: string): number | undefined {
  const stages = run.timing?.filter((t) => t.apiVersion === version);
  if (stages?.length) return stages.reduce((a, t) => a + t.durationMs, 0);
  return runVersions(run).length === 1 ? run.durationMs : undefined;
}

/** A version the server does not offer (--api-version all): one skipped case that says so, so CI shows it. */
function notOfferedSuite(run: RunResult, v: VersionVerdict): string {
  return [
    `  <testsuite name="evconf ${xmlAttr(v.apiVersion)}" tests="1" failures="0" errors="0" skipped="1" timestamp="${xmlAttr(run.startedAt)}">`,
    `    <properties>\n      <property name="verdict" value="not-offered"/>\n    </properties>`,
    `    <testcase classname="versions" name="API ${xmlAttr(v.apiVersion)} not offered"><skipped message="${xmlAttr(`not offered: ${v.notOffered ?? ''}`)}"/></testcase>`,
    '  </testsuite>',
  ].join('\n');
}

function suite(run: RunResult, version: string, verdict: VersionVerdict | undefined): string {
  const results = run.results.filter((r) => r.apiVersion === version);
  const names = caseNames(results);
  const props = [['baseUrl', run.target.baseUrl], ['runId', run.runId], ['seed', String(run.seed)],
    ...(verdict ? [['verdict', verdict.verdict], ['untested', String(untestedByReason(verdict).reduce((a, g) => a + g.rules.length, 0))]] : [])]
    .map(([k, v]) => `      <property name="${k}" value="${xmlAttr(v)}"/>`).join('\n');
  return [
    `  <testsuite name="evconf ${xmlAttr(version)}" ${counts(results, suiteMs(run, version))} timestamp="${xmlAttr(run.startedAt)}">`,
    `    <properties>\n${props}\n    </properties>`,
    ...results.map((r, i) => testcase(r, names[i])),
    ...(verdict ? [`    <system-out>${xmlText(verdictParagraph(verdict))}</system-out>`] : []),
    '  </testsuite>',
  ].join('\n');
}

/** The run as JUnit XML; every string is XML-escaped and stripped of characters XML 1.0 forbids. */
export function renderJunit(input: RunResult): string {
  const run = redactRun(input);
  const verdicts = versionVerdicts(run);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="evconf" ${counts(run.results, run.durationMs)}>`,
    ...runVersions(run).map((v) => suite(run, v, verdicts.find((x) => x.apiVersion === v))),
    ...verdicts.filter((v) => v.verdict === 'not-offered').map((v) => notOfferedSuite(run, v)),
    '</testsuites>',
    '',
  ].join('\n');
}
