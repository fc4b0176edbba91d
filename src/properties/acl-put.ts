import { accessControlList, type AclEntry } from '../generators/index.js';
import { aclActionConstraints } from '../cases/phase-env.js';
import { mustCreate } from '../cases/reads.js';
import { accepted } from '../cases/expect.js';
import { aclIs } from '../cases/acl.js';
import { defineProperty } from './types.js';

/**
 * PUT /acl then GET /acl gives the same set (spec § Access policy, PUT: "The existing ACL is overwritten.").
 * Generated ACLs: several actions and roles, deny entries, exact duplicates, the empty ACL. Rule acl.put.overwrites.
 */
export const aclPut = defineProperty<AclEntry[]>({
  id: 'prop-acl-put',
  title: 'An ACL written with PUT /acl reads back as the same set',
  runsFactor: 2.5,
  // Each case puts and reads the ACL of one event of its own (by id); an ACL belongs to its event alone.
  casesOverlap: true,
  rules: ['acl.put.overwrites'],
  cases: (env) => accessControlList({ maxEntries: 8, ...aclActionConstraints(env) }),
  async check(kit, acl) {
    const id = await mustCreate(kit, { fields: { title: kit.title('acl') } });
    if (typeof id !== 'string') return id;
    const put = accepted(kit.env, await kit.api.putAcl(id, acl), 'acl.put.overwrites', 'PUT /api/events/{id}/acl');
    if (!put.ok) return put;
    return kit.settle('acl.put.overwrites', () => aclIs(kit, id, acl, 'acl.put.overwrites', 'after PUT /acl'));
  },
});
