import { join } from 'node:path';
import { readSpecYaml } from './disk-cache.js';
import type { Rule, RuleKind, RuleLevel } from '../model/rule.js';
import { isApiVersion, type ApiVersion } from '../model/version.js';
import { SPECS_DIR } from './paths.js';
import { inRange } from './versions.js';

const LEVELS: RuleLevel[] = ['MUST', 'SHOULD'];
const KINDS: RuleKind[] = ['normative', 'not-shown', 'budget'];

/** The rule catalogue of specs/rules.yaml, validated on load. */
export interface RuleBook {
  rules: Rule[];
  get(id: string): Rule | undefined;
  appliesTo(rule: Rule, v: ApiVersion): boolean;
  /**
   * Whether a server-release rule (serverSince/serverUntil) applies on a server of server version `server` (its
   * highest listed version; 'unknown-newer' for one newer than every version evconf knows). Rules without a server
   * range apply on every server.
   */
  appliesToServer(rule: Rule, server: ApiVersion | 'unknown-newer'): boolean;
}

function fail(file: string, i: number, msg: string): never {
  throw new Error(`${file}: rule #${i + 1}: ${msg}`);
}

function str(o: Record<string, unknown>, key: string, file: string, i: number): string {
  const v = o[key];
  if (typeof v !== 'string' || v.trim() === '') fail(file, i, `"${key}" must be a non-empty string`);
  return v;
}

/** Reads and validates the rule catalogue (errors name the file and rule). */
export function loadRules(file = join(SPECS_DIR, 'rules.yaml')): RuleBook {
  const doc = readSpecYaml(file) as { rules?: unknown };
  if (!doc || !Array.isArray(doc.rules)) throw new Error(`${file}: expected a top-level "rules" list`);
  const byId = new Map<string, Rule>();
  doc.rules.forEach((raw: unknown, i: number) => {
    if (typeof raw !== 'object' || raw === null) fail(file, i, 'must be a mapping');
    const o = raw as Record<string, unknown>;
    const id = str(o, 'id', file, i);
    if (byId.has(id)) fail(file, i, `duplicate id "${id}"`);
    const level = o.level as RuleLevel;
    if (!LEVELS.includes(level)) fail(file, i, `level must be MUST or SHOULD (${id})`);
    const kind = (o.kind ?? 'normative') as RuleKind;
    if (!KINDS.includes(kind)) fail(file, i, `kind must be normative, not-shown or budget (${id})`);
    const since = String(o.since ?? '');
    const until = o.until === undefined ? undefined : String(o.until);
    if (!isApiVersion(since)) fail(file, i, `since "${since}" is not an API version (${id})`);
    if (until !== undefined && !isApiVersion(until)) fail(file, i, `until "${until}" is not an API version (${id})`);
    const serverSince = o.serverSince === undefined ? undefined : String(o.serverSince);
    const serverUntil = o.serverUntil === undefined ? undefined : String(o.serverUntil);
    if (serverSince !== undefined && !isApiVersion(serverSince)) fail(file, i, `serverSince "${serverSince}" is not an API version (${id})`);
    if (serverUntil !== undefined && !isApiVersion(serverUntil)) fail(file, i, `serverUntil "${serverUntil}" is not an API version (${id})`);
    if (serverUntil !== undefined && serverSince === undefined) fail(file, i, `serverUntil needs serverSince (${id})`);
    if (serverSince !== undefined && serverUntil !== undefined && !inRange(serverUntil, serverSince)) fail(file, i, `serverUntil ${serverUntil} is below serverSince ${serverSince} (${id})`);
    byId.set(id, {
      id, level, kind, since,
      ...(until ? { until: until as ApiVersion } : {}),
      ...(serverSince ? { serverSince: serverSince as ApiVersion } : {}),
      ...(serverUntil ? { serverUntil: serverUntil as ApiVersion } : {}),
      section: str(o, 'section', file, i),
      endpoint: str(o, 'endpoint', file, i),
      quote: str(o, 'quote', file, i),
    });
  });
  const rules = [...byId.values()];
  return {
    rules,
    get: (id) => byId.get(id),
    appliesTo: (rule, v) => inRange(v, rule.since, rule.until),
    appliesToServer: (rule, server) => rule.serverSince === undefined
      || (server === 'unknown-newer' ? rule.serverUntil === undefined : inRange(server, rule.serverSince, rule.serverUntil)),
  };
}
