import { describe, expect, it } from 'vitest';
import { MUTANTS, startReferenceServer } from '../index.js';
import { call, create, createId, until, VIDEO } from '../testkit.js';

/** Each mutant changes the behaviour its rule is about (the self-test proves the suite catches it). */
type Probe = (base: string) => Promise<void>;

async function three(base: string, version?: '1.0.0'): Promise<void> {
  for (const title of ['A', 'B', 'C']) await createId(base, { fields: { title }, version });
}
const titles = (body: { title: string }[]) => body.map((e) => e.title);

const PROBES: Record<string, Probe> = {
  'list-status-201': async (base) => expect((await call(base, '/api/events')).status).toBe(201),
  'list-wrapped-object': async (base) => {
    await three(base);
    const r = await call(base, '/api/events');
    expect(Array.isArray(r.body)).toBe(false);
    expect(r.body.events).toHaveLength(3);
  },
  'list-drops-created': async (base) => {
    const id = await createId(base);
    expect((await call(base, '/api/events')).body[0]).not.toHaveProperty('created');
    expect((await call(base, `/api/events/${id}`)).body).toHaveProperty('created');
  },
  'list-limit-off-by-one': async (base) => {
    await three(base);
    expect((await call(base, '/api/events?limit=2')).body).toHaveLength(3);
  },
  'list-offset-page-always': async (base) => {
    await three(base);
    expect(titles((await call(base, '/api/events?sort=title:ASC&limit=1&offset=2', { version: '1.1.0' })).body)).toEqual(['C']);
    expect(titles((await call(base, '/api/events?sort=title:ASC&limit=2&offset=1', { version: '1.1.0' })).body)).toEqual(['C']);
  },
  'list-offset-index-always': async (base) => {
    await three(base);
    expect(titles((await call(base, '/api/events?sort=title:ASC&limit=2&offset=1', { version: '1.0.0' })).body)).toEqual(['B', 'C']);
  },
  'create-status-200': async (base) => expect((await create(base)).status).toBe(200),
  'create-location-wrong': async (base) => {
    const r = await create(base);
    expect(r.headers.get('location')).toBe(`${base}/api/event/${r.body.identifier}`);
  },
  'create-id-member': async (base) => {
    const r = await create(base);
    expect(r.body).toEqual({ id: expect.any(String) });
  },
  'get-status-201': async (base) => {
    const id = (await create(base)).body.identifier;
    const r = await call(base, `/api/events/${id}`);
    expect(r.status).toBe(201);
    expect(r.body.identifier).toBe(id);
  },
  'get-legacy-names': async (base) => {
    const id = await createId(base, { fields: { title: 'L', creator: ['P'] } });
    const r = (await call(base, `/api/events/${id}`, { version: '1.1.0' })).body;
    expect(r).toMatchObject({ presenters: ['P'], contributors: [], start_time: expect.any(String) });
    expect(r).not.toHaveProperty('presenter');
    expect((await call(base, '/api/events', { version: '1.1.0' })).body[0]).toHaveProperty('presenter');
  },
  'get-unknown-200': async (base) => {
    const r = await call(base, '/api/events/does-not-exist');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
  },
  'delete-status-200': async (base) => {
    const id = await createId(base);
    expect((await call(base, `/api/events/${id}`, { method: 'DELETE', version: '1.5.0' })).status).toBe(200);
    expect((await call(base, `/api/events/${id}`)).status).toBe(404);
  },
  'delete-status-200-new': async (base) => {
    const id = await createId(base, { files: [VIDEO] });
    await until(async () => (await call(base, `/api/events/${id}`)).body.processing_state === 'SUCCEEDED');
    expect((await call(base, `/api/events/${id}`, { method: 'DELETE', version: '1.6.0' })).status).toBe(200);
    const plain = await createId(base);
    expect((await call(base, `/api/events/${plain}`, { method: 'DELETE', version: '1.5.0' })).status).toBe(204);
  },
  'delete-keeps-event': async (base) => {
    const id = await createId(base);
    expect((await call(base, `/api/events/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(base, `/api/events/${id}`)).status).toBe(200);
  },
  'delete-unknown-204': async (base) => {
    expect((await call(base, '/api/events/does-not-exist', { method: 'DELETE' })).status).toBe(204);
  },
};

describe('mutants', () => {
  it('every probe names a mutant; every mutant names a rule and its own name', () => {
    // Later mutants are proven by src/selftest (caught by their rule); a probe here is optional for them.
    for (const name of Object.keys(PROBES)) expect(MUTANTS[name], name).toBeDefined();
    for (const [name, m] of Object.entries(MUTANTS)) {
      expect(m.name).toBe(name);
      expect(m.rule).toMatch(/^[a-z]+\.[A-Za-z0-9._-]+$/);
    }
  });

  it('an unknown mutant name is a clear error', async () => {
    await expect(startReferenceServer({ mutant: 'no-such-bug' })).rejects.toThrow(/Unknown mutant "no-such-bug"/);
  });

  it.each(Object.keys(PROBES))('%s changes the behaviour of its rule', async (name) => {
    const server = await startReferenceServer({ mutant: name, processingDelayMs: 20, retractDelayMs: 20 });
    try {
      await PROBES[name](server.url);
    } finally {
      await server.close();
    }
  });
});
