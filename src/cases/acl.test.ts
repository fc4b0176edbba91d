import { describe, expect, it } from 'vitest';
import { aclIs, aclParts, entriesOf, keysOf } from './acl.js';
import type { CaseKit } from './case.js';
import { replyOf } from './testing.js';

/**
 * The generated stages judge ACLs with the checks registry (acl-equals, acl-includes, schema acl):
 * an entry sent without `allow` does not judge allow (spec § Access control list entry: "Default of allow when
 * omitted: not shown") but stands for one entry of its pair; an entry sent with it is judged exactly.
 */
const env = { version: '1.6.0', config: { baseUrl: 'http://x' } };
const kitReading = (body: unknown[], status = 200): CaseKit => ({ env, api: { acl: async () => replyOf(body, status) } }) as unknown as CaseKit;
const ace = (action: string, role: string, allow?: boolean) => (allow === undefined ? { action, role } : { allow, action, role });

describe('generated-case runner: ACL judging', () => {
  it('an entry sent without allow matches either default the server took', async () => {
    const sent = [ace('read', 'ROLE_A'), ace('write', 'ROLE_A', true)];
    for (const allow of [true, false]) {
      expect((await aclIs(kitReading([ace('read', 'ROLE_A', allow), ace('write', 'ROLE_A', true)]), 'id', sent, 'acl.put.overwrites', 'after PUT')).ok).toBe(true);
    }
    expect((await aclIs(kitReading([ace('read', 'ROLE_A', false), ace('write', 'ROLE_A', true)]), 'id', keysOf(sent), 'r', 'w')).ok).toBe(true);
  });

  it('an entry sent with allow is judged: the other value, a missing or an extra entry fails', async () => {
    const sent = [ace('read', 'ROLE_A', true)];
    expect((await aclIs(kitReading([ace('read', 'ROLE_A', false)]), 'id', sent, 'acl.put.overwrites', 'after PUT')).ok).toBe(false);
    expect((await aclIs(kitReading([ace('read', 'ROLE_A', true), ace('write', 'ROLE_A', true)]), 'id', sent, 'acl.put.overwrites', 'after PUT')).ok).toBe(false);
    expect((await aclIs(kitReading([]), 'id', sent, 'acl.put.overwrites', 'after PUT')).ok).toBe(false);
    const both = await aclIs(kitReading([ace('read', 'ROLE_A', true), ace('read', 'ROLE_A', false)]), 'id', [ace('read', 'ROLE_A')], 'r', 'w');
    expect(both.ok).toBe(false); // one entry sent, two read back: whichever allow it took, the other is extra
  });

  it('a read entry without allow or a refused read breaks the read rules (acl.get.schema, acl.get.status)', async () => {
    const v = await aclIs(kitReading([ace('read', 'ROLE_A')]), 'id', [ace('read', 'ROLE_A')], 'acl.put.overwrites', 'after PUT');
    expect(v).toMatchObject({ ok: false, rule: 'acl.get.schema' });
    expect(await aclIs(kitReading([], 404), 'id', [], 'acl.put.overwrites', 'after PUT')).toMatchObject({ ok: false, rule: 'acl.get.status' });
  });

  it('an added entry without allow is found with either value; the others are kept exactly', async () => {
    const keep = keysOf([ace('read', 'ROLE_ADMIN', true)]);
    const rules = { own: 'acl.add.own', others: 'acl.add.others' };
    const has = entriesOf(['any|write|ROLE_B'])[0];
    expect((await aclParts(kitReading([ace('read', 'ROLE_ADMIN', true), ace('write', 'ROLE_B', false)]), 'id', { keep, has, pair: 'write|ROLE_B' }, rules)).ok).toBe(true);
    const changed = await aclParts(kitReading([ace('read', 'ROLE_ADMIN', false), ace('write', 'ROLE_B', true)]), 'id', { keep, has, pair: 'write|ROLE_B' }, rules);
    expect(changed).toMatchObject({ ok: false, rule: 'acl.add.others' });
    const lost = await aclParts(kitReading([ace('read', 'ROLE_ADMIN', true)]), 'id', { keep, has: ace('write', 'ROLE_B', true), pair: 'write|ROLE_B' }, rules);
    expect(lost).toMatchObject({ ok: false, rule: 'acl.add.own' });
  });

  it('a removed pair is gone with every allow', async () => {
    const rules = { own: 'acl.remove.own', others: 'acl.remove.others' };
    const left = await aclParts(kitReading([ace('read', 'ROLE_ADMIN', true), ace('write', 'ROLE_B', false)]), 'id', { keep: [ace('read', 'ROLE_ADMIN', true)], lacks: true, pair: 'write|ROLE_B' }, rules);
    expect(left).toMatchObject({ ok: false, rule: 'acl.remove.own' });
    expect((await aclParts(kitReading([ace('read', 'ROLE_ADMIN', true)]), 'id', { keep: [ace('read', 'ROLE_ADMIN', true)], lacks: true, pair: 'write|ROLE_B' }, rules)).ok).toBe(true);
  });

  it('model keys and entries convert both ways', () => {
    const acl = [ace('read', 'R', true), ace('write', 'R', false), ace('x', 'R')];
    expect(entriesOf(keysOf(acl))).toEqual([ace('read', 'R', true), ace('x', 'R'), ace('write', 'R', false)]);
  });
});
