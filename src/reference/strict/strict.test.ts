import { readFileSync } from 'node:fs';
import { FormData } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientRecord, parseUsers, startReferenceServer, type ClientReport } from '../index.js';
import { call, catalogs, createId, form, type CallOptions, type Res } from '../testkit.js';
import { DEPARTURE_KINDS, type DepartureKind, type SpecSentence } from './departure.js';
import { FILTERS } from './routes.js';
import { renderClientReportHtml } from './html.js';
import { QUOTE } from './spec-quotes.js';

const SPEC = readFileSync(new URL('../../../specs/events-api.md', import.meta.url), 'utf8');
const ADDENDUM = readFileSync(new URL('../../../specs/events-api-1.7-1.11.md', import.meta.url), 'utf8');
const inSpec = (q: string) => SPEC.includes(q) || ADDENDUM.includes(q);
const ADMIN: [string, string] = ['admin', 'strict-secret-pw'];
const USERS = parseUsers(`${ADMIN[0]}:${ADMIN[1]}:ROLE_ADMIN`);

interface Sent { departures?: { kind: DepartureKind; where: string; message: string; spec: string; advisory?: true }[] }
const sentence = (q: SpecSentence) => (typeof q === 'string' ? QUOTE[q] : q.text);

function multipart(parts: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(parts)) fd.append(k, v);
  return fd;
}

const ACL = JSON.stringify([{ action: 'read', role: 'ROLE_X' }, { allow: true, action: 'write', role: 'ROLE_X' }]);
const META = catalogs({ title: 'Strict' });
const PROC = JSON.stringify({ workflow: 'schedule-and-upload', configuration: { straightToPublishing: 'true' } });
const SCHED = { agent_id: 'ca-strict', start: '2034-01-01T10:00:00Z', end: '2034-01-01T11:00:00Z' };

describe('spec quotes', () => {
  it('every sentence a departure quotes occurs verbatim in specs/events-api.md or its addendum specs/events-api-1.7-1.11.md', () => {
    const missing = Object.entries(QUOTE).filter(([, q]) => !inSpec(q)).map(([k]) => k);
    expect(missing).toEqual([]);
  });

  it('each filter quotes its own row of the Filters table, and the table gives the version it appears in', () => {
    expect(Object.values(FILTERS).filter((f) => !SPEC.includes(f.row)).map((f) => f.row)).toEqual([]);
    expect(Object.entries(FILTERS).map(([n, f]) => `${n}:${f.since}${f.deprecatedFrom ? `-${f.insteadUse}@${f.deprecatedFrom}` : ''}`).join(' ')).toBe(
      'contributors:1.0.0 location:1.0.0 series:1.0.0-is_part_of@1.1.0 subject:1.0.0 textFilter:1.0.0 identifier:1.1.0 title:1.1.0 description:1.1.0 series_name:1.1.0 language:1.1.0 created:1.1.0 license:1.1.0 rightsholder:1.1.0 status:1.1.0 is_part_of:1.1.0 source:1.1.0 agent_id:1.1.0 start:1.1.0 technical_start:1.1.0',
    );
  });
});

/**
 * Each departure the strict double knows (src/reference/strict): the request, the departure kind it must be answered with,
 * and the spec sentence the answer must quote. `path` may use {id} (an event created for the case).
 */
const CASES: { name: string; kind: DepartureKind; quote: SpecSentence; path: string; o: () => CallOptions }[] = [
  { name: "update with a part named 'acls'", kind: 'unknown-parameter', quote: 'updateParts', path: '/api/events/{id}', o: () => ({ method: 'POST', body: multipart({ acls: ACL }) }) },
  { name: "create with a part named 'acls' (quotes the parts table)", kind: 'unknown-parameter', quote: 'createParts', path: '/api/events', o: () => ({ method: 'POST', body: multipart({ metadata: META, acls: ACL }) }) },
  { name: 'processing="" (empty part)', kind: 'not-json', quote: 'jsonText', path: '/api/events', o: () => ({ method: 'POST', body: multipart({ metadata: META, acl: ACL, processing: '' }) }) },
  { name: 'acl="" (empty part)', kind: 'not-json', quote: 'jsonText', path: '/api/events/{id}', o: () => ({ method: 'POST', body: multipart({ acl: '' }) }) },
  { name: 'metadata part that is not JSON', kind: 'not-json', quote: 'jsonText', path: '/api/events', o: () => ({ method: 'POST', body: multipart({ metadata: "[{flavor: 'dublincore/episode'}]" }) }) },
  { name: '"value": null for a metadata field', kind: 'wrong-type', quote: 'fieldSent', path: '/api/events/{id}/metadata?type=dublincore/episode', o: () => ({ method: 'PUT', body: form({ metadata: JSON.stringify([{ id: 'description', value: null }]) }) }) },
  { name: 'ACL entry with allow "true" (a string)', kind: 'wrong-type', quote: 'aclAllow', path: '/api/events/{id}/acl', o: () => ({ method: 'PUT', body: form({ acl: JSON.stringify([{ allow: 'true', action: 'read', role: 'R' }]) }) }) },
  { name: 'scheduling duration as a string', kind: 'wrong-type', quote: 'schedDuration', path: '/api/events', o: () => ({ method: 'POST', body: multipart({ metadata: META, scheduling: JSON.stringify({ ...SCHED, end: undefined, duration: '3600000' }) }) }) },
  { name: 'sort by startDate', kind: 'unknown-sort', quote: 'sortNames', path: '/api/events?sort=startDate:ASC', o: () => ({}) },
  { name: 'sort without suffix', kind: 'sort-suffix', quote: 'sort', path: '/api/events?sort=title', o: () => ({}) },
  { name: 'sort with a lower-case suffix', kind: 'sort-suffix', quote: 'sort', path: '/api/events?sort=title:asc', o: () => ({}) },
  { name: 'unknown filter startDate', kind: 'unknown-filter', quote: 'filter', path: '/api/events?filter=startDate:2030-01-01', o: () => ({}) },
  { name: 'filter value with an unescaped comma', kind: 'filter-form', quote: 'filter', path: `/api/events?filter=${encodeURIComponent('title:Hello, world')}`, o: () => ({}) },
  { name: 'start filter that is not <datetime>/<datetime>', kind: 'filter-form', quote: 'filterStart', path: '/api/events?filter=start:2030-01-01', o: () => ({}) },
  { name: 'a version the server does not serve', kind: 'unsupported-version', quote: 'versions', path: '/api/events', o: () => ({ headers: { accept: 'application/v1.99.0+json' } }) },
  { name: 'withacl=1', kind: 'not-boolean', quote: 'flags', path: '/api/events?withacl=1', o: () => ({}) },
  { name: 'allowConflict=yes', kind: 'not-boolean', quote: 'allowConflict', path: '/api/events/{id}/scheduling', o: () => ({ method: 'PUT', body: form({ scheduling: JSON.stringify({ end: '2034-01-01T12:00:00Z' }), allowConflict: 'yes' }) }) },
  { name: 'limit=ten', kind: 'not-integer', quote: 'limit', path: '/api/events?limit=ten', o: () => ({}) },
  { name: 'scheduling with both end and duration', kind: 'scheduling-rule', quote: 'schedBoth', path: '/api/events', o: () => ({ method: 'POST', body: multipart({ metadata: META, scheduling: JSON.stringify({ ...SCHED, duration: 3_600_000 }) }) }) },
  { name: 'scheduling without agent_id', kind: 'scheduling-rule', quote: 'schedRequired', path: '/api/events', o: () => ({ method: 'POST', body: multipart({ metadata: META, scheduling: JSON.stringify({ ...SCHED, agent_id: undefined }) }) }) },
  { name: 'rrule without duration', kind: 'scheduling-rule', quote: 'schedSeveral', path: '/api/events', o: () => ({ method: 'POST', body: multipart({ metadata: META, scheduling: JSON.stringify({ ...SCHED, rrule: 'FREQ=DAILY;BYHOUR=10;BYMINUTE=0' }) }) }) },
  { name: 'unknown query parameter', kind: 'unknown-parameter', quote: 'listParams', path: '/api/events?onlyWithWriteAccess=true', o: () => ({}) },
  { name: "form parameter 'acls' on PUT acl", kind: 'unknown-parameter', quote: 'putAcl', path: '/api/events/{id}/acl', o: () => ({ method: 'PUT', body: form({ acl: ACL, acls: ACL }) }) },
  { name: 'PUT acl without acl', kind: 'missing-parameter', quote: 'putAcl', path: '/api/events/{id}/acl', o: () => ({ method: 'PUT', body: form({}) }) },
  { name: 'create as urlencoded form', kind: 'body-encoding', quote: 'multipart', path: '/api/events', o: () => ({ method: 'POST', body: form({ metadata: META }) }) },
  { name: 'withscheduling in 1.0.0', kind: 'not-in-version', quote: 'withscheduling', path: '/api/events?withscheduling=true', o: () => ({ version: '1.0.0' }) },
  { name: 'filter title in 1.0.0', kind: 'not-in-version', quote: { text: FILTERS.title.row }, path: '/api/events?filter=title:x', o: () => ({ version: '1.0.0' }) },
  { name: 'an endpoint the spec does not have', kind: 'unknown-endpoint', quote: 'whole', path: '/api/events/{id}/comments', o: () => ({}) },
  { name: 'POST /api/events/ (trailing slash)', kind: 'trailing-slash', quote: { text: 'POST /api/events' }, path: '/api/events/', o: () => ({ method: 'POST', body: multipart({ metadata: META, acl: ACL }) }) },
  { name: 'a part sent twice, as a field and as a file', kind: 'duplicate-part', quote: 'partMetadata', path: '/api/events', o: () => {
    const fd = multipart({ metadata: META, acl: ACL });
    fd.append('metadata', new Blob([META]), 'metadata');
    return { method: 'POST', body: fd };
  } },
  // (undici leaves out filename="" when it serializes; the ocpy-client replay sends Python's part with filename "".)
  { name: 'an empty file part (0 bytes)', kind: 'empty-file', quote: 'partPresenter', path: '/api/events/{id}', o: () => {
    const fd = multipart({ acl: ACL });
    fd.append('presenter', new Blob([]), 'empty.mp4');
    return { method: 'POST', body: fd };
  } },
  { name: 'scheduling start at a non-zero offset (not UTC)', kind: 'wrong-type', quote: 'schedStart', path: '/api/events', o: () => ({ method: 'POST', body: multipart({ metadata: META, scheduling: JSON.stringify({ ...SCHED, start: '2034-01-01T11:00:00+01:00' }) }) }) },
  { name: "a role whose '/' is not percent-encoded", kind: 'path-encoding', quote: 'deleteAcePath', path: '/api/events/{id}/acl/read/ROLE_A/B', o: () => ({ method: 'DELETE' }) },
  { name: "a role with a raw '|' (RFC 3986: percent-encoded)", kind: 'path-encoding', quote: 'deleteAcePath', path: '/api/events/{id}/acl/read/ROLE_A|B', o: () => ({ method: 'DELETE' }) },
];

/** Spec-allowed requests that must pass under --strict (the other side of every case above). */
const ALLOWED: { name: string; path: string; o: () => CallOptions; status: number }[] = [
  { name: 'create with acl (allow optional), metadata, processing', path: '/api/events', status: 201, o: () => ({ method: 'POST', body: multipart({ acl: ACL, metadata: META, processing: PROC }) }) },
  { name: 'update with acl', path: '/api/events/{id}', status: 204, o: () => ({ method: 'POST', body: multipart({ acl: ACL }) }) },
  { name: 'metadata value as a string and as an array', path: '/api/events/{id}/metadata?type=dublincore/episode', status: 204, o: () => ({ method: 'PUT', body: form({ metadata: JSON.stringify([{ id: 'title', value: 'T' }, { id: 'subjects', value: ['a', 'b'] }]) }) }) },
  { name: 'list with filters, sort, paging and flags', path: `/api/events?${new URLSearchParams({ filter: 'title:x,contributors:A,start:2030-01-01T00:00:00Z/2031-01-01T00:00:00Z', sort: 'start_date:DESC,title:ASC', limit: '5', offset: '0', withacl: 'true', withmetadata: 'false', sign: 'false' })}`, status: 200, o: () => ({}) },
  { name: 'scheduled create with end', path: '/api/events', status: 201, o: () => ({ method: 'POST', body: multipart({ metadata: META, scheduling: JSON.stringify({ ...SCHED, agent_id: 'ca-strict-ok' }) }) }) },
  { name: 'scheduling update with allowConflict=false', path: '/api/events/{id}/scheduling', status: 204, o: () => ({ method: 'PUT', body: form({ scheduling: JSON.stringify({ agent_id: 'ca-strict-2', start: '2035-01-01T10:00:00Z', end: '2035-01-01T11:00:00Z' }), allowConflict: 'false' }) }) },
  { name: 'add a permission', path: '/api/events/{id}/acl/read', status: 204, o: () => ({ method: 'POST', body: form({ role: 'ROLE_Y' }) }) },
  // "datetime (UTC)": +00:00 is the zero offset, the same instant as Z (RFC 3339 §5.6); fractional seconds are RFC 3339 too.
  { name: 'scheduled create with start and end written +00:00', path: '/api/events', status: 201, o: () => ({ method: 'POST', body: multipart({ metadata: META, scheduling: JSON.stringify({ agent_id: 'ca-strict-plus', start: '2034-02-01T10:00:00+00:00', end: '2034-02-01T11:00:00+00:00' }) }) }) },
  { name: 'scheduling update with fractional seconds', path: '/api/events/{id}/scheduling', status: 204, o: () => ({ method: 'PUT', body: form({ scheduling: JSON.stringify({ start: '2036-01-01T10:00:00.000Z', end: '2036-01-01T11:30:00.5Z' }) }) }) },
  // A comma-separated list with no entries asks for no sort and no filter.
  { name: 'empty sort and filter lists', path: '/api/events?sort=&filter=&limit=2', status: 200, o: () => ({}) },
  { name: 'a start range filter written with +00:00', path: `/api/events?${new URLSearchParams({ filter: 'start:2030-01-01T00:00:00+00:00/2031-01-01T00:00:00+00:00' })}`, status: 200, o: () => ({}) },
];

/** Spec-allowed or spec-silent requests answered as a lenient server would, with an advisory note (never refused). */
const NOTED: { name: string; kind: DepartureKind; quote: SpecSentence; path: string; o: () => CallOptions; status?: number }[] = [
  { name: "filter series from 1.1.0 ('From 1.1.0 use is_part_of instead')", kind: 'deprecated', quote: 'seriesFilter', path: '/api/events?filter=series:s-1', status: 200, o: () => ({}) },
  { name: 'scheduling start written -00:00 (RFC 3339 §4.3: UTC, local offset unknown)', kind: 'lenient', quote: 'schedStart', path: '/api/events', status: 201, o: () => ({ method: 'POST', body: multipart({ metadata: META, scheduling: JSON.stringify({ agent_id: 'ca-strict-minus', start: '2034-03-01T10:00:00-00:00', end: '2034-03-01T11:00:00Z' }) }) }) },
  { name: 'scheduling end without seconds (outside RFC 3339, one instant still)', kind: 'lenient', quote: 'schedEnd', path: '/api/events', status: 201, o: () => ({ method: 'POST', body: multipart({ metadata: META, scheduling: JSON.stringify({ agent_id: 'ca-strict-noseconds', start: '2034-04-01T10:00:00Z', end: '2034-04-01T11:00Z' }) }) }) },
  { name: 'a stray comma in the sort list', kind: 'lenient', quote: 'sort', path: '/api/events?sort=title:ASC,', status: 200, o: () => ({}) },
  { name: 'a space after the comma in the sort list', kind: 'lenient', quote: 'sort', path: `/api/events?${new URLSearchParams({ sort: 'title:ASC, start_date:DESC' })}`, status: 200, o: () => ({}) },
  { name: 'a space after the comma in the filter list', kind: 'lenient', quote: 'filter', path: `/api/events?${new URLSearchParams({ filter: 'title:x, contributors:A' })}`, status: 200, o: () => ({ version: '1.6.0' }) },
  // Answered by the server as it answers GET /media (the reference server's own answer; not refused either way).
  { name: 'GET /media at 1.6.0 (in every version by the addendum, left out of the spec of 1.0.0-1.6.0)', kind: 'not-described', quote: 'mediaLeftOut', path: '/api/events/{id}/media', o: () => ({ version: '1.6.0' }) },
];

async function scheduledEvent(base: string): Promise<string> {
  return createId(base, { fields: { title: 'Strict' }, scheduling: { agent_id: `ca-strict-${Math.random().toString(36).slice(2)}`, start: '2036-01-01T10:00:00Z', end: '2036-01-01T11:00:00Z' }, auth: ADMIN });
}

describe('evconf serve --strict', () => {
  let base: string;
  let close: () => Promise<void>;
  const record = new ClientRecord(true);
  const answers = new Map<string, Res>();
  beforeAll(async () => {
    ({ url: base, close } = await startReferenceServer({ processingDelayMs: 20, retractDelayMs: 20, users: USERS, strict: true, clientRecord: record }));
    for (const c of CASES) {
      const id = await scheduledEvent(base);
      answers.set(c.name, await call(base, c.path.replace('{id}', id), { auth: ADMIN, ...c.o() }));
    }
  });
  afterAll(() => close());

  it.each(CASES.map((c) => [c.name, c]))('%s → 400 (an unsupported version: 406) naming the departure and quoting the spec', (_n, c) => {
    const res = answers.get(c.name)!;
    expect(res.status, res.text).toBe(c.kind === 'unsupported-version' ? 406 : 400);
    const named = ((res.body as Sent).departures ?? []).filter((d) => d.kind === c.kind);
    expect(named.length, res.text).toBeGreaterThan(0);
    expect(named.map((d) => d.spec)).toContain(sentence(c.quote));
    for (const d of named) expect(inSpec(d.spec), d.spec).toBe(true);
  });

  it('what the spec allows passes', async () => {
    const wrong: string[] = [];
    for (const a of ALLOWED) {
      const id = await scheduledEvent(base);
      const res = await call(base, a.path.replace('{id}', id), { auth: ADMIN, ...a.o() });
      if (res.status !== a.status) wrong.push(`${a.name}: ${res.status} ${res.text}`);
    }
    expect(wrong).toEqual([]);
  });

  it('what the spec is silent on or advises against is answered and noted, never refused', async () => {
    const wrong: string[] = [];
    for (const a of NOTED) {
      const before = record.report().notes;
      const id = await scheduledEvent(base);
      const res = await call(base, a.path.replace('{id}', id), { auth: ADMIN, ...a.o() });
      const notes = record.report().advice.filter((p) => p.kind === a.kind && p.groups.some((g) => g.spec === sentence(a.quote) && !g.refused));
      if ((a.status !== undefined ? res.status !== a.status : res.status === 400) || notes.length === 0 || record.report().notes <= before) wrong.push(`${a.name}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    expect(record.report().advice.every((p) => p.advisory === true && p.id.startsWith('n'))).toBe(true);
    expect(record.report().problems.some((p) => p.advisory)).toBe(false);
  });

  it('the client report (GET /__evconf/client-report) holds each kind with a count, an example and the spec sentence; credentials redacted', async () => {
    const res = await call(base, '/__evconf/client-report');
    expect(res.status).toBe(200);
    const report = res.body as ClientReport;
    expect(report.strict).toBe(true);
    for (const c of CASES) {
      const k = report.kinds.find((x) => x.kind === c.kind);
      expect(k, c.kind).toBeDefined();
      expect(k!.sentences.map((s) => s.spec)).toContain(sentence(c.quote));
      expect(k!.title).toBe(DEPARTURE_KINDS[c.kind]);
    }
    const expected = CASES.reduce((m, c) => m.set(c.kind, (m.get(c.kind) ?? 0) + 1), new Map<string, number>());
    for (const [kind, n] of expected) expect(report.kinds.find((k) => k.kind === kind)!.count).toBeGreaterThanOrEqual(n);
    expect(report.departingRequests).toBe(CASES.length);
    const acls = report.kinds.find((k) => k.kind === 'unknown-parameter')!.example;
    expect(acls.request.headers.authorization).toBe('Basic <redacted>');
    expect(res.text).not.toContain(ADMIN[1]);
    expect(res.text).not.toContain(Buffer.from(`${ADMIN[0]}:${ADMIN[1]}`).toString('base64'));
  });
});

describe('evconf serve --strict --api-version 1.6.0', () => {
  it('POST /track is refused naming the server version it needs (1.9.0; the addendum: "below 1.9.0 … Offer POST /api/events/{event_id}/track" is what a server must not do)', async () => {
    const { url, close } = await startReferenceServer({ apiVersion: '1.6.0', strict: true, clientRecord: new ClientRecord(true) });
    try {
      const id = await createId(url, { fields: { title: 'Track' } });
      const res = await call(url, `/api/events/${id}/track`, { method: 'POST', body: multipart({ flavor: 'captions/source', overwriteExisting: 'false' }) });
      expect(res.status).toBe(400);
      expect(((res.body as Sent).departures ?? []).map((d) => [d.kind, d.spec])).toEqual([['not-in-version', QUOTE.trackServer]]);
    } finally {
      await close();
    }
  });
});

describe('evconf serve without --strict', () => {
  it("keeps today's lenient answers and still records the departures", async () => {
    const record = new ClientRecord(false);
    const { url: base, close } = await startReferenceServer({ processingDelayMs: 20, clientRecord: record });
    try {
      const id = await createId(base, { fields: { title: 'Lenient' }, acl: [{ action: 'read', role: 'ROLE_OLD' }] });
      // The handler's own answer: 204, the unknown part ignored (src/reference/event-parts.ts).
      const upd = await call(base, `/api/events/${id}`, { method: 'POST', body: multipart({ acls: JSON.stringify([{ action: 'read', role: 'ROLE_NEW' }]) }) });
      expect(upd.status).toBe(204);
      expect(((await call(base, `/api/events/${id}/acl`)).body as { role: string }[]).map((e) => e.role)).toEqual(['ROLE_OLD']);
      expect((await call(base, '/api/events?withacl=1')).status).toBe(200);
      expect((await call(base, '/api/events?sort=startDate:ASC')).status).toBe(400);
      const report = (await call(base, '/__evconf/client-report')).body as ClientReport;
      expect(report.strict).toBe(false);
      expect(Object.fromEntries(report.kinds.map((k) => [k.kind, k.count]))).toEqual({ 'unknown-parameter': 1, 'not-boolean': 1, 'unknown-sort': 1 });
      expect(report.kinds.find((k) => k.kind === 'unknown-parameter')!.example.where).toBe("part 'acls'");
    } finally {
      await close();
    }
  });
});

describe('client report HTML', () => {
  it('is self-contained and escapes what the client sent', () => {
    const record = new ClientRecord(true);
    const url = new URL('http://x/api/events?sort=<script>alert(1)</script>');
    record.add({ method: 'GET', url, headers: { authorization: 'Bearer tok-123' }, body: Buffer.alloc(0), version: '1.6.0' }, [],
      [{ kind: 'unknown-sort', where: "sort criterion '<script>'", message: '<img src=x onerror=alert(1)>', spec: QUOTE.sortNames, about: 'sort', subject: '<script>alert(1)</script>', mark: '<script>alert(1)</script>' }]);
    const html = renderClientReportHtml(record.report());
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain(QUOTE.sortNames);
    expect(html).not.toContain('tok-123');
    expect(html).not.toMatch(/(src|href)=["']?(https?:)?\/\//);
  });
});
