import { readFileSync } from 'node:fs';
import { FormData } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientRecord, parseUsers, startReferenceServer, type ClientReport } from '../index.js';
import { call, catalogs, createId, form, type CallOptions, type Res } from '../testkit.js';
import { DEPARTURE_KINDS, type DepartureKind } from './departure.js';
import { renderClientReportHtml } from './html.js';
import { QUOTE, type QuoteKey } from './spec-quotes.js';

const SPEC = readFileSync(new URL('../../../specs/events-api.md', import.meta.url), 'utf8');
const ADMIN: [string, string] = ['admin', 'strict-secret-pw'];
const USERS = parseUsers(`${ADMIN[0]}:${ADMIN[1]}:ROLE_ADMIN`);

interface Sent { departures?: { kind: DepartureKind; where: string; message: string; spec: string }[] }

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
  it('every sentence a departure quotes occurs verbatim in specs/events-api.md', () => {
    const missing = Object.entries(QUOTE).filter(([, q]) => !SPEC.includes(q)).map(([k]) => k);
    expect(missing).toEqual([]);
  });
});

/**
 * Each departure the strict double knows (src/reference/strict): the request, the departure kind it must be answered with,
 * and the spec sentence the answer must quote. `path` may use {id} (an event created for the case).
 */
const CASES: { name: string; kind: DepartureKind; quote: QuoteKey; path: string; o: () => CallOptions }[] = [
  { name: "update with a part named 'acls'", kind: 'unknown-parameter', quote: 'updateParts', path: '/api/events/{id}', o: () => ({ method: 'POST', body: multipart({ acls: ACL }) }) },
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
  { name: 'a version the server does not serve', kind: 'unsupported-version', quote: 'versions', path: '/api/events', o: () => ({ headers: { accept: 'application/v1.7.0+json' } }) },
  { name: 'withacl=1', kind: 'not-boolean', quote: 'flags', path: '/api/events?withacl=1', o: () => ({}) },
  { name: 'allowConflict=yes', kind: 'not-boolean', quote: 'allowConflict', path: '/api/events/{id}/scheduling', o: () => ({ method: 'PUT', body: form({ scheduling: JSON.stringify({ end: '2034-01-01T12:00:00Z' }), allowConflict: 'yes' }) }) },
  { name: 'limit=ten', kind: 'not-integer', quote: 'limit', path: '/api/events?limit=ten', o: () => ({}) },
  { name: 'scheduling with both end and duration', kind: 'scheduling-rule', quote: 'schedBoth', path: '/api/events', o: () => ({ method: 'POST', body: multipart({ metadata: META, scheduling: JSON.stringify({ ...SCHED, duration: 3_600_000 }) }) }) },
  { name: 'scheduling without agent_id', kind: 'scheduling-rule', quote: 'schedRequired', path: '/api/events', o: () => ({ method: 'POST', body: multipart({ metadata: META, scheduling: JSON.stringify({ ...SCHED, agent_id: undefined }) }) }) },
  { name: 'rrule without duration', kind: 'scheduling-rule', quote: 'schedSeveral', path: '/api/events', o: () => ({ method: 'POST', body: multipart({ metadata: META, scheduling: JSON.stringify({ ...SCHED, rrule: 'FREQ=DAILY;BYHOUR=10;BYMINUTE=0' }) }) }) },
  { name: 'unknown query parameter', kind: 'unknown-parameter', quote: 'flags', path: '/api/events?onlyWithWriteAccess=true', o: () => ({}) },
  { name: "form parameter 'acls' on PUT acl", kind: 'unknown-parameter', quote: 'putAcl', path: '/api/events/{id}/acl', o: () => ({ method: 'PUT', body: form({ acl: ACL, acls: ACL }) }) },
  { name: 'PUT acl without acl', kind: 'missing-parameter', quote: 'putAcl', path: '/api/events/{id}/acl', o: () => ({ method: 'PUT', body: form({}) }) },
  { name: 'create as urlencoded form', kind: 'body-encoding', quote: 'multipart', path: '/api/events', o: () => ({ method: 'POST', body: form({ metadata: META }) }) },
  { name: 'withscheduling in 1.0.0', kind: 'not-in-version', quote: 'withscheduling', path: '/api/events?withscheduling=true', o: () => ({ version: '1.0.0' }) },
  { name: 'filter title in 1.0.0', kind: 'not-in-version', quote: 'filter', path: '/api/events?filter=title:x', o: () => ({ version: '1.0.0' }) },
  { name: 'an endpoint the spec does not have', kind: 'unknown-endpoint', quote: 'whole', path: '/api/events/{id}/media', o: () => ({}) },
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

  it.each(CASES.map((c) => [c.name, c]))('%s → 400 naming the departure and quoting the spec', (_n, c) => {
    const res = answers.get(c.name)!;
    expect(res.status, res.text).toBe(400);
    const named = ((res.body as Sent).departures ?? []).filter((d) => d.kind === c.kind);
    expect(named.length, res.text).toBeGreaterThan(0);
    expect(named.map((d) => d.spec)).toContain(QUOTE[c.quote]);
    for (const d of named) expect(SPEC).toContain(d.spec);
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

  it('the client report (GET /__evconf/client-report) holds each kind with a count, an example and the spec sentence; credentials redacted', async () => {
    const res = await call(base, '/__evconf/client-report');
    expect(res.status).toBe(200);
    const report = res.body as ClientReport;
    expect(report.strict).toBe(true);
    for (const c of CASES) {
      const k = report.kinds.find((x) => x.kind === c.kind);
      expect(k, c.kind).toBeDefined();
      expect(k!.sentences.map((s) => s.spec)).toContain(QUOTE[c.quote]);
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
