import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUsers, startReferenceServer } from './index.js';
import { call, createId, form } from './testkit.js';

describe('parseUsers', () => {
  it('parses users with optional roles and adds ROLE_USER_<NAME>', () => {
    expect(parseUsers('admin:pw:ROLE_ADMIN, alice:pw2:ROLE_A|ROLE_B,bob:x')).toEqual([
      { name: 'admin', password: 'pw', roles: ['ROLE_ADMIN', 'ROLE_USER_ADMIN'] },
      { name: 'alice', password: 'pw2', roles: ['ROLE_A', 'ROLE_B', 'ROLE_USER_ALICE'] },
      { name: 'bob', password: 'x', roles: ['ROLE_USER_BOB'] },
    ]);
    expect(() => parseUsers('nopassword')).toThrow(/name:password/);
  });
});

describe('Basic auth and ACL-based access', () => {
  let base: string;
  let close: () => Promise<void>;
  const admin: [string, string] = ['admin', 'secret'];
  const alice: [string, string] = ['alice', 'pw'];
  beforeAll(async () => ({ url: base, close } = await startReferenceServer({ users: parseUsers('admin:secret:ROLE_ADMIN,alice:pw:ROLE_STUDENT') })));
  afterAll(() => close());

  it('missing or wrong credentials → 401 with a Basic challenge', async () => {
    const r = await call(base, '/api/events');
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Basic realm="evconf"');
    expect((await call(base, '/api/events', { auth: ['alice', 'wrong'] })).status).toBe(401);
    expect((await call(base, '/api/events', { auth: admin })).status).toBe(200);
  });

  it('a non-admin sees only events whose ACL lets one of its roles read; others are 404', async () => {
    const open = await createId(base, { auth: admin, fields: { title: 'Readable' }, acl: [{ action: 'read', role: 'ROLE_STUDENT' }] });
    const own = await createId(base, { auth: admin, fields: { title: 'Own' }, acl: [{ action: 'read', role: 'ROLE_USER_ALICE' }, { action: 'write', role: 'ROLE_USER_ALICE' }] });
    const hidden = await createId(base, { auth: admin, fields: { title: 'Hidden' }, acl: [{ action: 'read', role: 'ROLE_STAFF' }, { action: 'read', role: 'ROLE_STUDENT', allow: false }] });
    const titles = (await call(base, '/api/events?sort=title:ASC', { auth: alice })).body.map((e: { title: string }) => e.title);
    expect(titles).toEqual(['Own', 'Readable']);
    expect((await call(base, `/api/events/${hidden}`, { auth: alice })).status).toBe(404);
    expect((await call(base, `/api/events/${hidden}`, { auth: admin })).status).toBe(200);
    expect((await call(base, `/api/events/${open}/acl`, { auth: alice })).status).toBe(200);
    expect((await call(base, `/api/events/${open}`, { auth: alice, method: 'DELETE' })).status).toBe(403);
    expect((await call(base, `/api/events/${own}/acl/read`, { auth: alice, method: 'POST', body: form({ role: 'ROLE_X' }) })).status).toBe(204);
    expect((await call(base, `/api/events/${own}`, { auth: alice, method: 'DELETE' })).status).toBe(204);
  });

  it('any authenticated user may create; the ACL is as given', async () => {
    const id = await createId(base, { auth: alice, acl: [{ action: 'read', role: 'ROLE_USER_ALICE' }] });
    expect((await call(base, `/api/events/${id}`, { auth: alice })).body.creator).toBe('alice');
    expect((await call(base, `/api/events/${id}/acl`, { auth: alice })).body).toEqual([{ allow: true, action: 'read', role: 'ROLE_USER_ALICE' }]);
  });

  it('allowConflict=true skips the conflict check only for an administrator', async () => {
    const acl = [{ action: 'read', role: 'ROLE_STUDENT' }, { action: 'write', role: 'ROLE_STUDENT' }];
    const s = (start: string, end: string) => ({ agent_id: 'ca-auth', start, end });
    await createId(base, { auth: admin, acl, scheduling: s('2032-01-01T10:00:00Z', '2032-01-01T11:00:00Z') });
    const b = await createId(base, { auth: admin, acl, scheduling: s('2032-01-01T12:00:00Z', '2032-01-01T13:00:00Z') });
    const body = () => form({ scheduling: JSON.stringify({ start: '2032-01-01T10:30:00Z' }), allowConflict: 'true' });
    expect((await call(base, `/api/events/${b}/scheduling`, { auth: alice, method: 'PUT', body: body() })).status).toBe(409);
    expect((await call(base, `/api/events/${b}/scheduling`, { auth: admin, method: 'PUT', body: body() })).status).toBe(204);
  });
});
