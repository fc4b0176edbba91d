import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientRecord, startReferenceServer, type ClientReport } from '../index.js';
import { replayWire, type WireReplayed } from '../wire-replay.js';
import type { Departure } from './departure.js';
import { renderClientReportHtml } from './html.js';
import { QUOTE } from './spec-quotes.js';
import { parsePartLines } from './wire-parts.js';

/**
 * The Python client library ocpy-client as recorded on the wire (test/fixtures/clients/ocpy-client, SOURCES.md
 * there), replayed against `evconf serve --strict` pinned to the version each recording was made at. A
 * conformant server must accept `…T10:00:00+00:00` where the spec says "datetime (UTC)" and an empty `sort=`
 * (a list with no entries), so the double may refuse neither; it must name what the library does leave the spec
 * with: booleans written `True`/`False` (one cause, one problem), a part sent twice (as field and as file), an
 * empty file part, a trailing slash on POST /api/events/, POST …/track on a server older than 1.9.0; and note
 * the filter `series` from 1.1.0 ("From 1.1.0 use is_part_of instead") as advice, not a refusal.
 */

const DIR = new URL('../../../test/fixtures/clients/ocpy-client/', import.meta.url);
const SPEC = readFileSync(new URL('../../../specs/events-api.md', import.meta.url), 'utf8');
const ADDENDUM = readFileSync(new URL('../../../specs/events-api-1.7-1.11.md', import.meta.url), 'utf8');
const FILES = [['wire-1.6.0.txt', '1.6.0'], ['wire-1.1.0.txt', '1.1.0']] as const;
const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

const E = '/api/events';
const ID = `${E}/{event_id}`;
const TF = 'booleans written True/False';
/** kind · about · subject → departures, requests, endpoints, versions. Every one a departure of the library. */
const EXPECTED: [string, number, number, string[], string[]][] = [
  [`not-boolean · parameter · ${TF}`, 174, 38, [`GET ${E}`, `GET ${ID}`, `PUT ${ID}/scheduling`], ['1.1.0', '1.6.0']],
  ['duplicate-part · part · part sent twice, once as a field, once as a file', 32, 8, [`POST ${E}`], ['1.1.0', '1.6.0']],
  ['trailing-slash · endpoint · spec path with a trailing slash', 10, 10, [`POST ${E}`], ['1.1.0', '1.6.0']],
  ['empty-file · part · empty file part', 6, 2, [`POST ${ID}`], ['1.1.0', '1.6.0']],
  ['sort-suffix · sort · title:desc', 2, 2, [`GET ${E}`], ['1.1.0', '1.6.0']],
  ['filter-form · filter · unescaped comma in a filter value', 2, 2, [`GET ${E}`], ['1.1.0', '1.6.0']],
  ['unknown-parameter · part · eventId', 2, 2, [`POST ${ID}`], ['1.1.0', '1.6.0']],
  ['not-json · part · acl', 2, 2, [`POST ${ID}`], ['1.1.0', '1.6.0']],
  ['not-json · part · scheduling', 2, 2, [`POST ${ID}`], ['1.1.0', '1.6.0']],
  ['not-json · part · processing', 2, 2, [`POST ${ID}`], ['1.1.0', '1.6.0']],
  ['not-in-version · endpoint · POST /api/events/{event_id}/track', 2, 2, [`POST ${ID}/track`], ['1.1.0', '1.6.0']],
  ['not-in-version · form parameter · allowConflict', 2, 2, [`PUT ${ID}/scheduling`], ['1.1.0']],
];
const ADVICE: [string, number, string[]][] = [['deprecated · filter · series', 2, ['1.1.0', '1.6.0']]];
const keyOf = (d: { kind: string; about: string; subject: string }) => `${d.kind} · ${d.about} · ${d.subject}`;
const EXPECTED_KEYS = new Set(EXPECTED.map(([k]) => k));

describe('ocpy-client (Python) replayed against evconf serve --strict', () => {
  const record = new ClientRecord(true);
  const recordings = FILES.map(([f]) => parsePartLines(f, readFileSync(new URL(f, DIR), 'utf8')));
  const done: WireReplayed[] = [];
  let report: ClientReport;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    for (const [i, [, version]] of FILES.entries()) {
      // One server per recording, pinned to the version it was recorded at (the library sends Accept: */*).
      const server = await startReferenceServer({ apiVersion: version, processingDelayMs: 0, retractDelayMs: 0, strict: true, clientRecord: record });
      closers.push(server.close);
      done.push(...(await replayWire(server.url, recordings[i])));
    }
    report = record.report();
  }, 60_000);
  afterAll(async () => {
    for (const close of closers) await close();
  });

  const deps = (d: WireReplayed): Departure[] => (d.status === 400 ? ((JSON.parse(d.text) as { departures?: Departure[] }).departures ?? []) : []);

  it('both recordings are read and replayed: 60 requests each', () => {
    expect(recordings.map((r) => r.length)).toEqual([60, 60]);
    expect([done.length, report.requests]).toEqual([120, 120]);
  });

  it('nothing the spec allows is refused: every 400 names only departures of the library, and every other error is the server\'s own answer', () => {
    const wrong = done.flatMap((d) => {
      if (d.status !== 400) return [];
      const found = deps(d).filter((x) => !x.advisory);
      return found.length > 0 && found.every((x) => EXPECTED_KEYS.has(keyOf(x))) ? [] : [`${d.request.source} ${d.request.method} ${d.target} → ${d.text.slice(0, 300)}`];
    });
    expect(wrong).toEqual([]);
    // Errors other than a refusal: 404s, for the events that the refused creates (POST /api/events/) never made.
    expect([...new Set(done.filter((d) => d.status > 400).map((d) => d.status))]).toEqual([404]);
  });

  it('scheduling start/end written …+00:00 is UTC and sort= is an empty list: neither is named', () => {
    const plusZero = done.filter((d) => /\+00:00"|%2B00%3A00%22/.test(d.request.body));
    expect(plusZero.map((d) => d.request.source)).toEqual([
      'wire-1.6.0.txt#42', 'wire-1.6.0.txt#48', 'wire-1.6.0.txt#50', 'wire-1.1.0.txt#42', 'wire-1.1.0.txt#48', 'wire-1.1.0.txt#50',
    ]);
    expect(plusZero.flatMap(deps).filter((x) => /\.(start|end)$/.test(x.where))).toEqual([]);
    const emptySort = done.filter((d) => /[?&]sort=(&|$)/.test(d.target));
    expect(emptySort.length).toBe(22);
    expect(emptySort.flatMap(deps).filter((x) => x.about === 'sort' || x.where.includes('sort'))).toEqual([]);
    expect(JSON.stringify(report)).not.toMatch(/"subject":"\s*"/);
  });

  it('the report names each cause once, with its count, the requests it is in, its endpoints and versions', () => {
    expect(report.problems.map((p) => [keyOf(p), p.count, p.requests, p.endpoints, p.versions])).toEqual(EXPECTED);
    expect(report.headline).toBe(`${EXPECTED.length} distinct departures in ${report.departingRequests} of 120 requests; 1 advisory note (answered, not refused)`);
    expect(report.departingRequests).toBe(done.filter((d) => d.status === 400).length);
  });

  it('the booleans written True/False are one problem naming every parameter they touched', () => {
    const b = report.problems[0];
    expect(b.names).toEqual(['sign', 'withacl', 'withmetadata', 'withscheduling', 'withpublications', 'allowConflict']);
    expect(b.line).toBe(`not-boolean · parameter ${TF} (sign, withacl, withmetadata, withscheduling, withpublications, allowConflict) · 174× in 38 requests · GET ${E}, GET ${ID}, PUT ${ID}/scheduling · 1.1.0, 1.6.0`);
    expect([...new Set(b.groups.map((g) => g.spec))]).toEqual([QUOTE.flags, QUOTE.withscheduling, QUOTE.allowConflict]);
    // The HTML marks the flag where the example carries it: in the query, or in the body for allowConflict.
    const html = renderClientReportHtml(report);
    expect([html.includes('<mark>sign=True</mark>'), html.includes('<mark>allowConflict = False</mark>')]).toEqual([true, true]);
  });

  it('the four departures the double used to miss are named, each quoting the sentence it breaks', () => {
    const by = (k: string) => [...report.problems, ...report.advice].find((p) => keyOf(p) === k)!;
    const twice = by(EXPECTED[1][0]);
    expect([twice.names, twice.groups[0].spec, twice.groups[0].example.message]).toEqual([['acl', 'metadata', 'processing', 'scheduling'], QUOTE.partAcl, "part 'acl' is sent twice, once as a field, once as a file (the copies are equal); send each part once"]);
    const empty = by('empty-file · part · empty file part');
    expect([empty.names, empty.groups.map((g) => g.spec)]).toEqual([['presenter', 'presentation', 'audio'], [QUOTE.partPresenter, QUOTE.partPresentation, QUOTE.partAudio, QUOTE.partPresenter, QUOTE.partPresentation, QUOTE.partAudio]]);
    const slash = by(EXPECTED[2][0]);
    expect([slash.groups[0].spec, slash.groups[0].example.mark]).toEqual(['POST /api/events', '/api/events/']);
    const series = by('deprecated · filter · series');
    expect([series.advisory, series.groups.map((g) => [g.version, g.refused, g.spec])]).toEqual([true, [['1.6.0', false, QUOTE.seriesFilter], ['1.1.0', false, QUOTE.seriesFilter]]]);
    expect(report.advice.map((p) => [keyOf(p), p.count, p.versions])).toEqual(ADVICE);
  });

  it('the empty scheduling part quotes the scheduling sentence, not the one about acl, catalogs, values and processing', () => {
    const sched = report.problems.find((p) => keyOf(p) === 'not-json · part · scheduling')!;
    expect(sched.groups.map((g) => g.spec)).toEqual([QUOTE.partScheduling, QUOTE.partScheduling]);
    expect(report.problems.find((p) => keyOf(p) === 'not-json · part · acl')!.groups[0].spec).toBe(QUOTE.jsonText);
  });

  it("README's excerpt for client developers is this replay's report", () => {
    for (const line of [report.headline, ...report.problems.slice(0, 4).map((p) => p.line), ...report.advice.map((p) => `advice: ${p.line}`)]) expect(README.includes(line), line).toBe(true);
  });

  it('every sentence the report quotes is in the spec or its addendum', () => {
    const quoted = [...report.problems, ...report.advice].flatMap((p) => p.groups.map((g) => g.spec));
    expect(quoted.filter((q) => !SPEC.includes(q) && !ADDENDUM.includes(q))).toEqual([]);
  });
});

/**
 * The same recordings against the double without --strict (departures recorded, every request answered by the
 * server): the library's whole flow runs, so the requests behind a refused one are judged too. Every request
 * without a departure of its own is answered as the recording's double answered it where that answer was not a
 * refusal; the published event deleted at 1.1.0 is named ("Before 1.6.0 the caller must retract published events
 * before calling it").
 */
describe('ocpy-client replayed against the double without --strict', () => {
  const record = new ClientRecord(false);
  const done: WireReplayed[] = [];
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    for (const [f, version] of FILES) {
      const server = await startReferenceServer({ apiVersion: version, processingDelayMs: 0, retractDelayMs: 0, clientRecord: record });
      closers.push(server.close);
      done.push(...(await replayWire(server.url, parsePartLines(f, readFileSync(new URL(f, DIR), 'utf8')))));
    }
  }, 60_000);
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('every request without a departure of its own is answered 2xx, or with the 4xx the library provoked (409 same slot, 403 episode catalog, 404 missing or deleted)', () => {
    const statuses = done.map((d) => `${d.request.source} ${d.status}`);
    const departing = new Set(record.departing().map((x) => `${x.request.method} ${x.request.target}`));
    const provoked = (d: WireReplayed) => ([403, 409].includes(d.status) && d.request.answer?.status === d.status) || (d.status === 404 && /missing|after delete/.test(d.request.answer?.call ?? ''));
    const odd = done.filter((d) => d.status >= 400 && !departing.has(`${d.request.method} ${d.target}`) && !provoked(d)).map((d) => `${d.request.source} ${d.request.method} ${d.target} → ${d.status} ${d.text.slice(0, 200)}`);
    expect(odd).toEqual([]);
    expect(statuses.filter((s) => / 409$/.test(s))).toEqual(['wire-1.6.0.txt#44 409', 'wire-1.1.0.txt#44 409']);
  });

  it('the creates with scheduling written …+00:00 made their events (201), and the reschedules to …+00:00 were applied (204)', () => {
    expect(done.filter((d) => ['#42', '#48', '#50'].some((n) => d.request.source.endsWith(n))).map((d) => [d.request.source, d.status])).toEqual([
      ['wire-1.6.0.txt#42', 201], ['wire-1.6.0.txt#48', 204], ['wire-1.6.0.txt#50', 204],
      ['wire-1.1.0.txt#42', 201], ['wire-1.1.0.txt#48', 204], ['wire-1.1.0.txt#50', 204],
    ]);
  });

  it('the published event deleted at 1.1.0 is named, recorded and not refused', () => {
    const p = record.report().problems.find((x) => x.kind === 'delete-published')!;
    expect([p.count, p.versions, p.groups[0].refused, p.groups[0].spec]).toEqual([1, ['1.1.0'], false, QUOTE.retractFirst]);
  });
});
