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
  ['unknown-endpoint · endpoint · GET /api/events/{event_id}/media', [`GET ${ID}/media`], ['1.1.0', '1.6.0'], 3],
  ['delete-published · event · published event deleted before 1.6.0', [`DELETE ${ID}`], ['1.0.0', '1.1.0'], 2],
  ['body-encoding · body · empty body, no content type', [`POST ${ID}`], ['1.6.0'], 2],
  ['not-in-version · filter · is_part_of', [`GET ${E}`], ['1.0.0'], 1],
  ['not-in-version · filter · title', [`GET ${E}`], ['1.0.0'], 1],
  ['unknown-endpoint · endpoint · POST /api/events/{event_id}/track', [`POST ${ID}/track`], ['1.6.0'], 1],
  ["path-encoding · path parameter · {role} with an unescaped '/'", [`DELETE ${ID}/acl/{action}/{role}`], ['1.6.0'], 1],
  ['sort-suffix · sort · title:desc', [`GET ${E}`], ['1.6.0'], 1],
  ['not-boolean · query parameter · withacl', [`GET ${E}`], ['1.6.0'], 1],
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
    const server = await startReferenceServer({ processingDelayMs: 0, retractDelayMs: 0, strict: true, clientRecord: record });
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
      const ok = deps.length > 0 ? deps.every((x) => EXPECTED_KEYS.has(keyOf(x))) : provoked;
      return ok ? [] : [`${d.request.source} ${d.request.method} ${d.target} → ${d.status} ${d.text.slice(0, 200)}`];
    });
    expect(wrong).toEqual([]);
    // Besides the ones it meant to provoke ([expect 403/404]), the library met one 404: a catalog the event lacks.
    expect(done.filter((d) => d.status > 400 && d.request.answer?.expect === undefined).map((d) => [d.request.source, d.status])).toEqual([
      ['wire-1.6.0.txt#31', 404], ['wire-1.1.0.txt#31', 404], ['wire-none.txt#44', 404],
    ]);
  });

  it('the report names every departure of the recording as its own problem, with its endpoints, versions and count, and nothing else', () => {
    expect(report.problems.map((p) => [keyOf(p), p.endpoints, p.versions, p.count])).toEqual(EXPECTED.map(([k, e, v, n]) => [k, e, v, n]));
    expect(report.headline).toBe(`${EXPECTED.length} distinct departures in ${report.departingRequests} of 204 requests`);
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
    for (const line of [report.headline, ...report.problems.slice(0, 8).map((p) => p.line)]) expect(README.includes(line), line).toBe(true);
  });
});
