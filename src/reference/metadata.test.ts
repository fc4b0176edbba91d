import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from './index.js';
import { call, createId, form } from './testkit.js';

describe('metadata endpoints', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => ({ url: base, close } = await startReferenceServer({})));
  afterAll(() => close());

  const fields = async (id: string, type = 'dublincore/episode') =>
    Object.fromEntries(((await call(base, `/api/events/${id}/metadata?type=${type}`)).body as { id: string; value: unknown }[]).map((f) => [f.id, f.value]));
  const put = (id: string, type: string, values: unknown) =>
    call(base, `/api/events/${id}/metadata?type=${type}`, { method: 'PUT', body: form({ metadata: typeof values === 'string' ? values : JSON.stringify(values) }) });

  it('GET /metadata: catalogs {label, title, flavor, fields}; fields carry id/label/value/type/readOnly/required', async () => {
    const id = await createId(base, { fields: { title: 'M', subjects: ['x'] }, extra: [{ flavor: 'license/episode', fields: { license: 'CC0' } }] });
    const cats = (await call(base, `/api/events/${id}/metadata`)).body;
    expect(cats.map((c: { flavor: string }) => c.flavor)).toEqual(['dublincore/episode', 'license/episode']);
    const title = cats[0].fields.find((f: { id: string }) => f.id === 'title');
    expect(title).toEqual({ id: 'title', label: expect.any(String), value: 'M', type: 'text', readOnly: false, required: true });
    expect(await fields(id, 'license/episode')).toEqual({ license: 'CC0' });
    expect((await call(base, `/api/events/${id}/metadata?type=other/episode`)).status).toBe(404);
  });

  it('PUT merges: only the sent fields change; null → ""; subject as a comma string; startTime forms', async () => {
    const id = await createId(base, { fields: { title: 'T', description: 'D', location: 'L', startDate: '2030-05-05', startTime: '10:00:00Z' } });
    expect((await put(id, 'dublincore/episode', [{ id: 'description', value: null }, { id: 'subject', value: 'a, b' }, { id: 'startTime', value: '12:34' }])).status).toBe(204);
    const f = await fields(id);
    expect(f).toMatchObject({ title: 'T', description: '', location: 'L', subjects: ['a', 'b'], startDate: '2030-05-05', startTime: '12:34:00Z' });
    expect((await call(base, `/api/events/${id}`)).body.start).toBe('2030-05-05T12:34:00Z');
  });

  it('PUT 400: bad JSON, not an array, unknown field, empty required title; nothing applied', async () => {
    const id = await createId(base, { fields: { title: 'Keep' } });
    expect((await put(id, 'dublincore/episode', '[{')).status).toBe(400);
    expect((await put(id, 'dublincore/episode', { id: 'title', value: 'x' })).status).toBe(400);
    const r = await put(id, 'dublincore/episode', [{ id: 'title', value: 'Changed' }, { id: 'colour', value: 'red' }]);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/colour/);
    expect((await put(id, 'dublincore/episode', [{ id: 'title', value: '' }])).status).toBe(400);
    expect((await fields(id)).title).toBe('Keep');
  });

  it('PUT on an unknown catalog or event → 404; extra catalog fields merge', async () => {
    const id = await createId(base, { extra: [{ flavor: 'custom/x', fields: { a: '1', b: '2' } }] });
    expect((await put(id, 'missing/x', [{ id: 'a', value: '1' }])).status).toBe(404);
    expect((await put('nope', 'dublincore/episode', [{ id: 'title', value: '1' }])).status).toBe(404);
    expect((await put(id, 'custom/x', [{ id: 'b', value: '3' }])).status).toBe(204);
    expect(await fields(id, 'custom/x')).toEqual({ a: '1', b: '3' });
  });

  it('DELETE dublincore/episode → 403; another catalog → 204 and gone', async () => {
    const id = await createId(base, { extra: [{ flavor: 'custom/y', fields: { a: '1' } }] });
    expect((await call(base, `/api/events/${id}/metadata?type=dublincore/episode`, { method: 'DELETE' })).status).toBe(403);
    expect((await call(base, `/api/events/${id}/metadata?type=custom/y`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(base, `/api/events/${id}/metadata?type=custom/y`)).status).toBe(404);
    expect((await call(base, `/api/events/${id}/metadata?type=custom/y`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(base, '/api/events/nope/metadata')).status).toBe(404);
  });

  it('event fields map from catalog fields', async () => {
    const id = await createId(base, { fields: { title: 'Map', creator: ['P'], rightsHolder: 'RH', isPartOf: 'S9', language: 'en', license: 'BSD', source: 'src' } });
    expect((await call(base, `/api/events/${id}`)).body).toMatchObject({ presenter: ['P'], rightsholder: 'RH', is_part_of: 'S9', series: 'Series S9', language: 'en', license: 'BSD', source: 'src' });
  });
});
