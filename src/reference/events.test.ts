import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormData } from 'undici';
import { startReferenceServer } from './index.js';
import { call, create, createId, eventForm } from './testkit.js';

const V110_MEMBERS = [
  'identifier', 'creator', 'presenter', 'created', 'subjects', 'start', 'description', 'title', 'processing_state',
  'duration', 'archive_version', 'contributor', 'has_previews', 'location', 'publication_status', 'language',
  'rightsholder', 'license', 'is_part_of', 'series', 'source', 'status',
];
const V100_MEMBERS = [
  'archive_version', 'created', 'creator', 'contributors', 'description', 'duration', 'has_previews', 'identifier',
  'location', 'presenters', 'publication_status', 'processing_state', 'start_time', 'subjects', 'title',
];

describe('events: create, get, update, delete', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => ({ url: base, close } = await startReferenceServer({ processingDelayMs: 20 })));
  afterAll(() => close());

  it('POST → 201, Location {base}/api/events/<id>, {identifier}', async () => {
    const r = await create(base, { fields: { title: 'Created' } });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ identifier: expect.any(String) });
    expect(r.headers.get('location')).toBe(`${base}/api/events/${r.body.identifier}`);
  });

  it('GET answers the member set of each version', async () => {
    const id = await createId(base, { fields: { title: 'Shapes', creator: ['Ann'], contributor: ['Bob'], isPartOf: 's1' } });
    const old = await call(base, `/api/events/${id}`, { version: '1.0.0' });
    expect(Object.keys(old.body).sort()).toEqual([...V100_MEMBERS].sort());
    expect(old.body).toMatchObject({ presenters: ['Ann'], contributors: ['Bob'], duration: 0 });
    const cur = await call(base, `/api/events/${id}`, { version: '1.1.0' });
    expect(Object.keys(cur.body)).toEqual(V110_MEMBERS);
    expect(cur.body).toMatchObject({ presenter: ['Ann'], is_part_of: 's1', series: 'Series s1', status: expect.stringMatching(/^EVENTS\.EVENTS\.STATUS\./) });
    expect(cur.body.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('start: technical below 1.4.0, bibliographic from 1.4.0 (scheduled event with another metadata start)', async () => {
    const id = await createId(base, {
      fields: { title: 'Two starts', startDate: '2030-01-01', startTime: '08:00' },
      scheduling: { agent_id: 'ca-starts', start: '2030-01-02T10:00:00Z', end: '2030-01-02T11:00:00Z' },
    });
    expect((await call(base, `/api/events/${id}`, { version: '1.0.0' })).body.start_time).toBe('2030-01-02T10:00:00Z');
    expect((await call(base, `/api/events/${id}`, { version: '1.3.0' })).body.start).toBe('2030-01-02T10:00:00Z');
    expect((await call(base, `/api/events/${id}`, { version: '1.4.0' })).body.start).toBe('2030-01-01T08:00:00Z');
  });

  it('with* flags add acl, metadata, publications, scheduling (scheduling from 1.1.0 only)', async () => {
    const id = await createId(base, { fields: { title: 'Flags' }, acl: [{ action: 'read', role: 'R' }] });
    const q = '?withacl=true&withmetadata=TRUE&withpublications=1&withscheduling=true';
    const r = await call(base, `/api/events/${id}${q}`);
    expect(r.body.acl).toEqual([{ allow: true, action: 'read', role: 'R' }]);
    expect(r.body.metadata[0]).toMatchObject({ flavor: 'dublincore/episode', label: expect.any(String), title: expect.any(String) });
    expect(r.body.publications).toEqual([]);
    expect(r.body.scheduling).toBeNull();
    expect((await call(base, `/api/events/${id}${q}`, { version: '1.0.0' })).body).not.toHaveProperty('scheduling');
    expect((await call(base, `/api/events/${id}?withacl=false`)).body).not.toHaveProperty('acl');
  });

  it('unknown id → 404 on GET, update and DELETE', async () => {
    expect((await call(base, '/api/events/nope')).status).toBe(404);
    expect((await call(base, '/api/events/nope', { method: 'POST', body: eventForm({}) })).status).toBe(404);
    expect((await call(base, '/api/events/nope', { method: 'DELETE' })).status).toBe(404);
  });

  it('create: 400 without metadata, with bad JSON, or an unknown episode field; nothing is created', async () => {
    const before = (await call(base, '/api/events')).body.length;
    const noMeta = new FormData();
    noMeta.append('acl', '[]');
    expect((await call(base, '/api/events', { method: 'POST', body: noMeta })).status).toBe(400);
    const badJson = new FormData();
    badJson.append('metadata', '[{');
    const r = await call(base, '/api/events', { method: 'POST', body: badJson });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/metadata/);
    const unknown = await create(base, { fields: { title: 'x', nonsense: 'y' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/nonsense/);
    expect((await call(base, '/api/events')).body.length).toBe(before);
  });

  it('update changes only what is sent; a 400 changes nothing', async () => {
    const id = await createId(base, { fields: { title: 'Before', description: 'keep me', location: 'Room 1' }, acl: [{ action: 'read', role: 'A' }] });
    const fd = new FormData();
    fd.append('metadata', JSON.stringify([{ flavor: 'dublincore/episode', fields: [{ id: 'title', value: 'After' }] }]));
    expect((await call(base, `/api/events/${id}`, { method: 'POST', body: fd })).status).toBe(204);
    const got = (await call(base, `/api/events/${id}?withacl=true`)).body;
    expect(got).toMatchObject({ title: 'After', description: 'keep me', location: 'Room 1', acl: [{ allow: true, action: 'read', role: 'A' }] });
    const bad = new FormData();
    bad.append('metadata', JSON.stringify([{ flavor: 'dublincore/episode', fields: [{ id: 'title', value: 'Never' }] }]));
    bad.append('acl', '{"not":"an array"}');
    expect((await call(base, `/api/events/${id}`, { method: 'POST', body: bad })).status).toBe(400);
    expect((await call(base, `/api/events/${id}`)).body.title).toBe('After');
  });

  it('a part named acls is not the part acl (spec § POST /api/events parts table): ignored on create and update', async () => {
    const fd = new FormData();
    fd.append('metadata', JSON.stringify([{ flavor: 'dublincore/episode', fields: [{ id: 'title', value: 'acls' }] }]));
    fd.append('acls', JSON.stringify([{ action: 'read', role: 'C', allow: true }]));
    const created = await call(base, '/api/events', { method: 'POST', body: fd });
    expect(created.status).toBe(201);
    const id = created.body.identifier as string;
    expect((await call(base, `/api/events/${id}/acl`)).body).toEqual([]);
    const up = new FormData();
    up.append('acls', JSON.stringify([{ action: 'write', role: 'W', allow: true }]));
    expect((await call(base, `/api/events/${id}`, { method: 'POST', body: up })).status).toBe(204);
    expect((await call(base, `/api/events/${id}/acl`)).body).toEqual([]);
  });

  it('DELETE → 204 and gone (every version, unpublished event)', async () => {
    for (const version of ['1.0.0', '1.6.0'] as const) {
      const id = await createId(base, { fields: { title: `Delete ${version}` } });
      expect((await call(base, `/api/events/${id}`, { method: 'DELETE', version })).status).toBe(204);
      expect((await call(base, `/api/events/${id}`)).status).toBe(404);
    }
  });

  it('a malformed multipart body → 400', async () => {
    const r = await call(base, '/api/events', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: new URLSearchParams('garbage=1'),
    });
    expect(r.status).toBe(400);
  });
});
