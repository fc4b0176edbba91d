import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rrulePkg from 'rrule';
import { FormData } from 'undici';
import { startReferenceServer } from './index.js';
import { call, create, createId, form } from './testkit.js';

const { RRule } = rrulePkg;

describe('scheduling (1.1.0+)', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => ({ url: base, close } = await startReferenceServer({})));
  afterAll(() => close());

  const single = (agent: string, start: string, end: string) => ({ agent_id: agent, start, end, inputs: ['default'] });

  it('single event: 201, INSTANTIATED, SCHEDULED status, location = agent, GET /scheduling', async () => {
    const id = await createId(base, { fields: { title: 'Rec' }, scheduling: single('ca-1', '2031-03-01T10:00:00Z', '2031-03-01T11:00:00Z') });
    const ev = (await call(base, `/api/events/${id}?withscheduling=true`)).body;
    expect(ev).toMatchObject({ processing_state: 'INSTANTIATED', status: 'EVENTS.EVENTS.STATUS.SCHEDULED', location: 'ca-1', duration: 3_600_000 });
    const s = { agent_id: 'ca-1', start: '2031-03-01T10:00:00Z', end: '2031-03-01T11:00:00Z', inputs: ['default'] };
    expect(ev.scheduling).toEqual(s);
    expect((await call(base, `/api/events/${id}/scheduling`)).body).toEqual(s);
  });

  it('duration instead of end (number or numeric string)', async () => {
    const id = await createId(base, { scheduling: { agent_id: 'ca-2', start: '2031-03-01T10:00:00Z', duration: '1800000' } });
    expect((await call(base, `/api/events/${id}/scheduling`)).body.end).toBe('2031-03-01T10:30:00Z');
  });

  it('400: both end and duration, neither, no agent_id, no start, end before start, bad rrule', async () => {
    const bad = [
      { agent_id: 'ca-3', start: '2031-03-01T10:00:00Z', end: '2031-03-01T11:00:00Z', duration: 3_600_000 },
      { agent_id: 'ca-3', start: '2031-03-01T10:00:00Z' },
      { start: '2031-03-01T10:00:00Z', end: '2031-03-01T11:00:00Z' },
      { agent_id: 'ca-3', end: '2031-03-01T11:00:00Z' },
      { agent_id: 'ca-3', start: '2031-03-01T10:00:00Z', end: '2031-03-01T09:00:00Z' },
      { agent_id: 'ca-3', start: '2031-03-01T10:00:00Z', end: '2031-03-09T10:00:00Z', duration: 60_000, rrule: 'FREQ=SOMETIMES' },
      { agent_id: 'ca-3', start: '2031-03-01T10:00:00Z', end: '2031-03-09T10:00:00Z', rrule: 'FREQ=DAILY' },
    ];
    for (const scheduling of bad) expect((await create(base, { scheduling })).status, JSON.stringify(scheduling)).toBe(400);
  });

  it('rrule → 200 with one identifier per occurrence, each scheduled at its occurrence', async () => {
    const rule = 'FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=9;BYMINUTE=0';
    const start = '2031-01-01T00:00:00Z';
    const end = '2031-01-31T23:59:59Z';
    const r = await create(base, { fields: { title: 'Series' }, scheduling: { agent_id: 'ca-r', start, end, duration: 3_600_000, rrule: rule } });
    expect(r.status).toBe(200);
    const expected = new RRule({ ...RRule.parseString(rule), dtstart: new Date(start), until: new Date(end) }).all();
    expect(r.body).toHaveLength(expected.length);
    const starts = [];
    for (const { identifier } of r.body) starts.push((await call(base, `/api/events/${identifier}/scheduling`)).body.start);
    expect(starts).toEqual(expected.map((d) => d.toISOString().replace('.000', '')));
  });

  it('409 with the conflicting events; nothing created', async () => {
    await createId(base, { fields: { title: 'Holder' }, scheduling: single('ca-c', '2031-05-01T10:00:00Z', '2031-05-01T12:00:00Z') });
    const before = (await call(base, '/api/events?filter=agent_id:ca-c')).body.length;
    const r = await create(base, { fields: { title: 'Clash' }, scheduling: single('ca-c', '2031-05-01T11:00:00Z', '2031-05-01T13:00:00Z') });
    expect(r.status).toBe(409);
    expect(r.body).toEqual([{ start: '2031-05-01T10:00:00Z', end: '2031-05-01T12:00:00Z', title: 'Holder' }]);
    expect((await call(base, '/api/events?filter=agent_id:ca-c')).body).toHaveLength(before);
    const touching = await create(base, { scheduling: single('ca-c', '2031-05-01T12:00:00Z', '2031-05-01T13:00:00Z') });
    expect(touching.status).toBe(201);
  });

  it('occurrences of one rrule that overlap each other → 409', async () => {
    const scheduling = { agent_id: 'ca-self', start: '2031-05-10T10:00:00Z', end: '2031-05-13T10:00:00Z', duration: 2 * 86_400_000, rrule: 'FREQ=DAILY' };
    const r = await create(base, { fields: { title: 'Long' }, scheduling });
    expect(r.status).toBe(409);
    expect(r.body[0]).toMatchObject({ title: 'Long' });
    expect((await call(base, '/api/events?filter=agent_id:ca-self')).body).toEqual([]);
  });

  it('PUT /scheduling: 204 merges, 409 on conflict, 400 when missing; unscheduled event → 400 / GET 204', async () => {
    const a = await createId(base, { fields: { title: 'A' }, scheduling: single('ca-p', '2031-06-01T10:00:00Z', '2031-06-01T11:00:00Z') });
    const b = await createId(base, { fields: { title: 'B' }, scheduling: single('ca-p', '2031-06-01T12:00:00Z', '2031-06-01T13:00:00Z') });
    const put = (id: string, s: object) => call(base, `/api/events/${id}/scheduling`, { method: 'PUT', body: form({ scheduling: JSON.stringify(s) }) });
    expect((await put(b, { start: '2031-06-01T11:30:00Z' })).status).toBe(204);
    expect((await call(base, `/api/events/${b}/scheduling`)).body).toMatchObject({ agent_id: 'ca-p', start: '2031-06-01T11:30:00Z', end: '2031-06-01T13:00:00Z' });
    const c = await put(b, { start: '2031-06-01T10:30:00Z' });
    expect(c.status).toBe(409);
    expect(c.body).toEqual([{ start: '2031-06-01T10:00:00Z', end: '2031-06-01T11:00:00Z', title: 'A' }]);
    expect((await put(a, { end: '2031-06-01T11:15:00Z' })).status).toBe(204);
    expect((await call(base, `/api/events/${b}/scheduling`, { method: 'PUT', body: form({}) })).status).toBe(400);
    const plain = await createId(base);
    expect((await call(base, `/api/events/${plain}/scheduling`)).status).toBe(204);
    expect((await put(plain, { start: '2031-06-01T11:30:00Z' })).status).toBe(400);
    expect((await put('unknown', { start: '2031-06-01T11:30:00Z' })).status).toBe(404);
  });

  it('allowConflict=true (admin, 1.2.0+) skips the check; below 1.2.0 it is ignored', async () => {
    await createId(base, { scheduling: single('ca-x', '2031-07-01T10:00:00Z', '2031-07-01T11:00:00Z') });
    const b = await createId(base, { scheduling: single('ca-x', '2031-07-01T12:00:00Z', '2031-07-01T13:00:00Z') });
    const body = () => form({ scheduling: JSON.stringify({ start: '2031-07-01T10:30:00Z' }), allowConflict: 'true' });
    expect((await call(base, `/api/events/${b}/scheduling`, { method: 'PUT', body: body(), version: '1.1.0' })).status).toBe(409);
    expect((await call(base, `/api/events/${b}/scheduling`, { method: 'PUT', body: body(), version: '1.2.0' })).status).toBe(204);
  });

  it('POST update with a scheduling part merges with a conflict check (409 array)', async () => {
    await createId(base, { fields: { title: 'U1' }, scheduling: single('ca-u', '2031-08-01T10:00:00Z', '2031-08-01T11:00:00Z') });
    const b = await createId(base, { fields: { title: 'U2' }, scheduling: single('ca-u', '2031-08-01T12:00:00Z', '2031-08-01T13:00:00Z') });
    const fd = new FormData();
    fd.append('scheduling', JSON.stringify({ start: '2031-08-01T10:59:00Z' }));
    const r = await call(base, `/api/events/${b}`, { method: 'POST', body: fd });
    expect(r.status).toBe(409);
    expect(r.body[0].title).toBe('U1');
  });

  it('1.0.0: /scheduling paths are unknown, the scheduling part is ignored', async () => {
    const id = await createId(base, { version: '1.0.0', scheduling: single('ca-old', '2031-09-01T10:00:00Z', '2031-09-01T11:00:00Z') });
    expect((await call(base, `/api/events/${id}/scheduling`, { version: '1.0.0' })).status).toBe(404);
    expect((await call(base, `/api/events/${id}`)).body.processing_state).not.toBe('INSTANTIATED');
  });
});
