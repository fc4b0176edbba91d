import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormData } from 'undici';
import { startReferenceServer } from './index.js';
import { call, createId, form } from './testkit.js';

describe('access policy endpoints', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => ({ url: base, close } = await startReferenceServer({})));
  afterAll(() => close());

  const acl = async (id: string) => (await call(base, `/api/events/${id}/acl`)).body;

  it('create: allow optional → true; explicit false kept', async () => {
    const id = await createId(base, { acl: [{ action: 'read', role: 'A' }, { action: 'write', role: 'A', allow: false }] });
    expect(await acl(id)).toEqual([{ allow: true, action: 'read', role: 'A' }, { allow: false, action: 'write', role: 'A' }]);
  });

  it('PUT overwrites (urlencoded and multipart); 400 on bad input, nothing changed', async () => {
    const id = await createId(base, { acl: [{ action: 'read', role: 'OLD' }] });
    const next = [{ allow: true, action: 'read', role: 'NEW' }, { allow: false, action: 'write', role: 'NEW' }];
    expect((await call(base, `/api/events/${id}/acl`, { method: 'PUT', body: form({ acl: JSON.stringify(next) }) })).status).toBe(204);
    expect(await acl(id)).toEqual(next);
    const fd = new FormData();
    fd.append('acl', JSON.stringify([{ action: 'annotate', role: 'M' }]));
    expect((await call(base, `/api/events/${id}/acl`, { method: 'PUT', body: fd })).status).toBe(204);
    expect(await acl(id)).toEqual([{ allow: true, action: 'annotate', role: 'M' }]);
    for (const bad of ['not json', '{"a":1}', '[{"action":"read"}]']) {
      expect((await call(base, `/api/events/${id}/acl`, { method: 'PUT', body: form({ acl: bad }) })).status).toBe(400);
    }
    expect((await call(base, `/api/events/${id}/acl`, { method: 'PUT', body: form({}) })).status).toBe(400);
    expect(await acl(id)).toEqual([{ allow: true, action: 'annotate', role: 'M' }]);
  });

  it('POST /acl/{action} adds one entry, others unaffected, no duplicate', async () => {
    const id = await createId(base, { acl: [{ action: 'read', role: 'A' }] });
    const add = () => call(base, `/api/events/${id}/acl/write`, { method: 'POST', body: form({ role: 'ROLE_B' }) });
    expect((await add()).status).toBe(204);
    expect((await add()).status).toBe(204);
    expect(await acl(id)).toEqual([{ allow: true, action: 'read', role: 'A' }, { allow: true, action: 'write', role: 'ROLE_B' }]);
    expect((await call(base, `/api/events/${id}/acl/write`, { method: 'POST', body: form({}) })).status).toBe(400);
  });

  it('DELETE /acl/{action}/{role} removes exactly that entry (URL-decoded role); an absent entry → 204, not 404', async () => {
    const id = await createId(base, { acl: [{ action: 'read', role: 'R/1 x' }, { action: 'write', role: 'R/1 x' }, { action: 'read', role: 'other' }] });
    expect((await call(base, `/api/events/${id}/acl/read/${encodeURIComponent('R/1 x')}`, { method: 'DELETE' })).status).toBe(204);
    expect(await acl(id)).toEqual([{ allow: true, action: 'write', role: 'R/1 x' }, { allow: true, action: 'read', role: 'other' }]);
    // Spec § Access policy: the 404 is "The event does not exist" (§ Errors); removing an absent permission is done.
    expect((await call(base, `/api/events/${id}/acl/read/${encodeURIComponent('R/1 x')}`, { method: 'DELETE' })).status).toBe(204);
    expect(await acl(id)).toEqual([{ allow: true, action: 'write', role: 'R/1 x' }, { allow: true, action: 'read', role: 'other' }]);
  });

  it('unknown event → 404 on every ACL endpoint', async () => {
    expect((await call(base, '/api/events/nope/acl')).status).toBe(404);
    expect((await call(base, '/api/events/nope/acl', { method: 'PUT', body: form({ acl: '[]' }) })).status).toBe(404);
    expect((await call(base, '/api/events/nope/acl/read', { method: 'POST', body: form({ role: 'R' }) })).status).toBe(404);
    expect((await call(base, '/api/events/nope/acl/read/R', { method: 'DELETE' })).status).toBe(404);
  });
});
