import { describe, expect, it } from 'vitest';
import { actionNamed } from './index.js';
import { startReferenceServer } from '../../reference/index.js';
import { actionTestKit } from './testing.js';

const { envFor, fake, track } = actionTestKit();


describe('acl-add / acl-remove', () => {
  it('read the ACL first (value.before) and then send the change', async () => {
    const ref = await startReferenceServer({ port: 0 });
    track(ref);
    const env = envFor(ref.url);
    const created = await env.clients.admin.send({ method: 'POST', path: '/api/events', multipart: [
      { name: 'metadata', value: '[{"flavor":"dublincore/episode","fields":[{"id":"title","value":"t"}]}]' },
      { name: 'acl', value: '[{"allow":true,"action":"read","role":"R"}]' },
      { name: 'processing', value: '{"workflow":"w"}' },
    ] });
    const id = (JSON.parse(created.response!.body) as { identifier: string }).identifier;
    const add = await actionNamed('acl-add')(env, { event: id, action: 'write', role: 'R', ready: [{ action: 'read', role: 'R' }] }, {});
    expect(add.value).toEqual({ before: [{ allow: true, action: 'read', role: 'R' }], status: 204 });
    expect(add.exchanges.map((e) => `${e.request.method} ${e.response?.status}`)).toEqual(['GET 200', 'POST 204']);
    const remove = await actionNamed('acl-remove')(env, { event: id, action: 'read', role: 'R' }, {});
    expect((remove.value as { before: unknown[] }).before).toHaveLength(2);
    expect(remove.exchanges.at(-1)?.response?.status).toBe(204);
  });

  it('report before: null when the ACL never shows the ready pairs', async () => {
    const s = await fake((_req, res) => { res.statusCode = 404; res.end(); });
    const out = await actionNamed('acl-add')(envFor(s.url), { event: 'e', action: 'read', role: 'R', ready: [{ action: 'read', role: 'X' }] }, {});
    expect(out.value).toEqual({ before: null, status: 404 });
  });
});
