import type { Reply } from './api.js';
import { broken, OK, type Broken, type Verdict } from './verdict.js';

/** A short excerpt of a response body for `actual`. */
export function excerpt(r: Reply, max = 300): string {
  const text = r.ex.response?.body ?? '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The reply's status is one of `allowed`; a transport failure fails the rule with the error as evidence (design §1.4). */
export function statusIs(r: Reply, allowed: number[], rule: string, what: string): Verdict {
  if (r.status === undefined) {
    const e = r.ex.error;
    return broken(rule, `${what}: transport error (${e?.code ?? 'unknown'}): ${e?.message ?? ''}`, { status: allowed }, { transportError: e?.code ?? 'unknown' });
  }
  if (allowed.includes(r.status)) return OK;
  return broken(rule, `${what} answered ${r.status}, expected ${allowed.join(' or ')}`, { status: allowed }, { status: r.status, body: excerpt(r) });
}

/** The reply is a 200 with a JSON array body, else a broken verdict of `rule`. */
export function arrayBody(r: Reply, rule: string, what: string): unknown[] | Broken {
  const s = statusIs(r, [200], rule, what);
  if (!s.ok) return s;
  if (!Array.isArray(r.body)) return broken(rule, `${what}: the body is not a JSON array`, 'a JSON array', excerpt(r));
  return r.body;
}

/** The reply is a 200 with a JSON object body. */
export function objectBody(r: Reply, rule: string, what: string): Record<string, unknown> | Broken {
  const s = statusIs(r, [200], rule, what);
  if (!s.ok) return s;
  const b = r.body;
  if (typeof b !== 'object' || b === null || Array.isArray(b)) return broken(rule, `${what}: the body is not a JSON object`, 'a JSON object', excerpt(r));
  return b as Record<string, unknown>;
}

export function isBroken(x: unknown): x is Broken {
  return typeof x === 'object' && x !== null && (x as { ok?: unknown }).ok === false && 'rule' in x;
}

/** Metadata fields (GET /metadata?type=…: "an array of metadata fields") as a map id → value. */
export function fieldMap(fields: unknown[]): Map<string, unknown> {
  const m = new Map<string, unknown>();
  for (const f of fields) {
    if (f && typeof f === 'object' && typeof (f as { id?: unknown }).id === 'string') m.set((f as { id: string }).id, (f as { value?: unknown }).value);
  }
  return m;
}

/** Deep equality of JSON values (arrays in order, objects by keys). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}

/**
 * A set of ACL entries as sorted keys `allow|action|role` / `deny|action|role` (an ACL is compared as a set; duplicates
 * count once). An entry without a boolean `allow` is `any|action|role`: spec § Access control list entry, "Default of
 * allow when omitted: not shown", so what the server made of it is not judged (as checks/families/acl.ts judges it).
 */
export function aclKeys(acl: unknown[]): string[] {
  const keys = acl.map((e) => {
    const x = (e ?? {}) as { allow?: unknown; action?: unknown; role?: unknown };
    return `${x.allow === false ? 'deny' : x.allow === true ? 'allow' : 'any'}|${String(x.action)}|${String(x.role)}`;
  });
  return [...new Set(keys)].sort();
}

/** Whether an expected ACL key matches a key read back (`any|…` matches either allow or deny of the same pair). */
export function aclKeyMatches(expected: string, actual: string): boolean {
  return expected === actual || (expected.startsWith('any|') && actual.slice(actual.indexOf('|')) === expected.slice(3));
}
