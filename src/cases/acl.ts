import type { AclItem, Reply } from './api.js';
import type { CaseKit } from './case.js';
import { firstFailing, statusIs } from './expect.js';
import { judgeBy } from './judge.js';
import { OK, type Broken, type Verdict } from './verdict.js';

/** ACL reads of the generated stages, judged by the checks registry (checks/families/acl.ts, `schema`). */

const SCHEMA = judgeBy('schema');
const ACL_EQUALS = judgeBy('acl-equals');
const ACL_INCLUDES = judgeBy('acl-includes');

/** An ACL as the stateful model keeps it: sorted keys `allow|action|role`, `deny|…`, `any|…` (sent without allow). */
export function keysOf(acl: readonly AclItem[]): string[] {
  return [...new Set(acl.map((e) => `${e.allow === false ? 'deny' : e.allow === true ? 'allow' : 'any'}|${e.action}|${e.role}`))].sort();
}

/** The entries of model keys (`any|…` = sent without allow: not judged, spec § Access control list entry). */
export function entriesOf(keys: readonly string[]): AclItem[] {
  return keys.map((k) => {
    const [allow, action, role] = k.split('|');
    return allow === 'any' ? { action, role } : { allow: allow === 'allow', action, role };
  });
}

type Acl = readonly AclItem[] | readonly string[];
const entries = (acl: Acl): AclItem[] => (acl.every((x) => typeof x === 'string') ? entriesOf(acl as string[]) : [...(acl as AclItem[])]);

/** GET /acl: 200 (acl.get.status) and the shape `acl`: entries with allow, action and role (acl.get.schema). */
export async function readAcl(kit: CaseKit, id: string): Promise<Reply | Broken> {
  const r = await kit.api.acl(id);
  const what = 'GET /api/events/{id}/acl';
  const v = firstFailing(statusIs(kit.env, r, [200], 'acl.get.status', what), () => SCHEMA(kit.env, r, 'acl.get.schema', { shape: 'acl' }, what));
  return v.ok ? r : (v as Broken);
}

/** GET /acl reads back exactly the set `expected` (spec § Access policy; check acl-equals); else breaks `rule`. */
export async function aclIs(kit: CaseKit, id: string, expected: Acl, rule: string, what: string): Promise<Verdict> {
  const r = await readAcl(kit, id);
  return 'ok' in r ? r : ACL_EQUALS(kit.env, r, rule, { entries: entries(expected) }, what);
}

/**
 * One entry added (`has`) or removed (`lacks`, the pair `action|role`: check acl-includes) under `rules.own`, and
 * every other entry exactly `keep` (check acl-equals with `except`) under `rules.others`: "other entries are
 * unaffected" (spec § Access policy).
 */
export async function aclParts(kit: CaseKit, id: string, parts: { keep: Acl; has?: AclItem; lacks?: boolean; pair: string }, rules: { own: string; others: string }): Promise<Verdict> {
  const r = await readAcl(kit, id);
  if ('ok' in r) return r;
  const [action, role] = parts.pair.split('|');
  const own = ACL_INCLUDES(kit.env, r, rules.own, parts.has ? { entries: [parts.has] } : { absent: parts.lacks ? [{ action, role }] : [] });
  if (!own.ok) return own;
  const others = ACL_EQUALS(kit.env, r, rules.others, { entries: entries(parts.keep), except: { action, role } });
  return others.ok ? OK : others;
}
