import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from './index.js';
import { call, createId, until, VIDEO } from './testkit.js';

describe('processing, publications and the 1.6.0 DELETE', () => {
  let base: string;
  let close: () => Promise<void>;
  // A processing delay long enough to observe RUNNING on a loaded machine.
  beforeAll(async () => ({ url: base, close } = await startReferenceServer({ processingDelayMs: 400, retractDelayMs: 400 })));
  afterAll(() => close());

  const processed = async (id: string) => {
    await until(async () => (await call(base, `/api/events/${id}`)).body.processing_state === 'SUCCEEDED');
  };

  it('RUNNING → SUCCEEDED; media gives a publication describing the uploaded bytes', async () => {
    const audio = { part: 'audio', bytes: Buffer.from([0, 1, 2, 255]), type: 'audio/mpeg', name: 'a.mp3' };
    const id = await createId(base, { fields: { title: 'Pub' }, files: [VIDEO, audio] });
    expect((await call(base, `/api/events/${id}`)).body).toMatchObject({ processing_state: 'RUNNING', status: 'EVENTS.EVENTS.STATUS.PROCESSING' });
    await processed(id);
    const ev = (await call(base, `/api/events/${id}?withpublications=true`)).body;
    // Addendum § Publication (addition in 1.11.0): publication_status "lists the channel of every publication, internal
    // included, at every version".
    expect(ev).toMatchObject({ status: 'EVENTS.EVENTS.STATUS.PROCESSED', has_previews: true, publication_status: ['engage-player', 'internal'] });
    const pubs = (await call(base, `/api/events/${id}/publications`)).body;
    // Spec § Publication: media, attachments and metadata are "Only in the single-publication response".
    expect(pubs).toEqual(ev.publications.map(({ id: pid, channel, mediatype, url }: Record<string, unknown>) => ({ id: pid, channel, mediatype, url })));
    expect(pubs).toHaveLength(1);
    const one = (await call(base, `/api/events/${id}/publications/${pubs[0].id}`)).body;
    expect(one).toMatchObject(pubs[0]);
    expect(one).toEqual(ev.publications[0]);
    expect(one.url.startsWith(`${base}/publications/`)).toBe(true);
    const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
    expect(one.media).toEqual([
      expect.objectContaining({ flavor: 'presenter/delivery', mediatype: 'video/mp4', size: VIDEO.bytes.length, checksum: md5(VIDEO.bytes), has_video: true, has_audio: true, tags: ['engage-download'], description: '', duration: 0 }),
      expect.objectContaining({ flavor: 'audio/delivery', mediatype: 'audio/mpeg', size: 4, checksum: md5(audio.bytes), has_video: false, has_audio: true }),
    ]);
    expect(one.attachments).toHaveLength(1);
    expect(one.metadata[0]).toMatchObject({ flavor: 'dublincore/episode', mediatype: 'text/xml', size: expect.any(Number), checksum: expect.any(String), tags: expect.any(Array) });
  });

  it('no media → SUCCEEDED without publications; 404 for unknown event or publication', async () => {
    const id = await createId(base, { fields: { title: 'Nothing' } });
    await processed(id);
    expect((await call(base, `/api/events/${id}/publications`)).body).toEqual([]);
    expect((await call(base, `/api/events/${id}/publications/nope`)).status).toBe(404);
    expect((await call(base, '/api/events/nope/publications')).status).toBe(404);
    expect((await call(base, '/api/events/nope/publications/x')).status).toBe(404);
  });

  it('1.6.0 DELETE of a published event → 202, GET still 200, then gone', async () => {
    const id = await createId(base, { files: [VIDEO] });
    await processed(id);
    expect((await call(base, `/api/events/${id}`, { method: 'DELETE', version: '1.6.0' })).status).toBe(202);
    expect((await call(base, `/api/events/${id}`)).status).toBe(200);
    await until(async () => (await call(base, `/api/events/${id}`)).status === 404);
  });

  it('below 1.6.0 DELETE of a published event → 204 and gone at once', async () => {
    const id = await createId(base, { files: [VIDEO] });
    await processed(id);
    expect((await call(base, `/api/events/${id}`, { method: 'DELETE', version: '1.5.0' })).status).toBe(204);
    expect((await call(base, `/api/events/${id}`)).status).toBe(404);
  });
});
