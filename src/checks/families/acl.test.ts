import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../types.js';
import { aclDiff, aclEqualsCheck, aclIncludesCheck, aclOthersUnchangedCheck, expectedEntries } from './acl.js';

/** A check context whose step answered `status` with `body` (JSON unless a string). */
function ctx(body: unknown, status = 200): CheckContext {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  let parsed: CheckContext['body'];
  try { parsed = { ok: true, value: JSON.parse(text) }; } catch { parsed = { ok: false, reason: 'not JSON' }; }
  const exchange = {
    request: { method: 'GET', url: 'http://x/api/events/e/acl', headers: {} },
    response: { status, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.6.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: parsed,
    value: parsed.ok ? parsed.value : undefined, vars: {}, shapes: { validate: () => [], hasShape: () => true },
  };
}

const ace = (action: string, role: string, allow?: boolean) => (allow === undefined ? { action, role } : { allow, action, role });
const ADMIN = [ace('read', 'ROLE_ADMIN', true), ace('write', 'ROLE_ADMIN', true)];

describe('acl-equals (acl.put.overwrites)', () => {
  const sent = JSON.stringify([...ADMIN, ace('read', 'R_NEW', true), ace('write', 'R_NEW', false)]);

  it('passes for the same set in another order, with duplicates and extra members', () => {
    const body = [{ ...ace('write', 'R_NEW', false), id: 7 }, ace('read', 'R_NEW', true), ...ADMIN, ADMIN[0]];
    expect(aclEqualsCheck.run(ctx(body), { entries: sent }).pass).toBe(true);
  });

  it('fails when an entry of the old ACL was kept (merged instead of overwritten)', () => {
    const v = aclEqualsCheck.run(ctx([...ADMIN, ace('read', 'R_NEW', true), ace('write', 'R_NEW', false), ace('read', 'R_OLD', true)]), { entries: sent });
    expect(v.pass).toBe(false);
    expect(v.message).toContain('unexpected: allow read R_OLD');
  });

  it('fails when allow differs or is missing, but does not judge allow where none was sent', () => {
    expect(aclEqualsCheck.run(ctx([...ADMIN, ace('read', 'R_NEW', true), ace('write', 'R_NEW', true)]), { entries: sent }).pass).toBe(false);
    expect(aclEqualsCheck.run(ctx([...ADMIN, ace('read', 'R_NEW', true), ace('write', 'R_NEW')]), { entries: sent }).pass).toBe(false);
    expect(aclEqualsCheck.run(ctx([ace('read', 'R', false)]), { entries: [ace('read', 'R')] }).pass).toBe(true);
  });

  it('fails for a body that is not an array of entries', () => {
    expect(aclEqualsCheck.run(ctx({ acl: [] }), { entries: '[]' }).pass).toBe(false);
    expect(aclEqualsCheck.run(ctx([{ action: 'read' }]), { entries: '[]' }).pass).toBe(false);
    expect(aclEqualsCheck.run(ctx('<html>', 200), { entries: '[]' }).pass).toBe(false);
  });

  it('with `except`, leaves that pair out on both sides (the generated stages\' "other entries are unaffected")', () => {
    const entries = [...ADMIN, ace('read', 'R_A', true)];
    const except = { action: 'write', role: 'R_B' };
    expect(aclEqualsCheck.run(ctx([...entries, ace('write', 'R_B', false)]), { entries, except }).pass).toBe(true);
    expect(aclEqualsCheck.run(ctx([...entries, ace('write', 'R_B', true)]), { entries: [...entries, ace('write', 'R_B')], except }).pass).toBe(true);
    const v = aclEqualsCheck.run(ctx([...ADMIN, ace('write', 'R_B', true)]), { entries, except });
    expect(v.pass).toBe(false);
    expect(v.message).toContain('missing: allow read R_A');
  });

  it('treats a broken entries parameter as evconf\'s own error (throws)', () => {
    expect(() => aclEqualsCheck.run(ctx([]), { entries: '[{' })).toThrow(/not a list of ACL entries/);
  });
});

describe('acl-includes (acl.add.adds, acl.remove.removes)', () => {
  it('passes when the entry is there with allow true and fails when it was added as a deny', () => {
    const want = { entries: [ace('write', 'R_A', true)] };
    expect(aclIncludesCheck.run(ctx([...ADMIN, ace('write', 'R_A', true)]), want).pass).toBe(true);
    expect(aclIncludesCheck.run(ctx([...ADMIN, ace('write', 'R_A', false)]), want).pass).toBe(false);
  });

  it('fails while any entry of a removed pair is left, whatever its allow', () => {
    const gone = { absent: [{ action: 'read', role: 'R_A' }] };
    expect(aclIncludesCheck.run(ctx([...ADMIN, ace('write', 'R_A', true)]), gone).pass).toBe(true);
    const v = aclIncludesCheck.run(ctx([...ADMIN, ace('read', 'R_A', false)]), gone);
    expect(v.pass).toBe(false);
    expect(v.message).toContain('still present');
  });
});

describe('acl-others-unchanged (acl.add/remove.others-unaffected)', () => {
  const before = [...ADMIN, ace('read', 'R_A', true), ace('read', 'R_B', true)];
  const except = { action: 'read', role: 'R_A' };

  it('passes when only the named pair changed', () => {
    expect(aclOthersUnchangedCheck.run(ctx([ADMIN[1], ace('read', 'R_B', true), ADMIN[0]]), { before, except }).pass).toBe(true);
  });

  it('fails when an entry of the same action but another role went away', () => {
    const v = aclOthersUnchangedCheck.run(ctx([ADMIN[1], ace('read', 'R_B', true)]), { before, except });
    expect(v.pass).toBe(false);
    expect(v.message).toContain('missing: allow read ROLE_ADMIN');
  });

  it('fails when another entry changed its allow or a new one appeared', () => {
    expect(aclOthersUnchangedCheck.run(ctx([...ADMIN, ace('read', 'R_B', false)]), { before, except }).pass).toBe(false);
    expect(aclOthersUnchangedCheck.run(ctx([...ADMIN, ace('read', 'R_B', true), ace('write', 'R_C', true)]), { before, except }).pass).toBe(false);
  });

  it('without `except` (another event with the same ACL), any change fails, the pair changed on the first event too', () => {
    expect(aclOthersUnchangedCheck.run(ctx([ADMIN[1], ...before.slice(2), ADMIN[0]]), { before }).pass).toBe(true);
    const v = aclOthersUnchangedCheck.run(ctx([...before, ace('write', 'R_A', true)]), { before });
    expect(v.pass).toBe(false);
    expect(v.message).toContain('the ACL no request changed');
    expect(aclOthersUnchangedCheck.run(ctx(before.slice(0, 3)), { before }).pass).toBe(false);
  });

  it('skips when the ACL could not be read before the change', () => {
    const v = aclOthersUnchangedCheck.run(ctx(ADMIN), { before: null, except });
    expect(v.skip).toMatch(/^precondition/);
  });
});

describe('entry helpers', () => {
  it('reads allow given as JSON text booleans and leaves it out when absent', () => {
    expect(expectedEntries('[{"allow":"false","action":"a","role":"r"},{"action":"b","role":"s"}]')).toEqual([ace('a', 'r', false), ace('b', 's')]);
  });

  it('diffs sets of triples', () => {
    expect(aclDiff([ace('a', 'r', true)], [ace('a', 'r', false)])).toEqual({ missing: [ace('a', 'r', true)], extra: [ace('a', 'r', false)] });
  });

  it('an entry sent without allow stands for one entry of its pair, whichever allow it took', () => {
    // Spec § Access control list entry: "Default of allow when omitted: not shown" – the value, not the count.
    expect(aclDiff([ace('a', 'r')], [ace('a', 'r', false)])).toEqual({ missing: [], extra: [] });
    expect(aclDiff([ace('a', 'r')], [ace('a', 'r', true), ace('a', 'r', false)]).extra).toEqual([ace('a', 'r', false)]);
    // Sent as allow and without allow: the default may be deny, so both read back is right.
    expect(aclDiff([ace('a', 'r', true), ace('a', 'r')], [ace('a', 'r', true), ace('a', 'r', false)])).toEqual({ missing: [], extra: [] });
    expect(aclDiff([ace('a', 'r')], []).missing).toEqual([ace('a', 'r')]);
    // Duplicates count once on either side.
    expect(aclDiff([ace('a', 'r'), ace('a', 'r')], [ace('a', 'r', true), ace('a', 'r', true)])).toEqual({ missing: [], extra: [] });
  });
});
