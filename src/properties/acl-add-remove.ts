import fc from 'fast-check';
import { accessControlList, aclEntry, type AclEntry } from '../generators/index.js';
import { aclActionConstraints } from '../cases/phase-env.js';
import { mustCreate } from '../cases/reads.js';
import { accepted } from '../cases/expect.js';
import { aclIs, aclParts, entriesOf, keysOf } from '../cases/acl.js';
import { defineProperty } from './types.js';

interface Case {
  acl: AclEntry[];
  add: { action: string; role: string };
  /** Index (modulo) of the entry to remove after the addition. */
  remove: number;
}

/** The ACL without a deny entry for the added pair (what adding over a deny means is not shown). */
function caseOf(acl: AclEntry[], add: AclEntry, remove: number): Case {
  return { acl: acl.filter((e) => !(e.action === add.action && e.role === add.role && !e.allow)), add: { action: add.action, role: add.role }, remove };
}

/**
 * POST /acl/{action} adds its entry and DELETE /acl/{action}/{role} removes its entry, and neither touches
 * another entry (spec § Access policy: "Adds that permission; other entries are unaffected." / "Removes that
 * permission; other entries are unaffected."). Rules acl.add.adds, acl.add.others-unaffected, acl.remove.removes,
 * acl.remove.others-unaffected.
 */
export const aclAddRemove = defineProperty<Case>({
  id: 'prop-acl-add-remove',
  title: 'Adding or removing one ACL entry changes that entry only',
  runsFactor: 2,
  // Each case changes and reads the ACL of one event of its own (by id); an ACL belongs to its event alone.
  casesOverlap: true,
  rules: ['acl.add.adds', 'acl.add.others-unaffected', 'acl.remove.removes', 'acl.remove.others-unaffected'],
  cases: (env) => fc.tuple(accessControlList({ minEntries: 1, maxEntries: 6, ...aclActionConstraints(env) }), aclEntry(aclActionConstraints(env)), fc.nat({ max: 20 }))
    .map(([acl, add, remove]) => caseOf(acl, add, remove)),
  async check(kit, c) {
    const id = await mustCreate(kit, { fields: { title: kit.title('acl') } });
    if (typeof id !== 'string') return id;
    const put = accepted(kit.env, await kit.api.putAcl(id, c.acl), 'acl.put.overwrites', 'PUT /api/events/{id}/acl');
    if (!put.ok) return put;
    const before = keysOf(c.acl);
    const ready = await kit.settle('acl.put.overwrites', () => aclIs(kit, id, before, 'acl.put.overwrites', 'after PUT /acl (precondition)'));
    if (!ready.ok) return ready;

    const pair = `${c.add.action}|${c.add.role}`;
    const added = `allow|${pair}`;
    const add = accepted(kit.env, await kit.api.addAce(id, c.add.action, c.add.role), 'acl.add.adds', `POST /api/events/{id}/acl/${c.add.action}`);
    if (!add.ok) return add;
    kit.exercised.add('acl.add.others-unaffected');
    const keep = before.filter((k) => !k.endsWith(`|${pair}`));
    const afterAdd = await kit.settle('acl.add.adds', () => aclParts(kit, id, { keep, has: entriesOf([added])[0], pair }, { own: 'acl.add.adds', others: 'acl.add.others-unaffected' }));
    if (!afterAdd.ok) return afterAdd;

    const now = [...keep, added].sort();
    const [, action, role] = now[c.remove % now.length].split('|');
    const gone = `${action}|${role}`;
    const rm = accepted(kit.env, await kit.api.removeAce(id, action, role), 'acl.remove.removes', `DELETE /api/events/{id}/acl/${action}/${role}`);
    if (!rm.ok) return rm;
    kit.exercised.add('acl.remove.others-unaffected');
    const rest = now.filter((k) => !k.endsWith(`|${gone}`));
    return kit.settle('acl.remove.removes', () => aclParts(kit, id, { keep: rest, lacks: true, pair: gone }, { own: 'acl.remove.removes', others: 'acl.remove.others-unaffected' }));
  },
});
