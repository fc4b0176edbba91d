import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { ApiVersion, Expectation, GivenEvent, Scenario, ScenarioFile, Step } from '../model/index.js';
import type { RuleBook } from '../spec/rules.js';
import { parseVersionRange } from '../spec/versions.js';
import { PROJECT_ROOT } from '../spec/paths.js';
import { CHECKS } from '../checks/registry.js';
import { ACTIONS } from './actions/index.js';
import { leadingWait } from './scenario-steps.js';
import { observableTopics } from '../spec/not-shown.js';

import { InputFileError } from '../yaml/errors.js';
import { parseYamlSource, pointerToPath, type YamlSource } from '../yaml/source.js';
import { cachedSuites, suitesKey, type SuiteText } from './cache.js';

/**
 * The validators a scenario file is checked with, compiled on first use: a run whose scenario files all come from the
 * cache (scenarios/cache.ts) never needs them, and compiling them is a noticeable part of a start.
 */
let validators: { file: ValidateFunction; params: Map<string, ValidateFunction>; topics: Set<string> } | undefined;
function compiled(): NonNullable<typeof validators> {
  if (validators) return validators;
  const fileSchema = JSON.parse(readFileSync(new URL('./scenario.schema.json', import.meta.url), 'utf8')) as object;
  const ajv = new Ajv({ allErrors: false, strict: false });
  return (validators = {
    file: ajv.compile(fileSchema),
    params: new Map([...CHECKS.values()].map((c) => [c.name, ajv.compile(c.params)])),
    topics: observableTopics(),
  });
}

type Raw = Record<string, unknown>;

function ajvMessage(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') return `unknown key "${String(e.params.additionalProperty)}"`;
  const stepLevel = /\/steps\/\d+$/.test(e.instancePath);
  if (stepLevel && (e.keyword === 'oneOf' || (e.keyword === 'required' && ['request', 'action'].includes(String(e.params.missingProperty))))) {
    return 'a step needs exactly one of "request" or "action"';
  }
  if (e.keyword === 'required') return `missing "${String(e.params.missingProperty)}"`;
  if (e.keyword === 'enum') return `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return e.message ?? e.keyword;
}

function fail(src: YamlSource, path: (string | number)[], msg: string): never {
  const p = src.pos(path);
  throw new InputFileError(src.file, p.line, p.col, msg);
}

function toGiven(raw: Raw): GivenEvent {
  const { scheduling, media, acl, ...fields } = raw;
  return {
    fields: fields as Record<string, string | string[]>,
    ...(scheduling ? { scheduling: scheduling as Record<string, unknown> } : {}),
    ...(media ? { media: true } : {}),
    ...(acl ? { acl: acl as GivenEvent['acl'] } : {}),
  };
}

function toStep(src: YamlSource, raw: Raw, path: (string | number)[], rules: string[]): Step {
  const expects = ((raw.expect as Raw[] | undefined) ?? []).map((e, k): Expectation => {
    const ep = [...path, 'expect', k];
    const { rule, check, unchanged, ...params } = e as Raw & { rule: string; check: string; unchanged?: boolean };
    if (!rules.includes(rule)) fail(src, [...ep, 'rule'], `rule "${rule}" is not listed in the scenario's rules`);
    const def = CHECKS.get(check);
    if (!def) fail(src, [...ep, 'check'], `unknown check "${check}" (known: ${[...CHECKS.keys()].join(', ')})`);
    const validate = compiled().params.get(check)!;
    if (!validate(params)) {
      const err = validate.errors![0];
      fail(src, [...ep, ...pointerToPath(err.instancePath)], `check "${check}": ${ajvMessage(err)}`);
    }
    const pos = src.pos(ep);
    return { rule, check, params, ...(unchanged ? { unchanged: true } : {}), pos: { file: src.file, ...pos } };
  });
  let until: Step['until'];
  if (raw.until) {
    const up = [...path, 'until'];
    const { check, ...params } = raw.until as Raw & { check: string };
    if (!CHECKS.get(check)) fail(src, [...up, 'check'], `unknown check "${check}" (known: ${[...CHECKS.keys()].join(', ')})`);
    const validate = compiled().params.get(check)!;
    if (!validate(params)) {
      const err = validate.errors![0];
      fail(src, [...up, ...pointerToPath(err.instancePath)], `check "${check}": ${ajvMessage(err)}`);
    }
    if (!raw.save) fail(src, up, 'a step with until: must save its value (save: NAME): the steps built on it are what the precondition guards');
    until = { check, params, pos: { file: src.file, ...src.pos(up) } };
  }
  if (typeof raw.action === 'string' && !ACTIONS.has(raw.action)) {
    fail(src, [...path, 'action'], `unknown action "${raw.action}" (known: ${[...ACTIONS.keys()].join(', ')})`);
  }
  ((raw.observe as string[] | undefined) ?? []).forEach((t, k) => {
    const topics = compiled().topics;
    if (!topics.has(t)) fail(src, [...path, 'observe', k], `unknown observation topic "${t}" (known: ${[...topics].join(', ')})`);
  });
  let versions: ApiVersion[] | undefined;
  if (typeof raw.versions === 'string') {
    const range = parseVersionRange(raw.versions);
    if (!Array.isArray(range)) fail(src, [...path, 'versions'], range.error);
    versions = range as ApiVersion[];
  }
  return {
    ...(raw.id ? { id: String(raw.id) } : {}),
    ...(versions ? { versions } : {}),
    ...(raw.request ? { request: raw.request as Step['request'] } : {}),
    ...(raw.action ? { action: { name: String(raw.action), params: (raw.with as Raw | undefined) ?? {} } } : {}),
    ...(raw.settle ? { settle: true } : {}),
    ...(raw.save ? { save: String(raw.save) } : {}),
    ...(until ? { until } : {}),
    ...(raw.observe ? { observe: raw.observe as string[] } : {}),
    ...(raw.shared ? { shared: true } : {}),
    expect: expects,
    pos: { file: src.file, ...src.pos(path) },
  };
}

/** Loads and validates one scenario file; every problem is an InputFileError at file:line:col. */
export function loadScenarioFile(file: string, book: RuleBook, displayName = relative(PROJECT_ROOT, file)): ScenarioFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputFileError(displayName, 1, 1, `cannot read: ${(e as Error).message}`);
  }
  const src = parseYamlSource(displayName, text);
  const validateFile = compiled().file;
  if (!validateFile(src.data)) {
    const err = validateFile.errors![0];
    fail(src, pointerToPath(err.instancePath), ajvMessage(err));
  }
  const data = src.data as { family: string; endpoint: string; scenarios: Raw[] };
  const seen = new Set<string>();
  const scenarios = data.scenarios.map((s, i): Scenario => {
    const path = ['scenarios', i];
    const id = String(s.id);
    if (seen.has(id)) fail(src, [...path, 'id'], `duplicate scenario id "${id}"`);
    seen.add(id);
    const rules = s.rules as string[];
    let versions = new Set<ApiVersion>();
    rules.forEach((r, k) => {
      const rule = book.get(r);
      if (!rule) fail(src, [...path, 'rules', k], `unknown rule "${r}" (not in specs/rules.yaml)`);
      for (const v of parseVersionRange(`>=${rule.since}${rule.until ? ` <=${rule.until}` : ''}`) as ApiVersion[]) versions.add(v);
    });
    if (typeof s.versions === 'string') {
      const range = parseVersionRange(s.versions);
      if (!Array.isArray(range)) fail(src, [...path, 'versions'], range.error);
      versions = new Set(range.filter((v) => versions.has(v)));
    }
    const steps = (s.steps as Raw[]).map((st, k) => toStep(src, st, [...path, 'steps', k], rules));
    // `shared:` marks the setup at the head and the tail of an exclusive scenario, which run beside the rest of the
    // run (src/model/scenario.ts).
    const leading = (k: number) => steps.slice(0, k).every((x) => x.shared || leadingWait(x));
    steps.forEach((st, k) => {
      if (!st.shared) {
        if (k > 0 && steps[k - 1].shared && !leading(k)) fail(src, [...path, 'steps', k], 'a step after a `shared: true` step must be shared too: only the first steps (with the leading await-processing steps) and the last steps of a scenario may run beside the rest of the run');
        return;
      }
      if (s.exclusive !== true) fail(src, [...path, 'steps', k, 'shared'], '`shared: true` is for the first or last steps of an `exclusive: true` scenario (every other step already runs beside the rest of the run)');
    });
    return {
      id,
      title: String(s.title),
      family: data.family,
      endpoint: String(s.endpoint ?? data.endpoint),
      rules,
      versions: [...versions],
      ...(s.needs ? { needs: s.needs as Scenario['needs'] } : {}),
      ...(s.exclusive === 'shared-agent' ? { exclusive: 'shared-agent' as const } : s.exclusive ? { exclusive: true } : {}),
      given: ((s.given as Raw[] | undefined) ?? []).map(toGiven),
      steps,
      pos: { file: src.file, ...src.pos(path) },
    };
  });
  return { file: displayName, family: data.family, endpoint: data.endpoint, scenarios };
}

/** Every *.yaml under a folder (sorted), except load profiles. */
export function findScenarioFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'load' && name !== 'stateful') out.push(...findScenarioFiles(full));
    } else if (name.endsWith('.yaml') || name.endsWith('.yml')) out.push(full);
  }
  return out;
}

/**
 * Loads every scenario file of a suites folder; scenario ids must be unique across files. What loaded is kept for
 * the next run while nothing that made it changes (src/scenarios/cache.ts).
 */
export function loadSuites(dir: string, book: RuleBook): ScenarioFile[] {
  const paths = findScenarioFiles(dir);
  let texts: SuiteText[] | undefined;
  try {
    texts = paths.map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  } catch {
    texts = undefined; // loadScenarioFile says which file cannot be read
  }
  const load = () => uniqueIds(paths.map((f) => loadScenarioFile(f, book)));
  return texts ? cachedSuites(suitesKey(texts, JSON.stringify(book.rules)), load) : load();
}

function uniqueIds(files: ScenarioFile[]): ScenarioFile[] {
  const owner = new Map<string, string>();
  for (const f of files) {
    for (const s of f.scenarios) {
      const prev = owner.get(s.id);
      if (prev) throw new InputFileError(f.file, s.pos.line, s.pos.col, `scenario id "${s.id}" is already used in ${prev}`);
      owner.set(s.id, f.file);
    }
  }
  return files;
}
