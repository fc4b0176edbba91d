import type { AclItem } from './api.js';
import type { CaseKit } from './case.js';
import { aclKeyMatches, aclKeys, excerpt, statusIs } from './expect.js';
import { broken, OK, type Broken, type Verdict } from './verdict.js';

/** An ACL as a set of keys `allow|action|role` (absent allow = `any|…`: not judged, see aclKeys). */
export function keysOf(acl: readonly AclItem[]): string[] {
  return aclKeys([...acl]);
}

/** GET /acl as keys: 200 (acl.get.status) and entries with boolean allow, string action and role (acl.get.schema). */
export async function readAcl(kit: CaseKit, id: string): Promise<string[] | Broken> {
  const r = await kit.api.acl(id);
  const s = statusIs(r, [200], 'acl.get.status', 'GET /api/events/{id}/acl');
  if (!s.ok) return s;
  const ok = Array.isArray(r.body) && r.body.every((e) => {
    const x = (e ?? {}) as Record<string, unknown>;
    return typeof x.allow === 'boolean' && typeof x.action === 'string' && typeof x.role === 'string';
  });
  return ok ? aclKeys(r.body as unknown[]) : broken('acl.get.schema', 'GET /api/events/{id}/acl: not an array of {allow, action, role}', 'entries with allow (boolean), action, role', excerpt(r));
}

/** GET /acl reads back exactly the set `expected` (spec § Access policy); else a broken verdict of `rule`. */
export async function aclIs(kit: CaseKit, id: string, expected: string[], rule: string, what: string): Promise<Verdict> {
  const actual = await readAcl(kit, id);
  if (!Array.isArray(actual)) return actual;
  const missing = expected.filter((k) => !actual.some((a) => aclKeyMatches(k, a)));
  // An entry sent without allow stands for one entry of its pair, whichever allow the server gave it: both is one too many.
  const extra = actual.filter((a, i) => !expected.some((k) => aclKeyMatches(k, a) && (k === a || actual.findIndex((b) => aclKeyMatches(k, b)) === i)));
  if (missing.length === 0 && extra.length === 0) return OK;
  return broken(rule, `${what}: the ACL read back is not the expected set (missing ${missing.length}, unexpected ${extra.length})`, { acl: expected }, { acl: actual, missing, unexpected: extra });
}

/** One entry added (`has`) or removed (`lacks`, the pair `action|role`), and every other entry exactly `keep`. */
export async function aclParts(kit: CaseKit, id: string, parts: { keep: string[]; has?: string; lacks?: string; pair: string }, rules: { own: string; others: string }): Promise<Verdict> {
  const actual = await readAcl(kit, id);
  if (!Array.isArray(actual)) return actual;
  if (parts.has && !actual.some((a) => aclKeyMatches(parts.has!, a))) return broken(rules.own, `the entry ${parts.has} is not in the ACL`, { contains: parts.has }, { acl: actual });
  if (parts.lacks && actual.some((k) => k.endsWith(`|${parts.pair}`))) return broken(rules.own, `the entry ${parts.pair} is still in the ACL`, { absent: parts.pair }, { acl: actual });
  const others = actual.filter((k) => !k.endsWith(`|${parts.pair}`));
  const same = others.every((a) => parts.keep.some((k) => aclKeyMatches(k, a))) && parts.keep.every((k) => others.some((a) => aclKeyMatches(k, a)));
  if (same) return OK;
  return broken(rules.others, `the other entries changed (${parts.pair} was the only one to touch)`, { others: parts.keep }, { others });
}
