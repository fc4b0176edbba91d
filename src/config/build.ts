import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { randomInt } from 'node:crypto';
import { parse } from 'yaml';
import { parseApiVersionFlag } from '../spec/versions.js';
import { DEFAULT_API_VERSION } from '../model/version.js';
import { PROJECT_ROOT, SUITES_DIR } from '../spec/paths.js';
import { UsageError } from './errors.js';
import { parseFormats } from './formats.js';
import { parseBaseUrl, parseCredentials, parseHeader, parseIntFlag } from './parse.js';
import { DEFAULT_BASELINE_TOLERANCE_PCT, DEFAULT_CONCURRENCY, DEFAULT_VERSION_CONCURRENCY, type RunConfig } from './types.js';
import { parseBudgetFlag } from '../load/budget-flag.js';
import { REDACTED } from '../model/exchange.js';

/** The flags of `evconf run` as commander hands them over (camelCase keys). */
export type RunFlags = Record<string, unknown>;

/** The keys a --config file takes (camelCase; kebab-case is read as camelCase). */
export const CONFIG_KEYS: ReadonlySet<string> = new Set([
  'baseUrl', 'apiVersion', 'auth', 'userAuth', 'userRoles', 'header', 'versionHeader', 'json', 'junit', 'html',
  'reportDir', 'seed', 'runs', 'only', 'timeout', 'settleMs', 'processingTimeout', 'workflow', 'agentPrefix',
  'concurrency', 'maxDuration', 'phaseBudget', 'load', 'loadEvents', 'loadDuration', 'mutant', 'suites', 'phases',
  'format', 'allowUntested', 'loadProfiles', 'budget', 'agentId', 'seriesId', 'fieldIds', 'quiet', 'verbose',
  'expectations', 'strictExpectations', 'profile', 'versionConcurrency', 'baseline', 'baselineTolerance', 'concurrencyCeiling',
]);

/** Profiles that ship with evconf (`--profile NAME`): profiles/NAME.yaml, a config file of the same keys. */
export const PROFILES = ['opencast'] as const;
export type ProfileName = (typeof PROFILES)[number];

/** The shipped profile file of `name`; an unknown name is a usage error. */
export function profileFile(name: string): string {
  if (!(PROFILES as readonly string[]).includes(name)) throw new UsageError(`--profile: unknown profile "${name}"; evconf ships ${PROFILES.join(', ')}`);
  return resolve(PROJECT_ROOT, 'profiles', `${name}.yaml`);
}

/**
 * The profile's settings as a config file's (they lose to --config, the environment and the flags), its
 * expectations paths made absolute (they are relative to the profile file).
 */
function readProfile(name: string): RunFlags {
  const file = profileFile(name);
  const data = readConfigFile(file);
  if (data.profile !== undefined) throw new UsageError(`profile ${name}: a profile cannot name another profile`);
  return { ...data, ...(data.expectations !== undefined ? { expectations: headerList(data.expectations).map((f) => resolve(dirname(file), f)) } : {}) };
}

/** A YAML list in the config file reads as the comma list the flag takes (api-version, only, phases, user-roles). */
function commaList(value: unknown): unknown {
  return Array.isArray(value) ? value.map(String).join(',') : value;
}

/** The --header values of the config file: one string or a list. */
function headerList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

/** A comma list (a flag) or a YAML list (a config file) of patterns. */
function patternList(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(String) : String(value).split(',');
  return items.map((s) => s.trim()).filter(Boolean);
}

/** Reads --config FILE (YAML, keys as the long flags in camelCase or kebab-case). */
export function readConfigFile(file: string, extraKeys: readonly string[] = []): RunFlags {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read --config ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let data: unknown;
  try {
    data = parse(text);
  } catch (e) {
    throw new UsageError(`--config ${file}: ${(e as Error).message.split('\n')[0]}`);
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new UsageError(`--config ${file}: expected a mapping of flag names to values`);
  const out: RunFlags = {};
  for (const [k, v] of Object.entries(data)) {
    const key = k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (!CONFIG_KEYS.has(key) && !extraKeys.includes(key)) throw new UsageError(`--config ${file}: unknown key "${k}"`);
    out[key] = v;
  }
  return out;
}

const SECRET_FLAGS = new Set(['--auth', '--user-auth']);

/** The command line with credential values replaced (for reports). */
export function redactArgv(argv: string[]): string {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const eq = a.indexOf('=');
    const flag = eq > 0 ? a.slice(0, eq) : a;
    if (SECRET_FLAGS.has(flag)) {
      out.push(eq > 0 ? `${flag}=${REDACTED}` : a, ...(eq > 0 ? [] : [REDACTED]));
      if (eq < 0) i++;
    } else if (flag === '--header' && eq < 0 && argv[i + 1]) {
      out.push(a, `${argv[i + 1].split(':')[0]}: ${REDACTED}`);
      i++;
    } else out.push(a);
  }
  return ['evconf', ...out].map((s) => (/[\s"'$]/.test(s) ? JSON.stringify(s) : s)).join(' ');
}

/** Config key `fieldIds`: a mapping evconf field name → the server's field id (strings, no empty ones). */
function parseFieldIds(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new UsageError('fieldIds (config file) must be a mapping of evconf field names to the server\'s field ids, e.g. {isPartOf: series}');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`fieldIds.${k} (config file) must be a non-empty string (the server's field id)`);
    out[k] = v.trim();
  }
  return out;
}

/** An identifier flag (--agent-id, --series-id): a non-empty string without surrounding spaces. */
function parseId(value: unknown, flag: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  const s = String(value).trim();
  if (s === '') throw new UsageError(`${flag} needs an identifier (got an empty value)`);
  return s;
}

const PHASE_NAMES = ['scenarios', 'properties', 'stateful'] as const;

/** "scenarios,properties" → the phases, in their fixed order. */
function parsePhases(value: unknown): RunConfig['phases'] {
  if (value === undefined) return [...PHASE_NAMES];
  const list = String(value).split(',').map((s) => s.trim()).filter(Boolean);
  for (const p of list) {
    if (!(PHASE_NAMES as readonly string[]).includes(p)) throw new UsageError(`--phases: unknown phase "${p}"; use any of ${PHASE_NAMES.join(', ')}`);
  }
  if (list.length === 0) throw new UsageError(`--phases needs at least one of ${PHASE_NAMES.join(', ')}`);
  return PHASE_NAMES.filter((p) => list.includes(p));
}

/** --quiet / --verbose from one source (the flags, or the file); both at once is a usage error. */
function outputLevel(src: RunFlags): RunConfig['output'] | undefined {
  if (src.quiet && src.verbose) throw new UsageError('--quiet and --verbose exclude each other; give one');
  return src.quiet ? 'quiet' : src.verbose ? 'verbose' : undefined;
}

/** Flags + config file + environment → a frozen RunConfig (flags win, then environment, then the file). */
export function buildRunConfig(flags: RunFlags, env: NodeJS.ProcessEnv, argv: string[]): RunConfig {
  const own = typeof flags.config === 'string' ? readConfigFile(flags.config) : {};
  const profileName = flags.profile ?? own.profile;
  const profile = profileName !== undefined ? readProfile(String(profileName)) : {};
  // --profile is a config file below --config: its values lose to the user's file, the environment and the flags.
  const file: RunFlags = { ...profile, ...own };
  // Expectations files add up: the profile's, then the config file's, then each --expectations.
  const expectations = [...headerList(profile.expectations), ...headerList(own.expectations), ...((flags.expectations as string[] | undefined) ?? [])];
  // A flag given on the command line wins over the file; the file wins over the defaults below.
  const pick = (k: string) => (flags[k] !== undefined ? flags[k] : commaList(file[k]));
  const versionFlag = pick('apiVersion');
  const versions = parseApiVersionFlag(String(versionFlag ?? DEFAULT_API_VERSION));
  if (!Array.isArray(versions)) throw new UsageError(`--api-version: ${versions.error}`);
  const apiVersionChoice = versionFlag === undefined ? 'default' as const : String(versionFlag) === 'all' ? 'all' as const : undefined;
  const authRaw = (flags.auth as string | undefined) ?? env.EVCONF_AUTH ?? (file.auth as string | undefined);
  const userRaw = (flags.userAuth as string | undefined) ?? env.EVCONF_USER_AUTH ?? (file.userAuth as string | undefined);
  const userAuth = userRaw ? parseCredentials(userRaw, '--user-auth') : undefined;
  const headers: Record<string, string> = {};
  for (const h of [...headerList(file.header), ...((flags.header as string[] | undefined) ?? [])]) {
    const [n, v] = parseHeader(String(h));
    headers[n] = v;
  }
  const rolesRaw = pick('userRoles') as string | undefined;
  const only = pick('only');
  const allowUntested = pick('allowUntested');
  const baseUrl = pick('baseUrl');
  const agentId = parseId(pick('agentId'), '--agent-id');
  const seriesId = parseId(pick('seriesId'), '--series-id');
  const config: RunConfig = {
    ...(apiVersionChoice ? { apiVersionChoice } : {}),
    ...(baseUrl !== undefined ? { baseUrl: parseBaseUrl(String(baseUrl)) } : {}),
    apiVersions: versions,
    ...(authRaw ? { auth: parseCredentials(authRaw, '--auth') } : {}),
    ...(userAuth ? { userAuth } : {}),
    userRoles: rolesRaw ? String(rolesRaw).split(',').map((r) => r.trim()).filter(Boolean) : userAuth ? [`ROLE_USER_${userAuth.user.toUpperCase()}`] : [],
    headers,
    versionHeader: String(pick('versionHeader') ?? 'Accept: application/v{version}+json'),
    ...(pick('json') ? { json: String(pick('json')) } : {}),
    ...(pick('junit') ? { junit: String(pick('junit')) } : {}),
    ...(pick('html') ? { html: String(pick('html')) } : {}),
    reportDir: String(pick('reportDir') ?? 'reports'),
    formats: parseFormats(pick('format'), env),
    seed: pick('seed') !== undefined ? parseIntFlag(pick('seed'), '--seed', 0, 2 ** 31 - 1) : randomInt(2 ** 31 - 1),
    runs: parseIntFlag(pick('runs') ?? 20, '--runs', 1, 10_000),
    ...(only ? { only: patternList(only) } : {}),
    ...(allowUntested ? { allowUntested: patternList(allowUntested) } : {}),
    timeoutMs: parseIntFlag(pick('timeout') ?? 10_000, '--timeout', 100, 600_000),
    settleMs: parseIntFlag(pick('settleMs') ?? 10_000, '--settle-ms', 0, 600_000),
    processingTimeoutMs: parseIntFlag(pick('processingTimeout') ?? 120_000, '--processing-timeout', 0, 3_600_000),
    workflow: String(pick('workflow') ?? 'schedule-and-upload'),
    agentPrefix: String(pick('agentPrefix') ?? 'evconf-agent-'),
    ...(agentId ? { agentId } : {}),
    ...(seriesId ? { seriesId } : {}),
    fieldIds: parseFieldIds(file.fieldIds),
    concurrency: parseIntFlag(pick('concurrency') ?? DEFAULT_CONCURRENCY, '--concurrency', 1, 32),
    // A --concurrency flag is exact; a config file (or profile) may name a ceiling for while the server answers fast.
    ...(flags.concurrency === undefined && file.concurrencyCeiling !== undefined
      ? { concurrencyCeiling: parseIntFlag(file.concurrencyCeiling, 'concurrency-ceiling', 1, 64) }
      : pick('concurrency') === undefined ? { concurrencyCeiling: 2 * DEFAULT_CONCURRENCY } : {}),
    versionConcurrency: parseIntFlag(pick('versionConcurrency') ?? DEFAULT_VERSION_CONCURRENCY, '--version-concurrency', 1, DEFAULT_VERSION_CONCURRENCY),
    maxDurationMs: parseIntFlag(pick('maxDuration') ?? 1_800_000, '--max-duration', 1_000, 86_400_000),
    phaseBudgetMs: parseIntFlag(pick('phaseBudget') ?? 600_000, '--phase-budget', 1_000, 86_400_000),
    load: Boolean(pick('load')),
    phases: parsePhases(pick('phases')),
    loadEvents: parseIntFlag(pick('loadEvents') ?? 1000, '--load-events', 1, 20_000),
    ...(pick('loadDuration') !== undefined ? { loadDurationS: parseIntFlag(pick('loadDuration'), '--load-duration', 1, 60) } : {}),
    ...(pick('loadProfiles') !== undefined ? { loadProfiles: String(pick('loadProfiles')) } : {}),
    ...(pick('budget') !== undefined ? { loadBudget: parseBudgetFlag(String(pick('budget'))) } : {}),
    color: flags.color !== false && !env.NO_COLOR,
    output: outputLevel(flags) ?? outputLevel(file) ?? 'normal',
    ...(pick('mutant') ? { mutant: String(pick('mutant')) } : {}),
    suitesDir: String(pick('suites') ?? SUITES_DIR),
    expectations,
    strictExpectations: Boolean(pick('strictExpectations')),
    ...(profileName !== undefined ? { profile: String(profileName) as ProfileName } : {}),
    command: redactArgv(argv),
    ...(pick('baseline') !== undefined ? { baseline: String(pick('baseline')) } : {}),
    baselineTolerancePct: parseIntFlag(pick('baselineTolerance') ?? DEFAULT_BASELINE_TOLERANCE_PCT, '--baseline-tolerance', 0, 1000),
  };
  if (config.mutant && config.baseUrl) throw new UsageError('--mutant applies to the embedded reference server only; drop --base-url or --mutant');
  return Object.freeze(config);
}
