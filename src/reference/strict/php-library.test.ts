import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientRecord, startReferenceServer, type ClientReport } from '../index.js';
import { parseWire } from '../wire-format.js';
import { replayWire, type WireReplayed } from '../wire-replay.js';
import type { Departure } from './departure.js';
import { renderClientReportHtml } from './html.js';
import { QUOTE } from './spec-quotes.js';

/**
 * Elan-ev/opencast-php-library 2.0.0 as recorded on the wire (test/fixtures/clients/
 * opencast-php-library-2.0.0, SOURCES.md there), replayed against `evconf serve --strict`. Every departure the
 * recording shows must be named with its kind and subject, at its endpoint and versions; nothing else may be
 * refused; GET /api/version/default (outside /api/events) is answered 2xx and listed as outside the spec.
 */

const DIR = new URL('../../../test/fixtures/clients/opencast-php-library-2.0.0/', import.meta.url);
const FILES = ['wire-1.6.0.txt', 'wire-1.1.0.txt', 'wire-none.txt', 'wire-extra.txt'];
const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

const E = '/api/events';
const ID = `${E}/{event_id}`;
/** kind · about · subject → endpoints, versions, count. Every one is a departure of the client from the spec. */
const EXPECTED: [string, string[], string[], number][] = [
  ['unknown-parameter · query parameter · includeInternalPublication', [`GET ${E}`, `GET ${ID}`, `GET ${ID}/publications`], ['1.1.0', '1.6.0'], 9],
  ['filter-form · filter · unescaped comma in a filter value', [`GET ${E}`], ['1.1.0', '1.6.0'], 3],
  ['unknown-parameter · query parameter · onlyWithWriteAccess', [`GET ${E}`], ['1.1.0', '1.6.0'], 3],
  ['unknown-parameter · part · acls', [`POST ${ID}`], ['1.1.0', '1.6.0'], 3],
  ['delete-published · event · published event deleted before 1.6.0', [`DELETE ${ID}`], ['1.0.0', '1.1.0'], 2],
  ['body-encoding · body · empty body, no content type', [`POST ${ID}`], ['1.6.0'], 2],
  ['not-in-version · filter · is_part_of', [`GET ${E}`], ['1.0.0'], 1],
  ['not-in-version · filter · title', [`GET ${E}`], ['1.0.0'], 1],
  // A server of version 1.6.0 (the double's newest here) has no POST /track: it came with server version 1.9.0.
  ['not-in-version · endpoint · POST /api/events/{event_id}/track', [`POST ${ID}/track`], ['1.6.0'], 1],
  ["path-encoding · path parameter · {role} with an unescaped '/'", [`DELETE ${ID}/acl/{action}/{role}`], ['1.6.0'], 1],
  ['sort-suffix · sort · title:desc', [`GET ${E}`], ['1.6.0'], 1],
  ['not-boolean · parameter · booleans written 1/0', [`GET ${E}`], ['1.6.0'], 1],
];
/** Advisory notes: answered as the server answers them, never refused. GET /media is in every version by the
 * addendum but left out of the spec of 1.0.0-1.6.0, so a server of those versions may not offer it. */
const ADVICE: [string, string[], string[], number][] = [
  ['not-described · endpoint · GET /api/events/{event_id}/media', [`GET ${ID}/media`], ['1.1.0', '1.6.0'], 3],
];
const EXPECTED_KEYS = new Set(EXPECTED.map(([k]) => k));
const keyOf = (d: { kind: string; about: string; subject: string }) => `${d.kind} · ${d.about} · ${d.subject}`;

describe('opencast-php-library 2.0.0 replayed against evconf serve --strict', () => {
  let close: () => Promise<void>;
  const record = new ClientRecord(true);
  const recordings = FILES.map((f) => parseWire(f, readFileSync(new URL(f, DIR), 'latin1')));
  let done: WireReplayed[] = [];
  let report: ClientReport;
  beforeAll(async () => {
    // Processing and retraction at once: the library polled until published; the replay does not wait.
    // The recording is of a 10.x-era server (server version 1.6.0): the library asks it for its default version.
    const server = await startReferenceServer({ processingDelayMs: 0, retractDelayMs: 0, strict: true, clientRecord: record, serverVersion: '1.6.0' });
    close = server.close;
    for (const r of recordings) done.push(...(await replayWire(server.url, r, recordings.flat())));
    report = record.report();
  }, 60_000);
  afterAll(() => close());

  it('the recording holds 204 requests in its four files, and all are replayed', () => {
    expect(recordings.map((r) => r.length)).toEqual([57, 57, 72, 18]);
    expect([done.length, report.requests]).toEqual([204, 204]);
  });

  it('GET /api/version/default is answered 200 with a version the double serves, and listed outside the spec', () => {
    const version = done.filter((d) => d.target === '/api/version/default');
    expect(version.map((d) => [d.status, JSON.parse(d.text) as unknown])).toEqual(version.map(() => [200, { default: 'v1.6.0' }]));
    expect(report.outsideSpec).toEqual([{ method: 'GET', path: '/api/version/default', count: 24, statuses: { 200: 24 } }]);
    expect(JSON.stringify(report.problems)).not.toContain('/api/version');
  });

  it('nothing is refused that the spec does not forbid: every 400 names only expected departures; other errors are the ones the library provoked', () => {
    const wrong = done.filter((d) => d.status >= 400).flatMap((d) => {
      const deps = (d.status === 400 ? (JSON.parse(d.text) as { departures?: Departure[] }).departures : undefined) ?? [];
      // Not a departure: a 403/404 the spec lists, that the library provoked ([expect …]) or that the recording got too.
      const provoked = d.status === d.request.answer?.expect || ([403, 404].includes(d.status) && d.status === d.request.answer?.status);
      // GET /media is noted, not refused: the server answers it as it does (404 from a server without the endpoint).
      const noted = d.status !== 400 && d.request.method === 'GET' && /\/media$/.test(d.target);
      const ok = deps.length > 0 ? deps.every((x) => EXPECTED_KEYS.has(keyOf(x))) : provoked || noted;
      return ok ? [] : [`${d.request.source} ${d.request.method} ${d.target} → ${d.status} ${d.text.slice(0, 200)}`];
    });
    expect(wrong).toEqual([]);
    // Besides the ones it meant to provoke ([expect 403/404]), the library met one 404: a catalog the event lacks.
    // (GET /media is the server's to answer: 404 from a server without the endpoint, 200 from one with it.)
    expect(done.filter((d) => d.status > 400 && d.request.answer?.expect === undefined && !/\/media$/.test(d.target)).map((d) => [d.request.source, d.status])).toEqual([
      ['wire-1.6.0.txt#31', 404], ['wire-1.1.0.txt#31', 404], ['wire-none.txt#44', 404],
    ]);
  });

  it('the report names every departure of the recording as its own problem, with its endpoints, versions and count, and nothing else', () => {
    expect(report.problems.map((p) => [keyOf(p), p.endpoints, p.versions, p.count])).toEqual(EXPECTED.map(([k, e, v, n]) => [k, e, v, n]));
    expect(report.advice.map((p) => [keyOf(p), p.endpoints, p.versions, p.count])).toEqual(ADVICE);
    expect(report.headline).toBe(`${EXPECTED.length} distinct departures in ${report.departingRequests} of 204 requests; ${ADVICE.length} advisory note (answered, not refused)`);
    expect(report.departingRequests).toBe(done.filter((d) => d.status === 400).length + 2);
  });

  it('each group carries the spec sentence, the endpoint and one full request with a curl line', () => {
    const acls = report.problems.find((p) => p.subject === 'acls')!;
    expect(acls.groups.map((g) => [g.endpoint, g.version, g.count, g.spec])).toEqual([
      [`POST ${ID}`, '1.6.0', 2, QUOTE.updateParts], [`POST ${ID}`, '1.1.0', 1, QUOTE.updateParts],
    ]);
    const ex = acls.groups[0].example;
    expect([ex.request.method, ex.request.target.startsWith('/api/events/'), ex.request.body?.map(([n]) => n), ex.mark]).toEqual(['POST', true, ['acls'], 'acls']);
    expect(ex.curl).toMatch(/^curl -sS -i -X POST "\$EVCONF_URL"\/api\/events\/[0-9a-f-]{36} -H 'accept: application\/v1\.6\.0\+json' --form-string 'acls=\[\{"allow":true,/);
    const published = report.problems.find((p) => p.kind === 'delete-published')!;
    expect(published.groups.map((g) => [g.version, g.refused, g.spec])).toEqual([['1.1.0', false, QUOTE.retractFirst], ['1.0.0', false, QUOTE.retractFirst]]);
    expect(done.filter((d) => d.request.method === 'DELETE' && /^\/api\/events\/[^/]+$/.test(d.target) && !d.request.headers.accept?.includes('1.6.0') && d.request.headers.accept).map((d) => d.status)).toEqual([204, 204, 204, 204, 204, 204]);
    const slash = report.problems.find((p) => p.kind === 'path-encoding')!.groups[0];
    expect([slash.spec, slash.example.mark, slash.example.message]).toEqual([QUOTE.deleteAcePath, 'ROLE_GROUP_A/B%20C', expect.stringContaining("send '/' inside a path parameter as %2F (ROLE_GROUP_A%2FB%20C)")]);
  });

  it('the HTML says the same: the headline, each problem, the offending bit marked, the curl lines, the version endpoint outside the spec', () => {
    const html = renderClientReportHtml(report);
    expect(html).toContain(report.headline);
    for (const p of report.problems) expect(html).toContain(`id="${p.id}"`);
    expect(html).toContain('<mark>acls</mark> = [{');
    expect(html).toContain('<mark>includeInternalPublication=true</mark>');
    expect(html).toContain('<mark>textFilter:Hello, world</mark>');
    expect(html).toContain('<mark>ROLE_GROUP_A/B%20C</mark>');
    expect(html).toContain('<mark>(no body)</mark>');
    expect(html).toContain('GET /api/version/default');
    expect(html).toContain('$EVCONF_URL');
  });

  it("README's excerpt for client developers is this replay's report", () => {
    for (const line of [report.headline, ...report.problems.slice(0, 8).map((p) => p.line), ...report.advice.map((p) => `advice: ${p.line}`)]) expect(README.includes(line), line).toBe(true);
  });
});

/**
 * The same recording against a double pinned to one version (`evconf serve --strict --api-version X`): GET /media is
 * in every version from 1.7.0 by the addendum, POST /track on servers of version 1.9.0 and newer, so at 1.11.0 neither
 * is a departure nor a note; at 1.6.0 (the spec of 1.0.0-1.6.0 leaves both out) the report names them.
 */
describe('opencast-php-library 2.0.0: /media and /track against a double pinned to 1.11.0 and to 1.6.0', () => {
  const recordings = FILES.map((f) => parseWire(f, readFileSync(new URL(f, DIR), 'latin1')));
  const mediaOrTrack = (p: { endpoints: string[] }) => p.endpoints.some((e) => /\/(media|track)$/.test(e));
  async function replayPinned(apiVersion: '1.6.0' | '1.11.0'): Promise<{ report: ClientReport; done: WireReplayed[] }> {
    const record = new ClientRecord(true);
    const server = await startReferenceServer({ processingDelayMs: 0, retractDelayMs: 0, strict: true, clientRecord: record, apiVersion });
    const done: WireReplayed[] = [];
    try {
      for (const r of recordings) done.push(...(await replayWire(server.url, r, recordings.flat())));
    } finally {
      await server.close();
    }
    return { report: record.report(), done };
  }

  it('1.11.0: the PHP client\'s /media and /track are answered, with no departure and no note', async () => {
    const { report, done } = await replayPinned('1.11.0');
    const sent = done.filter((d) => /\/(media|track)$/.test(d.target));
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(sent.filter((d) => d.status === 400)).toEqual([]);
    expect([...report.problems, ...report.advice].filter(mediaOrTrack).map((p) => p.line)).toEqual([]);
  }, 60_000);

  it('1.6.0: the report names them (POST /track refused as not in the version, GET /media noted)', async () => {
    const { report } = await replayPinned('1.6.0');
    expect(report.problems.filter(mediaOrTrack).map(keyOf)).toContain('not-in-version · endpoint · POST /api/events/{event_id}/track');
    expect(report.advice.filter(mediaOrTrack).map(keyOf)).toContain('not-described · endpoint · GET /api/events/{event_id}/media');
  }, 60_000);
});
