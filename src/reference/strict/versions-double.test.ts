import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayBody } from '../wire-body.js';
import { parseWire, type WireRequest } from '../wire-format.js';
import { inspectRequest } from './inspect.js';
import { QUOTE } from './spec-quotes.js';
import { compareVersions, versionAtLeast } from './versions.js';
import { parsePartLines } from './wire-parts.js';

/**
 * The double's version ranges (routes.ts), read at versions 1.6.0 to 1.11.0: GET /media is in every version (the
 * addendum) but left out of the spec of 1.0.0-1.6.0, so below 1.7.0 it is a note, never a refusal; POST /track
 * is a server-release feature (server version 1.9.0 and above, whatever version the request asks for), so a
 * server of 1.6.0 names it and a server of 1.10.0 or 1.11.0 answers it. Versions compare by their numbers:
 * 1.10.0 is newer than 1.9.0, which a comparison of the texts gets wrong.
 */

const CLIENTS = new URL('../../../test/fixtures/clients/', import.meta.url);
const PHP = ['wire-1.6.0.txt', 'wire-1.1.0.txt', 'wire-none.txt', 'wire-extra.txt'].map((f) => parseWire(f, readFileSync(new URL(`opencast-php-library-2.0.0/${f}`, CLIENTS), 'latin1')));
const OCPY = parsePartLines('wire-1.6.0.txt', readFileSync(new URL('ocpy-client/wire-1.6.0.txt', CLIENTS), 'utf8'));
const at = (path: RegExp, list: WireRequest[][]) => list.flat().filter((r) => path.test(r.target.split('?')[0]));
const PHP_MEDIA = at(/\/media$/, PHP);
const PHP_TRACK = at(/\/track$/, PHP);

async function inspect(r: WireRequest, version: string, serverVersion: string) {
  const body = r.body !== '' || r.flattened ? await replayBody(r) : undefined;
  const headers = { ...r.headers, ...(body?.type ? { 'content-type': body.type } : {}) };
  const found = await inspectRequest({ method: r.method, url: new URL(r.target, 'http://double.invalid'), headers, body: body?.bytes ?? Buffer.alloc(0), version, serverVersion, target: r.target });
  return found.departures.map((d) => [d.kind, d.advisory === true, d.spec]);
}

describe('the client double at 1.6.0 to 1.11.0', () => {
  it("the PHP client's GET /media (3) and POST /track (1) are recorded", () => {
    expect([PHP_MEDIA.length, PHP_TRACK.length]).toEqual([3, 1]);
  });

  it('at 1.11.0 (requested and server version) the PHP client\'s /media and /track pass without a departure or a note', async () => {
    for (const r of [...PHP_MEDIA, ...PHP_TRACK]) expect(await inspect(r, '1.11.0', '1.11.0'), r.source).toEqual([]);
  });

  it('at 1.6.0 they are named: /track refused (a 1.6.0 server has none), /media noted (left out of the spec of 1.6.0, answered)', async () => {
    for (const r of PHP_MEDIA) expect(await inspect(r, '1.6.0', '1.6.0'), r.source).toEqual([['not-described', true, QUOTE.mediaLeftOut]]);
    for (const r of PHP_TRACK) expect(await inspect(r, '1.6.0', '1.6.0'), r.source).toEqual([['not-in-version', false, QUOTE.trackServer]]);
  });

  it('POST /track depends on the server version alone: asked at 1.6.0 of a 1.11.0 server it passes; asked at 1.11.0 of a 1.8.0 server it is named', async () => {
    for (const r of PHP_TRACK) {
      expect(await inspect(r, '1.6.0', '1.11.0')).toEqual([]);
      expect(await inspect(r, '1.8.0', '1.8.0')).toEqual([['not-in-version', false, QUOTE.trackServer]]);
    }
  });

  it('1.10.0 is newer than 1.9.0: a 1.10.0 server has POST /track (a comparison of texts would say it has not)', async () => {
    expect(['1.10.0' < '1.9.0', compareVersions('1.10.0', '1.9.0') > 0, versionAtLeast('1.10.0', '1.9.0'), versionAtLeast('1.9.0', '1.10.0')]).toEqual([true, true, true, false]);
    for (const r of PHP_TRACK) expect(await inspect(r, '1.10.0', '1.10.0')).toEqual([]);
  });

  it("ocpy-client's POST /track: at 1.11.0 its eventId part is noted as ignored (\"Parts with other names are ignored\") and overwriteExisting=False is a boolean (any letter case); at server 1.10.0 its tags part is noted too", async () => {
    const [track] = at(/\/track$/, [OCPY]);
    expect(await inspect(track, '1.11.0', '1.11.0')).toEqual([['ignored', true, QUOTE.trackOtherParts]]);
    expect(await inspect(track, '1.6.0', '1.10.0')).toEqual([['ignored', true, QUOTE.trackOtherParts], ['ignored', true, QUOTE.trackTags]]);
  });

  it('includeInternalPublication: unknown at 1.6.0 (the spec of 1.6.0 has no such parameter), accepted and ignored at 1.7.0-1.10.0 (a note), a flag from 1.11.0', async () => {
    const list = PHP.flat().find((r) => r.target.startsWith('/api/events?includeInternalPublication=true'))!;
    const only = (v: string) => inspect({ ...list, target: '/api/events?includeInternalPublication=true' }, v, '1.11.0');
    expect(await only('1.6.0')).toEqual([['unknown-parameter', false, QUOTE.listParams]]);
    expect(await only('1.7.0')).toEqual([['ignored', true, QUOTE.includeInternal]]);
    expect(await only('1.10.0')).toEqual([['ignored', true, QUOTE.includeInternal]]);
    expect(await only('1.11.0')).toEqual([]);
    const pubs = PHP.flat().find((r) => /\/publications\?sign=true&includeInternalPublication=true$/.test(r.target))!;
    expect(await inspect(pubs, '1.9.0', '1.11.0')).toEqual([['ignored', true, QUOTE.includeInternalPubs]]);
    expect(await inspect(pubs, '1.11.0', '1.11.0')).toEqual([]);
  });
});
