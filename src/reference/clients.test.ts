import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedBySpec, FIXTURE_REQUESTS, replayFixture } from './clients-replay.js';
import { startReferenceServer } from './index.js';

const requests = FIXTURE_REQUESTS;
const replayed = requests.filter(allowedBySpec);

describe('real clients (test/fixtures/clients/requests.json)', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => ({ url: base, close } = await startReferenceServer({ processingDelayMs: 20, retractDelayMs: 20 })));
  afterAll(() => close());

  it('the fixture holds the 54 described requests; all but /media and /track are replayed', () => {
    expect(requests).toHaveLength(54);
    expect(replayed.length).toBeGreaterThan(45);
  });

  it('every request shape the spec allows is accepted (no 4xx/5xx)', async () => {
    const done = await replayFixture(base);
    expect(done).toHaveLength(replayed.length);
    const failures = done.filter((d) => d.res.status >= 400).map((d) => `${d.request.client}: ${d.request.method} ${d.url} → ${d.res.status} ${d.res.text}`);
    expect(failures).toEqual([]);
  });
});
