import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseRunFlags } from '../cli/main.js';
import { buildRunConfig, CONFIG_KEYS } from './build.js';
import type { RunConfig } from './types.js';

const dir = mkdtempSync(join(tmpdir(), 'evconf-config-'));
let n = 0;

/** The config as `evconf run ARGS` builds it (commander's parsing included), with `file` as the --config file. */
function configOf(file: Record<string, unknown> | undefined, args: string[] = [], env: NodeJS.ProcessEnv = {}): RunConfig {
  const all = [...args];
  if (file) {
    const path = join(dir, `c${n++}.yaml`);
    writeFileSync(path, stringify(file));
    all.push('--config', path);
  }
  return buildRunConfig(parseRunFlags(all), env, ['run', ...all]);
}

type Get = (c: RunConfig) => unknown;

/**
 * Every key the config file takes: [kebab key, file value, what the file gives, flag args, what the flag gives, read].
 * The file value always differs from the default, and the flag value from both.
 */
const KEYS: [string, unknown, unknown, string[], unknown, Get][] = [
  ['base-url', 'http://file.example:1', 'http://file.example:1', ['--base-url', 'http://flag.example:2'], 'http://flag.example:2', (c) => c.baseUrl],
  ['api-version', 'all', 12, ['--api-version', '1.2.0'], 1, (c) => c.apiVersions.length],
  ['auth', 'fileuser:fp', 'fileuser', ['--auth', 'flaguser:gp'], 'flaguser', (c) => c.auth?.user],
  ['user-auth', 'fileu:fp', 'fileu', ['--user-auth', 'flagu:gp'], 'flagu', (c) => c.userAuth?.user],
  ['user-roles', 'ROLE_FILE', ['ROLE_FILE'], ['--user-roles', 'ROLE_FLAG,ROLE_B'], ['ROLE_FLAG', 'ROLE_B'], (c) => c.userRoles],
  ['header', ['X-File: 1'], { 'X-File': '1' }, ['--header', 'X-File: 2'], { 'X-File': '2' }, (c) => c.headers],
  ['version-header', 'X-Api-Version: {version}', 'X-Api-Version: {version}', ['--version-header', ''], '', (c) => c.versionHeader],
  ['json', 'file.json', 'file.json', ['--json', 'flag.json'], 'flag.json', (c) => c.json],
  ['junit', 'file.xml', 'file.xml', ['--junit', 'flag.xml'], 'flag.xml', (c) => c.junit],
  ['html', 'file.html', 'file.html', ['--html', 'flag.html'], 'flag.html', (c) => c.html],
  ['report-dir', 'out-file', 'out-file', ['--report-dir', 'out-flag'], 'out-flag', (c) => c.reportDir],
  ['seed', 11, 11, ['--seed', '12'], 12, (c) => c.seed],
  ['runs', 3, 3, ['--runs', '4'], 4, (c) => c.runs],
  ['only', 'events.list.*', ['events.list.*'], ['--only', 'acl.*'], ['acl.*'], (c) => c.only],
  ['allow-untested', ['acl.*', 'load.*'], ['acl.*', 'load.*'], ['--allow-untested', 'events.*'], ['events.*'], (c) => c.allowUntested],
  ['timeout', 1234, 1234, ['--timeout', '2345'], 2345, (c) => c.timeoutMs],
  ['settle-ms', 50, 50, ['--settle-ms', '60'], 60, (c) => c.settleMs],
  ['processing-timeout', 5000, 5000, ['--processing-timeout', '6000'], 6000, (c) => c.processingTimeoutMs],
  ['workflow', 'wf-file', 'wf-file', ['--workflow', 'wf-flag'], 'wf-flag', (c) => c.workflow],
  ['agent-prefix', 'file-', 'file-', ['--agent-prefix', 'flag-'], 'flag-', (c) => c.agentPrefix],
  ['concurrency', 2, 2, ['--concurrency', '3'], 3, (c) => c.concurrency],
  // A ceiling only from a file (or profile): a --concurrency flag is exact, with no ceiling.
  ['concurrency-ceiling', 6, 6, ['--concurrency', '3'], undefined, (c) => c.concurrencyCeiling],
  ['version-concurrency', 2, 2, ['--version-concurrency', '1'], 1, (c) => c.versionConcurrency],
  ['max-duration', 60000, 60000, ['--max-duration', '70000'], 70000, (c) => c.maxDurationMs],
  ['phase-budget', 20000, 20000, ['--phase-budget', '30000'], 30000, (c) => c.phaseBudgetMs],
  ['load', false, false, ['--load'], true, (c) => c.load],
  ['load-events', 10, 10, ['--load-events', '20'], 20, (c) => c.loadEvents],
  ['load-duration', 2, 2, ['--load-duration', '3'], 3, (c) => c.loadDurationS],
  ['mutant', 'list-status-201', 'list-status-201', ['--mutant', 'acl-put-merges'], 'acl-put-merges', (c) => c.mutant],
  ['suites', '/file/suites', '/file/suites', ['--suites', '/flag/suites'], '/flag/suites', (c) => c.suitesDir],
  ['phases', 'scenarios', ['scenarios'], ['--phases', 'stateful,properties'], ['properties', 'stateful'], (c) => c.phases],
  ['quiet', true, 'quiet', ['--verbose'], 'verbose', (c) => c.output],
  ['verbose', true, 'verbose', ['--quiet'], 'quiet', (c) => c.output],
  ['format', 'json', ['json'], ['--format', 'junit'], ['junit'], (c) => c.formats],
  ['load-profiles', 'file-profiles.yaml', 'file-profiles.yaml', ['--load-profiles', 'flag-profiles.yaml'], 'flag-profiles.yaml', (c) => c.loadProfiles],
  ['budget', 'p99=100', 100, ['--budget', 'p99=200'], 200, (c) => c.loadBudget?.p99Ms],
  ['agent-id', 'agent-file', 'agent-file', ['--agent-id', 'agent-flag'], 'agent-flag', (c) => c.agentId],
  ['series-id', 'series-file', 'series-file', ['--series-id', 'series-flag'], 'series-flag', (c) => c.seriesId],
  // No flag: a map is given in the file only, so the flag arguments leave it as the file says.
  ['field-ids', { isPartOf: 'series' }, { isPartOf: 'series' }, [], { isPartOf: 'series' }, (c) => c.fieldIds],
  // Expectations files add up: the file's, then each --expectations.
  ['expectations', ['file.yaml'], ['file.yaml'], ['--expectations', 'flag.yaml'], ['file.yaml', 'flag.yaml'], (c) => c.expectations],
  ['strict-expectations', true, true, ['--strict-expectations'], true, (c) => c.strictExpectations],
  ['profile', 'opencast', 'opencast', ['--profile', 'opencast'], 'opencast', (c) => c.profile],
  ['baseline', 'file-baseline.json', 'file-baseline.json', ['--baseline', 'flag-baseline.json'], 'flag-baseline.json', (c) => c.baseline],
  ['baseline-tolerance', 5, 5, ['--baseline-tolerance', '30'], 30, (c) => c.baselineTolerancePct],
];

describe('config: a --config value wins over the default, a flag wins over the --config value', () => {
  it.each(KEYS)('%s', (key, fileValue, fromFile, flagArgs, fromFlag, get) => {
    const defaults = get(configOf(undefined));
    // `load: false` is the default itself; every other file value differs from the default.
    if (key !== 'load') expect(get(configOf({ [key]: fileValue })), 'the file value differs from the default').not.toEqual(defaults);
    expect(get(configOf({ [key]: fileValue }))).toEqual(fromFile);
    expect(get(configOf({ [key]: fileValue }, flagArgs))).toEqual(fromFlag);
  });

  it('the table covers every key the config file accepts', () => {
    const covered = KEYS.map(([k]) => k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())).sort();
    expect(covered).toEqual([...CONFIG_KEYS].sort());
    expect(() => configOf({ retries: 3 })).toThrow(/unknown key "retries"/);
  });

  it('camelCase keys read as the kebab-case ones', () => {
    expect(configOf({ apiVersion: 'all', reportDir: 'x' })).toMatchObject({ reportDir: 'x' });
    expect(configOf({ apiVersion: 'all' }).apiVersions).toHaveLength(12);
  });

  it('YAML lists are taken where the flag takes a comma list', () => {
    const c = configOf({ 'api-version': ['1.5.0', '1.6.0'], only: ['acl.*', 'events.get.*'], header: ['A: 1', 'B: 2'] });
    expect(c.apiVersions).toEqual(['1.5.0', '1.6.0']);
    expect(c.only).toEqual(['acl.*', 'events.get.*']);
    expect(c.headers).toEqual({ A: '1', B: '2' });
  });

  it('credentials: flag, then environment, then file', () => {
    expect(configOf({ auth: 'file:1' }, [], { EVCONF_AUTH: 'env:2' }).auth?.user).toBe('env');
    expect(configOf({ auth: 'file:1' }, ['--auth', 'flag:3'], { EVCONF_AUTH: 'env:2' }).auth?.user).toBe('flag');
  });

  it('--quiet with --verbose is a usage error', () => {
    expect(() => configOf(undefined, ['--quiet', '--verbose'])).toThrow(/exclude each other/);
  });
});

describe('config: --profile', () => {
  it('opencast: its settings and expectations file, below --config and the flags', () => {
    const c = configOf(undefined, ['--profile', 'opencast']);
    expect(c.profile).toBe('opencast');
    expect(c.settleMs).toBeGreaterThan(10_000);
    expect(c.expectations).toHaveLength(1);
    expect(c.expectations[0]).toMatch(/expectations[\\/]opencast\.yaml$/);
    expect(configOf({ 'settle-ms': 500 }, ['--profile', 'opencast']).settleMs).toBe(500);
    expect(configOf(undefined, ['--profile', 'opencast', '--settle-ms', '700']).settleMs).toBe(700);
    expect(configOf({ expectations: ['mine.yaml'] }, ['--profile', 'opencast', '--expectations', 'x.yaml']).expectations.slice(1)).toEqual(['mine.yaml', 'x.yaml']);
  });

  it('an unknown profile is a usage error that names the known ones', () => {
    expect(() => configOf(undefined, ['--profile', 'dspace'])).toThrow(/unknown profile "dspace"; evconf ships opencast/);
  });
});
