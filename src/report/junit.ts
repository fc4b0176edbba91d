/** JUnit XML (design §9): one <testsuite> per API version, one <testcase> per CheckResult. */
import type { CheckResult, RunResult } from '../model/index.js';
import { evidenceText } from './evidence.js';
import { redactRun } from './redact.js';
import { countOutcomes, endpointFamily, runVersions, scenarioOf, versionVerdicts, type VersionVerdict } from './tally.js';
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

function caseBody(r: CheckResult): string {
  const text = () => xmlText(evidenceText(r, { maxBody: MAX_BODY }));
  const msg = xmlAttr(oneLine(r.message));
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

function counts(results: readonly CheckResult[], ms: number): string {
  const c = countOutcomes(results);
  return `tests="${c.total}" failures="${c.failed}" errors="${c.errored}" skipped="${c.skipped}" time="${seconds(ms)}"`;
}

/** Why a version is not conformant although nothing failed: one line per untested rule (and the stop reason). */
function incompleteText(v: VersionVerdict): string {
  const lines = [`evconf verdict for API ${v.apiVersion}: ${v.verdict}`];
  if (v.stopped) lines.push(`stopped: ${v.stopped}`);
  for (const u of v.untested) lines.push(`untested${u.allowed ? ' (accepted)' : ''}: ${u.rule}: ${u.reason}`);
  return lines.join('\n');
}

function suite(run: RunResult, version: string, verdict: VersionVerdict | undefined): string {
  const results = run.results.filter((r) => r.apiVersion === version);
  const ms = results.reduce((a, r) => a + (r.durationMs ?? 0), 0);
  const names = caseNames(results);
  const props = [['baseUrl', run.target.baseUrl], ['runId', run.runId], ['seed', String(run.seed)],
    ...(verdict ? [['verdict', verdict.verdict], ['untested', String(verdict.untested.filter((u) => !u.allowed).length)]] : [])]
    .map(([k, v]) => `      <property name="${k}" value="${xmlAttr(v)}"/>`).join('\n');
  const out = verdict && (verdict.untested.length > 0 || verdict.stopped) ? [`    <system-out>${xmlText(incompleteText(verdict))}</system-out>`] : [];
  return [
    `  <testsuite name="evconf ${xmlAttr(version)}" ${counts(results, ms)} timestamp="${xmlAttr(run.startedAt)}">`,
    `    <properties>\n${props}\n    </properties>`,
    ...results.map((r, i) => testcase(r, names[i])),
    ...out,
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
    '</testsuites>',
    '',
  ].join('\n');
}
