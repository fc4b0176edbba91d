import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../types.js';
import { catalogEmptiedCheck, catalogViewsCheck, metadataValuesCheck, sameValue, statusIfReadyCheck } from './metadata.js';

/** A check context whose step answered `status` with `body` (JSON text; '' = empty body). */
function ctx(body: unknown, status = 200): CheckContext {
  const text = body === undefined ? '' : JSON.stringify(body);
  const parsed: CheckContext['body'] = text === '' ? { ok: false, reason: 'empty body' } : { ok: true, value: JSON.parse(text) };
  const exchange = {
    request: { method: 'GET', url: 'http://x/api/events/e/metadata', headers: {} },
    response: { status, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.6.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: parsed,
    value: parsed.ok ? parsed.value : undefined, vars: {}, shapes: { validate: () => [], hasShape: () => true },
  };
}

const field = (id: string, value: unknown) => ({ id, value, label: `L.${id}`, type: 'text', readOnly: false, required: false });
const episode = [field('title', 'T'), field('description', 'D'), field('subjects', ['b', 'a'])];
const catalogs = [{ label: 'X', flavor: 'license/episode', fields: [] }, { label: 'E', flavor: 'dublincore/episode', fields: episode }];

describe('metadata-values', () => {
  it('passes when the fields of one catalog hold the values sent (lists in any order)', () => {
    expect(metadataValuesCheck.run(ctx(episode), { values: { title: 'T', subjects: ['a', 'b'] } }).pass).toBe(true);
  });

  it('fails for a changed or missing field and names it', () => {
    const v = metadataValuesCheck.run(ctx(episode), { values: { title: 'T2', location: 'L' } });
    expect(v.pass).toBe(false);
    expect(v.message).toContain('field title is "T", expected "T2"');
    expect(v.message).toContain('field location is missing');
  });

  it('`empty`: a field sent with "" reads back as "", null, [] or absent; a value left fails', () => {
    const p = { values: { title: 'T' }, empty: ['description'] };
    for (const value of ['', null, [], ['']]) expect(metadataValuesCheck.run(ctx([field('title', 'T'), field('description', value)]), p).pass).toBe(true);
    expect(metadataValuesCheck.run(ctx([field('title', 'T')]), p).pass).toBe(true);
    const v = metadataValuesCheck.run(ctx(episode), p);
    expect(v.pass).toBe(false);
    expect(v.message).toContain('description = "D"');
    expect(metadataValuesCheck.run(ctx(episode), { values: { title: 'X' }, empty: ['description'] }).message).toMatch(/title.*; fields still hold/);
  });

  it('a list value holding a comma reads back whole: an array split at the comma fails, one joined string passes', () => {
    const p = { values: { subjects: ['t', 'art, design'] } };
    expect(metadataValuesCheck.run(ctx([field('subjects', ['art, design', 't'])]), p).pass).toBe(true);
    expect(metadataValuesCheck.run(ctx([field('subjects', 't, art, design')]), p).pass).toBe(true);
    expect(metadataValuesCheck.run(ctx([field('subjects', ['t', 'art', 'design'])]), p).pass).toBe(false);
  });

  it('fails when ?type= answers the whole catalog object instead of its fields', () => {
    const v = metadataValuesCheck.run(ctx(catalogs[1]), { values: { title: 'T' } });
    expect(v.pass).toBe(false);
    expect(v.message).toContain('an object with members label, flavor, fields');
  });

  it('finds the catalog by flavor in a catalog list, and fails when that catalog is missing', () => {
    expect(metadataValuesCheck.run(ctx(catalogs), { flavor: 'dublincore/episode', values: { description: 'D' } }).pass).toBe(true);
    const v = metadataValuesCheck.run(ctx([catalogs[0]]), { flavor: 'dublincore/episode', values: { title: 'T' } });
    expect(v.pass).toBe(false);
    expect(v.message).toContain('no catalog with flavor dublincore/episode');
  });

  it('compares text exactly and lists as multisets', () => {
    expect(sameValue('a', 'a')).toBe(true);
    expect(sameValue('a', ['a'])).toBe(false);
    expect(sameValue(['a', 'a'], ['a'])).toBe(false);
    expect(sameValue(['x', 'y'], ['y', 'x'])).toBe(true);
  });
});

describe('catalog-emptied (metadata.delete.removes)', () => {
  it('passes for 404 and for fields without values', () => {
    expect(catalogEmptiedCheck.run(ctx({ error: 'gone' }, 404), {}).pass).toBe(true);
    expect(catalogEmptiedCheck.run(ctx([field('license', ''), field('tags', [])]), {}).pass).toBe(true);
    expect(catalogEmptiedCheck.run(ctx([]), {}).pass).toBe(true);
  });

  it('fails while a field still holds a value, or for another status', () => {
    const v = catalogEmptiedCheck.run(ctx([field('license', 'CC')]), {});
    expect(v.pass).toBe(false);
    expect(v.message).toContain('license');
    expect(catalogEmptiedCheck.run(ctx(undefined, 500), {}).pass).toBe(false);
  });

  it('skips with the precondition reason when one is given', () => {
    expect(catalogEmptiedCheck.run(ctx([field('license', 'CC')]), { skip: 'precondition: no such catalog' }).skip).toBe('precondition: no such catalog');
  });
});

describe('status-if-ready', () => {
  it('is the status check when the precondition holds, a skip otherwise', () => {
    expect(statusIfReadyCheck.run(ctx(undefined, 204), { in: [204], skip: '' }).pass).toBe(true);
    expect(statusIfReadyCheck.run(ctx(undefined, 200), { in: [204], skip: '' }).pass).toBe(false);
    expect(statusIfReadyCheck.run(ctx(undefined, 200), { in: [204], skip: 'precondition: x' }).skip).toBe('precondition: x');
  });
});

describe('metadata-values startAt (the start written in two fields)', () => {
  const fields = (date: string, time: string) => [field('title', 'T'), field('startDate', date), field('startTime', time)];

  it('compares startDate + startTime as one instant, whatever the time format', () => {
    for (const t of ['10:00:00Z', '10:00Z', '10:00:00.000Z']) {
      expect(metadataValuesCheck.run(ctx(fields('2031-06-20', t)), { values: { title: 'T' }, startAt: '2031-06-20T10:00:00Z' }).pass, t).toBe(true);
    }
  });

  it('fails a start that lost its time (midnight) or its date', () => {
    const midnight = metadataValuesCheck.run(ctx(fields('2031-06-20', '00:00:00Z')), { values: { title: 'T' }, startAt: '2031-06-20T10:00:00Z' });
    expect(midnight.pass).toBe(false);
    expect(midnight.message).toMatch(/startTime "00:00:00Z"/);
    expect(metadataValuesCheck.run(ctx(fields('2031-05-12', '10:00:00Z')), { values: { title: 'T' }, startAt: '2031-06-20T10:00:00Z' }).pass).toBe(false);
  });
});

describe('catalog-views', () => {
  /** The views read-catalog-views gives: the catalog list holds `list` for license/episode, ?type answers `typed`. */
  const views = (list: unknown, typed: unknown, typeStatus = 200) => ({
    ...ctx(undefined),
    value: {
      list: { status: 200, catalogs: [{ flavor: 'dublincore/episode', fields: episode }, ...(list === undefined ? [] : [{ flavor: 'license/episode', fields: [field('license', list)] }])] },
      byType: { 'license/episode': { status: typeStatus, ...(typeStatus === 200 ? { fields: typed === undefined ? [] : [field('license', typed)] } : {}) } },
    },
  });
  const want = (value: string | string[]) => [{ flavor: 'license/episode', values: { license: value } }];
  const run = (c: CheckContext, judge: string, value: string | string[] = 'new') => catalogViewsCheck.run(c, { judge, catalogs: want(value) });

  it('passes every judge when both views show the value', () => {
    for (const judge of ['write', 'list', 'type']) expect(run(views('new', 'new'), judge).pass).toBe(true);
  });

  it('blames the write when no view shows the value, and neither view', () => {
    expect(run(views('old', 'old'), 'write').pass).toBe(false);
    expect(run(views('old', 'old'), 'list').pass).toBe(true);
    expect(run(views('old', 'old'), 'type').pass).toBe(true);
    expect(run(views(undefined, undefined, 404), 'write').message).toContain('expected "new"');
  });

  it('blames the catalog list when only the read by type shows the value, and the read by type in the other case', () => {
    expect(run(views('old', 'new'), 'list').pass).toBe(false);
    expect(run(views('old', 'new'), 'write').pass).toBe(true);
    expect(run(views('old', 'new'), 'type').pass).toBe(true);
    expect(run(views('new', 'old'), 'type').pass).toBe(false);
    expect(run(views('new', undefined, 404), 'type').message).toContain('GET ?type answered 404');
    expect(run(views('new', 'old'), 'list').pass).toBe(true);
  });

  it('a list shown as an array or as one joined string passes, but the two views must show it alike', () => {
    expect(run(views(['a', 'b'], ['b', 'a']), 'type', ['a', 'b']).pass).toBe(true);
    expect(run(views('a, b', 'a, b'), 'type', ['a', 'b']).pass).toBe(true);
    const v = run(views(['a', 'b'], 'a,b'), 'type', ['a', 'b']);
    expect(v.pass).toBe(false);
    expect(v.message).toContain('two views of one catalog disagree');
  });

  it('`with`: the single GET with withmetadata=true must show what GET …/metadata shows; without a catalogs member, a skip', () => {
    const base = views('new', 'new');
    const withCat = (value: unknown) => ({ ...base, value: { ...(base.value as object), withMetadata: { status: 200, catalogs: [{ flavor: 'dublincore/episode', fields: episode }, { flavor: 'license/episode', fields: [field('license', value)] }] } } });
    expect(run(withCat('new'), 'with').pass).toBe(true);
    const v = run(withCat('old'), 'with');
    expect(v.pass).toBe(false);
    expect(v.message).toContain('withmetadata=true');
    expect(run(views('old', 'old'), 'with').skip).toContain('without a member holding the catalogs');
  });

  it('skips when the write was refused or the catalog list could not be read', () => {
    expect(catalogViewsCheck.run(views('old', 'old'), { judge: 'write', catalogs: want('new'), writeStatus: 400 }).skip).toContain('not accepted');
    expect(catalogViewsCheck.run({ ...ctx(undefined), value: { list: { status: 500 }, byType: {} } }, { judge: 'write', catalogs: want('new') }).skip).toContain('GET /metadata answered 500');
  });
});
