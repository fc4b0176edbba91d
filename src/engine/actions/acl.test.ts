import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../http/index.js';
import { startHttp, type TestServer } from '../../http/test-servers.js';
import { startReferenceServer } from '../../reference/index.js';
import { CleanupRegistry } from '../cleanup.js';
import type { ScenarioEnv } from '../env.js';
import { IMPL_ACL } from './acl.js';

/** Just what the acl actions use of a scenario environment. */
function envFor(baseUrl: string): ScenarioEnv {
  const client = createHttpClient({ baseUrl, timeoutMs: 2_000 });
  servers.push(client);
  return {
    version: '1.6.0', baseUrl, cleanup: new CleanupRegistry(), tag: 'evconftestv160s0', agent: 'a', timeBase: '2090-01-01T00:00:00Z',
    clients: { admin: client, none: client },
    config: { settleMs: 300, workflow: 'schedule-and-upload' },
    observe: () => undefined,
  } as unknown as ScenarioEnv;
}

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => { await Promise.all(servers.splice(0).map((s) => s.close())); });

async function fake(handler: http.RequestListener): Promise<TestServer> {
  const s = await startHttp(handler);
  servers.push(s);
  return s;
}

describe('acl-add / acl-remove', () => {
  it('read the ACL first (value.before) and then send the change', async () => {
    const ref = await startReferenceServer({ port: 0 });
    servers.push(ref);
    const env = envFor(ref.url);
    const created = await env.clients.admin.send({ method: 'POST', path: '/api/events', multipart: [
      { name: 'metadata', value: '[{"flavor":"dublincore/episode","fields":[{"id":"title","value":"t"}]}]' },
      { name: 'acl', value: '[{"allow":true,"action":"read","role":"R"}]' },
      { name: 'processing', value: '{"workflow":"w"}' },
    ] });
    const id = (JSON.parse(created.response!.body) as { identifier: string }).identifier;
    const add = await IMPL_ACL['acl-add'](env, { event: id, action: 'write', role: 'R', ready: [{ action: 'read', role: 'R' }] }, {});
    expect(add.value).toEqual({ before: [{ allow: true, action: 'read', role: 'R' }] });
    expect(add.exchanges.map((e) => `${e.request.method} ${e.response?.status}`)).toEqual(['GET 200', 'POST 204']);
    const remove = await IMPL_ACL['acl-remove'](env, { event: id, action: 'read', role: 'R' }, {});
    expect((remove.value as { before: unknown[] }).before).toHaveLength(2);
    expect(remove.exchanges.at(-1)?.response?.status).toBe(204);
  });

  it('report before: null when the ACL never shows the ready pairs', async () => {
    const s = await fake((_req, res) => { res.statusCode = 404; res.end(); });
    const out = await IMPL_ACL['acl-add'](envFor(s.url), { event: 'e', action: 'read', role: 'R', ready: [{ action: 'read', role: 'X' }] }, {});
    expect(out.value).toEqual({ before: null });
  });
});
