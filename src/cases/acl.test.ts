import { describe, expect, it } from 'vitest';
import { aclIs, aclParts, keysOf } from './acl.js';
import type { CaseKit } from './case.js';

/**
 * The generated stages judge ACLs as the checks registry does (issue 20 item 2, checks/families/acl.ts): an entry
 * sent without `allow` does not judge allow (spec § Access control list entry: "Default of allow when omitted: not
 * shown"); an entry sent with it is judged exactly.
 */
const kitReading = (body: unknown[]): CaseKit => ({ api: { acl: async () => ({ status: 200, body, headers: {} }) } }) as unknown as CaseKit;

describe('generated-case runner: ACL judging', () => {
  it('an entry sent without allow matches either default the server took', async () => {
    const sent = keysOf([{ action: 'read', role: 'ROLE_A' }, { allow: true, action: 'write', role: 'ROLE_A' }]);
    for (const allow of [true, false]) {
      const v = await aclIs(kitReading([{ allow, action: 'read', role: 'ROLE_A' }, { allow: true, action: 'write', role: 'ROLE_A' }]), 'id', sent, 'acl.put.overwrites', 'after PUT');
      expect(v.ok).toBe(true);
    }
  });

  it('an entry sent with allow is judged: the other value, a missing or an extra entry fails', async () => {
    const sent = keysOf([{ allow: true, action: 'read', role: 'ROLE_A' }]);
    const deny = await aclIs(kitReading([{ allow: false, action: 'read', role: 'ROLE_A' }]), 'id', sent, 'acl.put.overwrites', 'after PUT');
    expect(deny.ok).toBe(false);
    const extra = await aclIs(kitReading([{ allow: true, action: 'read', role: 'ROLE_A' }, { allow: true, action: 'write', role: 'ROLE_A' }]), 'id', sent, 'acl.put.overwrites', 'after PUT');
    expect(extra.ok).toBe(false);
    const none = await aclIs(kitReading([]), 'id', sent, 'acl.put.overwrites', 'after PUT');
    expect(none.ok).toBe(false);
    const both = await aclIs(kitReading([{ allow: true, action: 'read', role: 'ROLE_A' }, { allow: false, action: 'read', role: 'ROLE_A' }]), 'id', keysOf([{ action: 'read', role: 'ROLE_A' }]), 'r', 'w');
    expect(both.ok).toBe(false); // one entry sent, two read back: whichever allow it took, the other is extra
  });

  it('an added entry without allow is found with either value; the others are kept exactly', async () => {
    const keep = keysOf([{ allow: true, action: 'read', role: 'ROLE_ADMIN' }]);
    const rules = { own: 'acl.add.own', others: 'acl.add.others' };
    const ok = await aclParts(kitReading([{ allow: true, action: 'read', role: 'ROLE_ADMIN' }, { allow: false, action: 'write', role: 'ROLE_B' }]), 'id', { keep, has: 'any|write|ROLE_B', pair: 'write|ROLE_B' }, rules);
    expect(ok.ok).toBe(true);
    const changed = await aclParts(kitReading([{ allow: false, action: 'read', role: 'ROLE_ADMIN' }, { allow: true, action: 'write', role: 'ROLE_B' }]), 'id', { keep, has: 'any|write|ROLE_B', pair: 'write|ROLE_B' }, rules);
    expect(changed.ok).toBe(false);
  });
});
