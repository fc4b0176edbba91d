import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from './index.js';
import { call } from './testkit.js';

/**
 * `--list-delay` (ReferenceOptions.listDelayMs): a list answers no sooner than the simulated time, with the same body
 * (bench (d) measures both load engines against a server whose list, not the client, is the bottleneck). Only a
 * lower bound on time is asserted: a busy machine can only make a request slower.
 */
describe('reference server: simulated list time', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ url: base, close } = await startReferenceServer({ listDelayMs: 150 }));
  });
  afterAll(() => close());

  it('GET /api/events is answered after the delay, with the same list', async () => {
    const t0 = performance.now();
    const r = await call(base, '/api/events');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });
});
