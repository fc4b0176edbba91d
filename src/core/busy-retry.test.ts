import { describe, expect, it } from 'vitest';
import type { HttpClient, RequestSpec } from '../http/index.js';
import type { Exchange } from '../model/index.js';
import { busyRetrying, writtenEvent } from './busy-retry.js';

const exchange = (spec: RequestSpec, status: number, body = ''): Exchange =>
  ({ request: { method: spec.method, url: spec.path, headers: {} }, response: { status, headers: {}, body, truncated: false, bodyBytes: body.length }, durationMs: 1 }) as Exchange;

/** A server whose event is RUNNING for the first `busyReads` reads, and which refuses ACL changes while it is. */
function fakeServer(busyReads: number, refuseAlways = false) {
  let reads = 0;
  const sent: string[] = [];
  const client: HttpClient = {
    send: async (spec) => {
      sent.push(`${spec.method} ${spec.path}`);
      if (spec.method === 'GET') return exchange(spec, 200, JSON.stringify({ identifier: 'e1', processing_state: reads++ < busyReads ? 'RUNNING' : 'SUCCEEDED' }));
      return exchange(spec, refuseAlways || reads < busyReads ? 403 : 204);
    },
    close: async () => undefined,
  } as HttpClient;
  return { client, sent };
}

describe('a write refused while the event is busy is waited out (src/core/busy-retry.ts)', () => {
  it('names the event of a write; reads and the DELETE of the event itself are not such writes', () => {
    expect(writtenEvent({ method: 'PUT', path: '/api/events/e%201/acl' })).toBe('e 1');
    expect(writtenEvent({ method: 'DELETE', path: '/api/events/e1/acl/read/ROLE_A' })).toBe('e1');
    expect(writtenEvent({ method: 'POST', path: '/api/events/e1' })).toBe('e1');
    expect(writtenEvent({ method: 'GET', path: '/api/events/e1/acl' })).toBeUndefined();
    expect(writtenEvent({ method: 'DELETE', path: '/api/events/e1' })).toBeUndefined();
  });

  it('403 while RUNNING: waits until it is not, sends the write again, reports it', async () => {
    const { client, sent } = fakeServer(2);
    const notes: unknown[] = [];
    const c = busyRetrying(client, { reader: client, timeoutMs: 5_000, onBusy: (n) => notes.push(n) });
    const ex = await c.send({ method: 'PUT', path: '/api/events/e1/acl', form: { acl: '[]' } });
    expect(ex.response?.status).toBe(204);
    expect(sent.filter((s) => s.startsWith('PUT'))).toHaveLength(2);
    expect(notes).toEqual([{ write: 'PUT /api/events/{id}/acl', state: 'RUNNING', retried: 204 }]);
  });

  it('a 403 that stays (a real refusal, the event not busy) is the answer: the first exchange, sent twice at most', async () => {
    const { client, sent } = fakeServer(0, true);
    const notes: unknown[] = [];
    const c = busyRetrying(client, { reader: client, timeoutMs: 5_000, onBusy: (n) => notes.push(n) });
    const ex = await c.send({ method: 'POST', path: '/api/events/e1/acl/read', form: { role: 'R' } });
    expect(ex.response?.status).toBe(403);
    expect(sent.filter((s) => s.startsWith('POST'))).toHaveLength(2);
    expect(notes).toEqual([]);
  });

  it('a read is never sent again', async () => {
    const { client, sent } = fakeServer(0, true);
    const c = busyRetrying(client, { reader: client, timeoutMs: 5_000 });
    await c.send({ method: 'GET', path: '/api/events/e1/acl' });
    expect(sent).toEqual(['GET /api/events/e1/acl']);
  });
});
