import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../http/index.js';
import { API_VERSIONS } from '../model/index.js';
import { startReferenceServer } from '../reference/index.js';
import { CleanupRegistry, RECENT_CREATE_MS, young404Doubt } from './cleanup.js';
import { PROBE_SLOTS, probeSlotStart } from './probe.js';

// The probe's 409 on a shared capture agent against a server whose index lags (Opencast mode): its schedules never
// share an hour with one of its own, and a create deleted before the index shows it is not left behind.
describe('probe schedules and cleanup on a lagging server', () => {
  it('every version and try of a run gets an hour of its own, in 2094, away from the scenarios (2090-2093)', () => {
    const starts = API_VERSIONS.flatMap((v) => Array.from({ length: PROBE_SLOTS }, (_, k) => probeSlotStart('1a2b3c4d', v, k)));
    expect(new Set(starts).size).toBe(API_VERSIONS.length * PROBE_SLOTS);
    for (const t of starts) expect(new Date(t).getUTCFullYear()).toBe(2094);
    // Another run takes (mostly) another day.
    expect(probeSlotStart('99aa88bb', '1.6.0', 0)).not.toBe(probeSlotStart('1a2b3c4d', '1.6.0', 0));
    expect(probeSlotStart('1a2b3c4d', '1.6.0', 0)).toBe(probeSlotStart('1a2b3c4d', '1.6.0', 0));
  });

  it('a young 404 is doubted for 4 × the lag the server showed (at least 300 ms), never past the settle time or 3 s', () => {
    expect(young404Doubt(2000)).toBe(2000);
    expect(young404Doubt(5000)).toBe(RECENT_CREATE_MS);
    expect(young404Doubt(5000, 0)).toBe(300);
    expect(young404Doubt(5000, 300)).toBe(1200);
    expect(young404Doubt(5000, 2000)).toBe(RECENT_CREATE_MS);
    expect(young404Doubt(1000, 2000)).toBe(1000);
  });

  it.each([[undefined], [300]])('an event deleted right after its create (404: not indexed yet) is deleted once it shows, not left behind (shown lag %s)', async (lagMs) => {
    const server = await startReferenceServer({ port: 0, latitude: { choices: { 'index-lag': 'lag-300ms-changes' } } });
    const client = createHttpClient({ baseUrl: server.url, timeoutMs: 5000, versionHeader: { name: 'Accept', value: 'application/v1.6.0+json' } });
    try {
      const created = await client.send({ method: 'POST', path: '/api/events', multipart: [
        { name: 'metadata', value: JSON.stringify([{ flavor: 'dublincore/episode', fields: [{ id: 'title', value: 'lagging' }] }]) },
        { name: 'acl', value: '[]' }, { name: 'processing', value: JSON.stringify({ workflow: 'w', configuration: {} }) },
      ] });
      const id = (JSON.parse(created.response!.body) as { identifier: string }).identifier;
      const registry = new CleanupRegistry();
      registry.add(id);
      // The DELETE goes out at once: the lagging index answers 404, yet the event exists.
      expect(await registry.drain(client, { settleMs: 2000, ...(lagMs !== undefined ? { lagMs } : {}) })).toEqual([]);
      await new Promise((r) => setTimeout(r, 700));
      expect((await client.send({ method: 'GET', path: `/api/events/${id}` })).response?.status).toBe(404);
      const list = await client.send({ method: 'GET', path: '/api/events' });
      expect(JSON.parse(list.response!.body)).toEqual([]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
