import { readFileSync } from 'node:fs';
import { join, relative, isAbsolute } from 'node:path';
import { UsageError } from '../config/errors.js';
import { isApiVersion, API_VERSIONS, type ApiVersion, type LoadBudget } from '../model/index.js';
import { InputFileError } from '../yaml/errors.js';
import { parseYamlSource, type YamlSource } from '../yaml/source.js';
import { SUITES_DIR } from '../spec/paths.js';
import { placeholderProblems } from './placeholders.js';
import { LOAD_LIMITS, type LoadProfile, type QueryTemplate } from './profile.js';

/** suites/load/profiles.yaml: our own format, validated on load (house-style §9.9); errors name file:line:col. */
export const DEFAULT_PROFILES_FILE = join(SUITES_DIR, 'load', 'profiles.yaml');

type Path = (string | number)[];
type Obj = Record<string, unknown>;

const PROFILE_KEYS = ['name', 'description', 'since', 'apiVersion', 'connections', 'duration', 'pipelining', 'query', 'mix', 'budgets'];
const DEFAULT_KEYS = ['apiVersion', 'connections', 'duration', 'pipelining', 'budgets'];
const QUERY_KEYS = ['filter', 'sort', 'limit', 'offset', 'params'];
const BUDGET_KEYS = ['p99Ms', 'minRps', 'maxErrorRate'];

class Checker {
  constructor(private readonly src: YamlSource, private readonly shown: string) {}

  fail(path: Path, msg: string): never {
    const { line, col } = this.src.pos(path);
    throw new UsageError(`${this.shown}:${line}:${col}: ${msg}`);
  }

  where(path: Path): string {
    return `${this.shown}:${this.src.pos(path).line}`;
  }

  mapping(v: unknown, path: Path, what: string, keys: string[]): Obj {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) this.fail(path, `${what} must be a mapping`);
    for (const k of Object.keys(v)) if (!keys.includes(k)) this.fail([...path, k], `${what}: unknown key "${k}" (allowed: ${keys.join(', ')})`);
    return v as Obj;
  }

  num(o: Obj, key: string, path: Path, what: string, min: number, max: number, integer = true): number | undefined {
    const v = o[key];
    if (v === undefined) return undefined;
    const ok = typeof v === 'number' && Number.isFinite(v) && (!integer || Number.isInteger(v)) && v >= min && v <= max;
    if (!ok) this.fail([...path, key], `${what}${key} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max} (got ${JSON.stringify(v)})`);
    return v as number;
  }

  text(o: Obj, key: string, path: Path, what: string): string | undefined {
    const v = o[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || v.trim() === '') this.fail([...path, key], `${what}${key} must be a non-empty string`);
    for (const p of placeholderProblems(v)) this.fail([...path, key], `${what}${key}: ${p}`);
    return v;
  }

  version(o: Obj, key: string, path: Path, what: string): ApiVersion | undefined {
    const v = o[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || !isApiVersion(v)) this.fail([...path, key], `${what}${key} must be one of ${API_VERSIONS.join(', ')} (got ${JSON.stringify(v)})`);
    return v;
  }

  budgets(v: unknown, path: Path, what: string): LoadBudget {
    if (v === undefined) return {};
    const o = this.mapping(v, path, `${what}budgets`, BUDGET_KEYS);
    const b: LoadBudget = {};
    const p99 = this.num(o, 'p99Ms', path, `${what}budgets.`, 0.001, 600_000, false);
    const rps = this.num(o, 'minRps', path, `${what}budgets.`, 0, 10_000_000, false);
    const err = this.num(o, 'maxErrorRate', path, `${what}budgets.`, 0, 1, false);
    if (p99 !== undefined) b.p99Ms = p99;
    if (rps !== undefined) b.minRps = rps;
    if (err !== undefined) b.maxErrorRate = err;
    return b;
  }

  query(v: unknown, path: Path, what: string): QueryTemplate {
    const o = this.mapping(v, path, `${what}query`, QUERY_KEYS);
    const q: QueryTemplate = { params: {} };
    const filter = this.text(o, 'filter', path, what);
    const sort = this.text(o, 'sort', path, what);
    if (filter !== undefined) q.filter = filter;
    if (sort !== undefined) q.sort = sort;
    for (const key of ['limit', 'offset'] as const) {
      const raw = o[key];
      if (raw === undefined) continue;
      if (typeof raw === 'number') q[key] = String(this.num(o, key, path, what, key === 'limit' ? 1 : 0, 1_000_000));
      else {
        const t = this.text(o, key, path, what)!;
        if (!/^(\d+|\$\{[a-z]+(\.\d+)?\})$/.test(t)) this.fail([...path, key], `${what}${key} must be a whole number or one placeholder such as \${offset.90} (got ${JSON.stringify(t)})`);
        q[key] = t;
      }
    }
    if (o.params !== undefined) {
      const params = this.mapping(o.params, [...path, 'params'], `${what}params`, Object.keys(o.params as Obj));
      for (const k of Object.keys(params)) {
        if (['filter', 'sort', 'limit', 'offset'].includes(k)) this.fail([...path, 'params', k], `${what}params.${k}: write ${k} beside params, not in it`);
        const t = this.text(params, k, [...path, 'params'], `${what}params.`);
        if (t !== undefined) q.params[k] = t;
      }
    }
    return q;
  }
}

function buildProfile(c: Checker, raw: unknown, i: number, defaults: Obj, seen: Set<string>): LoadProfile {
  const path: Path = ['profiles', i];
  const o = c.mapping(raw, path, `profiles[${i}]`, PROFILE_KEYS);
  if (typeof o.name !== 'string' || !/^[a-z0-9][a-z0-9._-]*$/.test(o.name)) {
    c.fail([...path, 'name'], `profiles[${i}].name must be lower-case letters, digits, ".", "_" or "-" (got ${JSON.stringify(o.name)})`);
  }
  if (seen.has(o.name)) c.fail([...path, 'name'], `duplicate profile name "${o.name}"`);
  seen.add(o.name);
  const what = `profile "${o.name}": `;
  const pick = (k: string) => (o[k] !== undefined ? o : defaults);
  const pathOf = (k: string): Path => (o[k] !== undefined ? [...path] : ['defaults']);
  const whatOf = (k: string) => (o[k] !== undefined ? what : 'defaults: ');
  if ((o.query === undefined) === (o.mix === undefined)) c.fail(path, `${what}give exactly one of query (one request) or mix (a list of requests)`);
  let queries: QueryTemplate[];
  if (o.query !== undefined) queries = [c.query(o.query, [...path, 'query'], what)];
  else {
    if (!Array.isArray(o.mix) || o.mix.length === 0) c.fail([...path, 'mix'], `${what}mix must be a non-empty list of queries`);
    queries = o.mix.map((q: unknown, j: number) => c.query(q, [...path, 'mix', j], `${what}mix[${j}].`));
  }
  const budget = { ...c.budgets(defaults.budgets, ['defaults', 'budgets'], 'defaults.'), ...c.budgets(o.budgets, [...path, 'budgets'], what) };
  const p: LoadProfile = {
    name: o.name,
    connections: c.num(pick('connections'), 'connections', pathOf('connections'), whatOf('connections'), 1, LOAD_LIMITS.maxConnections) ?? 10,
    durationS: c.num(pick('duration'), 'duration', pathOf('duration'), whatOf('duration'), 1, LOAD_LIMITS.maxDurationS) ?? 5,
    pipelining: c.num(pick('pipelining'), 'pipelining', pathOf('pipelining'), whatOf('pipelining'), 1, LOAD_LIMITS.maxPipelining) ?? 1,
    queries,
    budget,
    source: c.where(path),
  };
  const description = o.description;
  if (description !== undefined) {
    if (typeof description !== 'string') c.fail([...path, 'description'], `${what}description must be a string`);
    p.description = description;
  }
  const since = c.version(o, 'since', path, what);
  const version = c.version(pick('apiVersion'), 'apiVersion', pathOf('apiVersion'), whatOf('apiVersion'));
  if (since) p.since = since;
  if (version) p.apiVersion = version;
  return p;
}

function shownPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/** Parses and validates profiles text; every problem is a UsageError `file:line:col: what is wrong`. */
export function parseProfiles(text: string, file: string): LoadProfile[] {
  const shown = shownPath(file);
  let src: YamlSource;
  try {
    src = parseYamlSource(shown, text);
  } catch (e) {
    if (e instanceof InputFileError) throw new UsageError(e.message);
    throw e;
  }
  const c: Checker = new Checker(src, shown);
  const top = c.mapping(src.data ?? {}, [], 'the profiles file', ['defaults', 'profiles']);
  const defaults = top.defaults === undefined ? {} : c.mapping(top.defaults, ['defaults'], 'defaults', DEFAULT_KEYS);
  const list = top.profiles;
  if (!Array.isArray(list) || list.length === 0) c.fail(['profiles'], 'profiles must be a non-empty list');
  const seen = new Set<string>();
  return list.map((raw: unknown, i: number) => buildProfile(c, raw, i, defaults, seen));
}

/** Reads a profiles file (default suites/load/profiles.yaml). */
export function loadProfiles(file = DEFAULT_PROFILES_FILE): LoadProfile[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read profiles file ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return parseProfiles(text, file);
}

/** Keeps the profiles named in `only` (comma list from --only); an unknown name is a UsageError. */
export function selectProfiles(profiles: LoadProfile[], only: string[] | undefined): LoadProfile[] {
  if (!only || only.length === 0) return profiles;
  const names = new Set(profiles.map((p) => p.name));
  for (const n of only) if (!names.has(n)) throw new UsageError(`--only: no load profile "${n}" (profiles: ${[...names].join(', ')})`);
  return profiles.filter((p) => only.includes(p.name));
}
