import { describe, expect, it } from 'vitest';
import { actionNamed } from './index.js';
import { startReferenceServer } from '../../reference/index.js';
import { actionTestKit } from './testing.js';
import { partsWithCatalog } from './metadata.js';
import { taggedTitle } from '../../core/event-form.js';
import { Unavailable } from '../../core/unavailable.js';

/** The reason of an Unavailable value (fails the test when the value is not one). */
function reasonOf(v: unknown): string {
  expect(v).toBeInstanceOf(Unavailable);
  return (v as Unavailable).reason;
}

const { envFor, fake, track } = actionTestKit();


const LICENSE = { flavor: 'license/episode', fields: { license: 'evconf test' } };

describe('create-with-catalog', () => {
  it('adds the catalog to the standard metadata part', () => {
    const parts = partsWithCatalog([{ name: 'metadata', value: '[{"flavor":"dublincore/episode","fields":[]}]' }, { name: 'acl', value: '[]' }], LICENSE);
    expect(JSON.parse((parts[0] as { value: string }).value)).toEqual([
      { flavor: 'dublincore/episode', fields: [] },
      { flavor: 'license/episode', fields: [{ id: 'license', value: 'evconf test' }] },
    ]);
    expect(parts[1]).toEqual({ name: 'acl', value: '[]' });
  });

  it('creates the event on a server that keeps the catalog, registers it for cleanup, and names the catalog kept', async () => {
    const ref = await startReferenceServer({ port: 0 });
    track(ref);
    const env = envFor(ref.url);
    const out = await actionNamed('create-with-catalog')(env, { title: 't', catalog: LICENSE }, {});
    const value = out.value as { identifier: string; catalog: unknown };
    expect(value.catalog).toEqual({ flavor: 'license/episode' });
    expect(env.cleanup.pending()).toEqual([value.identifier]);
    expect(out.exchanges.at(-1)?.response?.status).toBe(200);
  });

  it('is Unavailable (with the status and body) when the server rejects the extra catalog on create', async () => {
    const s = await fake((_req, res) => { res.statusCode = 400; res.end('Cannot find a metadata field'); });
    const out = await actionNamed('create-with-catalog')(envFor(s.url), { title: 't', catalog: LICENSE }, {});
    expect(reasonOf(out.value)).toMatch(/refused the create of an event with catalog license\/episode \(POST \/api\/events → 400: Cannot find a metadata field\)/);
  });

  it('names the catalog Unavailable when the created event does not keep it (GET ?type= → 404)', async () => {
    const s = await fake((req, res) => {
      if (req.method === 'POST') { res.statusCode = 201; res.end('{"identifier":"e1"}'); return; }
      res.statusCode = req.url?.includes('/metadata') ? 404 : 200;
      res.end('{}');
    });
    const env = envFor(s.url);
    const out = await actionNamed('create-with-catalog')(env, { title: 't', catalog: LICENSE }, {});
    const v = out.value as { identifier: string; typeIgnored: boolean; catalog: unknown; catalogs: unknown[] };
    expect(v).toMatchObject({ identifier: 'e1', typeIgnored: false });
    expect(reasonOf(v.catalog)).toMatch(/does not keep the license\/episode catalog .*→ 404.*may not have that catalog configured/);
    expect(v.catalogs).toEqual([v.catalog]);
    expect(env.cleanup.pending()).toEqual(['e1']);
  });

  // "?type ignored" is not "catalog not configured".
  it('names the catalog kept when the catalog list shows it although GET ?type= answers dublincore/episode', async () => {
    const ref = await startReferenceServer({ port: 0, mutant: 'metadata-get-type-ignored' });
    track(ref);
    const out = await actionNamed('create-with-catalog')(envFor(ref.url), { title: 't', catalog: LICENSE }, {});
    expect(out.value).toMatchObject({ catalog: { flavor: 'license/episode' } });
  });

  it('with `catalogs`, sends each extra catalog in order; one not kept with every field sent is Unavailable', async () => {
    const two = [LICENSE, { flavor: 'evconf/notes', fields: { note: 'n', topic: 't' } }];
    const parts = partsWithCatalog([{ name: 'metadata', value: '[]' }], two);
    expect(JSON.parse((parts[0] as { value: string }).value).map((c: { flavor: string }) => c.flavor)).toEqual(['license/episode', 'evconf/notes']);
    const ref = await startReferenceServer({ port: 0 });
    track(ref);
    const kept = await actionNamed('create-with-catalog')(envFor(ref.url), { title: 't', catalogs: two }, {});
    expect(kept.value).toMatchObject({ catalogs: [{ flavor: 'license/episode' }, { flavor: 'evconf/notes' }] });
    // A server that keeps the license catalog but only one field of the second: the checks needing both skip.
    const s = await fake((req, res) => {
      if (req.method === 'POST') { res.statusCode = 201; res.end('{"identifier":"e3"}'); return; }
      res.statusCode = 200;
      if (req.url?.includes('type=license')) res.end('[{"id":"license","value":"evconf test"}]');
      else if (req.url?.includes('type=evconf')) res.end('[{"id":"note","value":"n"}]');
      else if (req.url?.includes('/metadata')) res.end('[{"flavor":"license/episode","fields":[{"id":"license","value":"evconf test"}]},{"flavor":"evconf/notes","fields":[{"id":"note","value":"n"}]}]');
      else res.end('{}');
    });
    const partial = await actionNamed('create-with-catalog')(envFor(s.url), { title: 't', catalogs: two }, {});
    const pv = partial.value as { catalogs: unknown[] };
    expect(pv.catalogs[0]).toEqual({ flavor: 'license/episode' });
    expect(reasonOf(pv.catalogs[1])).toMatch(/does not keep the evconf\/notes catalog .*with every field sent \(note, topic\)/);
  });

  it('says that ?type seems ignored (not "not configured") when GET ?type= answers the episode fields', async () => {
    const title = taggedTitle('evconftestv160s0', 't');
    const s2 = await fake((req, res) => {
      if (req.method === 'POST') { res.statusCode = 201; res.end('{"identifier":"e2"}'); return; }
      res.statusCode = 200;
      if (req.url?.includes('/metadata?')) res.end(JSON.stringify([{ id: 'title', value: title }, { id: 'license', value: '' }]));
      else if (req.url?.includes('/metadata')) res.end('[{"flavor":"dublincore/episode","fields":[]}]');
      else res.end('{}');
    });
    const out = await actionNamed('create-with-catalog')(envFor(s2.url), { title: 't', catalog: LICENSE }, {});
    expect(out.value).toMatchObject({ typeIgnored: true });
    const why = reasonOf((out.value as { catalog: unknown }).catalog);
    expect(why).toMatch(/\?type seems ignored/);
    expect(why).not.toMatch(/not have that catalog configured/);
  });
});
