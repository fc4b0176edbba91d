import { describe, expect, it } from 'vitest';
import { actionNamed } from './index.js';
import { actionTestKit } from './testing.js';
import { Unavailable } from '../../core/unavailable.js';

const { envFor, fake } = actionTestKit();

/** A server whose POST /api/events answers 409 `conflicts` times, then 201 with a Location; GET answers 200. */
async function conflictsThenCreated(conflicts: number) {
  let posts = 0;
  const s = await fake((req, res) => {
    if (req.method === 'POST') {
      posts++;
      if (posts <= conflicts) {
        res.statusCode = 409;
        res.setHeader('content-type', 'application/json');
        res.end('[{"start":"2090-01-01T10:00:00Z","end":"2090-01-01T11:00:00Z","title":"gone"}]');
        return;
      }
      res.statusCode = 201;
      res.setHeader('location', `http://x/api/events/from-header`);
      res.setHeader('content-type', 'application/json');
      res.end('{"identifier":"from-body"}');
      return;
    }
    res.statusCode = 200;
    res.setHeader('content-type', 'application/json');
    res.end('{}');
  });
  return { url: s.url, posts: () => posts };
}

const params = (more: Record<string, unknown> = {}) => ({ title: 't', scheduling: { agent_id: 'a', start: '+10:00', end: '+11:00' }, ...more });

describe('create-scheduled', () => {
  it('sends a create that answered 409 again within the settle window when retryConflict is set', async () => {
    const s = await conflictsThenCreated(2);
    // A window far longer than two retries take, however busy the machine (no timing in a unit test).
    const env = envFor(s.url);
    const out = await actionNamed('create-scheduled')({ ...env, config: { ...env.config, settleMs: 10_000 } }, params({ retryConflict: true }), {});
    expect(out.exchanges.map((e) => e.response?.status)).toEqual([409, 409, 201]);
    expect(out.value).toMatchObject({ identifier: 'from-body', bodyIdentifier: 'from-body', locationId: 'from-header' });
  });

  it('sends it once without retryConflict', async () => {
    const s = await conflictsThenCreated(2);
    const out = await actionNamed('create-scheduled')(envFor(s.url), params(), {});
    expect(out.exchanges.map((e) => e.response?.status)).toEqual([409]);
    expect(s.posts()).toBe(1);
    // The refused create made no event: its identifier is the Unavailable naming the refusal (what is built on it is
    // skipped with that reason, never sent or judged with ""); the body of the answer it did give named none.
    const v = out.value as { identifier: unknown; identifiers: unknown; bodyIdentifier: unknown };
    expect(Unavailable.is(v.identifier) && v.identifier.reason).toMatch(/^the server refused the create POST \/api\/events \(409/);
    expect(v.identifiers).toBe(v.identifier);
    expect(v.bodyIdentifier).toBe('');
  });

  it('takes a 409 that lasts past the window as the answer', async () => {
    const s = await conflictsThenCreated(1_000);
    const out = await actionNamed('create-scheduled')(envFor(s.url), params({ retryConflict: true }), {});
    expect(out.exchanges.at(-1)?.response?.status).toBe(409);
    expect(out.exchanges.length).toBeGreaterThan(1);
    // It gave up by itself (the window ended), long before the server would have stopped refusing: no wall-time bound.
    expect(s.posts()).toBeLessThan(1_000);
  });
});
