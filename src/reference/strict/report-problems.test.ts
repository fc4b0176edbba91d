import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientRecord, startReferenceServer } from '../index.js';
import { call, createId, until, VIDEO } from '../testkit.js';
import { QUOTE } from './spec-quotes.js';

/**
 * Paths outside /api/events are answered as without --strict and listed as outside the spec; a DELETE
 * of a published event below 1.6.0 is recorded (spec § DELETE: "Before 1.6.0 the caller must retract published
 * events before calling it"); the report groups departures into problems by kind and subject, split by endpoint
 * and version.
 */
/** Sends raw bytes (a request line fetch would never write) and returns the whole answer. */
function rawExchange(base: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('evconf serve --strict: outside the spec, state, problems', () => {
  let base: string;
  let close: () => Promise<void>;
  const record = new ClientRecord(true);
  beforeAll(async () => ({ url: base, close } = await startReferenceServer({ processingDelayMs: 10, retractDelayMs: 10, strict: true, clientRecord: record })));
  afterAll(() => close());

  it('GET /api/version, /api/version/default and /api are answered as without --strict, never refused, and listed as outside the spec', async () => {
    const plain = await startReferenceServer({});
    try {
      for (const path of ['/api/version', '/api/version/default', '/api', '/api/version?x=1']) {
        const [strict, lenient] = [await call(base, path), await call(plain.url, path)];
        expect([path, strict.status, strict.body]).toEqual([path, lenient.status, lenient.body]);
      }
    } finally {
      await plain.close();
    }
    expect((await call(base, '/api/version')).body).toEqual({ versions: ['v1.0.0', 'v1.1.0', 'v1.2.0', 'v1.3.0', 'v1.4.0', 'v1.5.0', 'v1.6.0', 'v1.7.0', 'v1.8.0', 'v1.9.0', 'v1.10.0', 'v1.11.0'], default: 'v1.11.0' });
    const report = record.report();
    expect(report.outsideSpec).toEqual([
      { method: 'GET', path: '/api/version', count: 3, statuses: { 200: 3 } },
      { method: 'GET', path: '/api/version/default', count: 1, statuses: { 200: 1 } },
      { method: 'GET', path: '/api', count: 1, statuses: { 404: 1 } },
    ]);
    expect([report.departures, report.problems]).toEqual([0, []]);
  });

  it('a DELETE of a published event below 1.6.0 is recorded and answered as the server answers it; from 1.6.0, or unpublished, it is not a departure', async () => {
    const published = async () => {
      const id = await createId(base, { fields: { title: 'Published' }, files: [VIDEO] });
      await until(async () => ((await call(base, `/api/events/${id}/publications`)).body as unknown[]).length > 0);
      return id;
    };
    const old = await published();
    expect((await call(base, `/api/events/${old}`, { method: 'DELETE', version: '1.1.0' })).status).toBe(204);
    const fresh = await published();
    expect((await call(base, `/api/events/${fresh}`, { method: 'DELETE', version: '1.6.0' })).status).toBe(202);
    const unpublished = await createId(base, { fields: { title: 'Unpublished' }, scheduling: { agent_id: 'ca-report', start: '2037-01-01T10:00:00Z', end: '2037-01-01T11:00:00Z' } });
    expect((await call(base, `/api/events/${unpublished}`, { method: 'DELETE', version: '1.1.0' })).status).toBe(204);
    const p = record.report().problems.filter((x) => x.kind === 'delete-published');
    expect(p.map((x) => [x.about, x.subject, x.count, x.endpoints, x.versions])).toEqual([['event', 'published event deleted before 1.6.0', 1, ['DELETE /api/events/{event_id}'], ['1.1.0']]]);
    expect(p[0].groups.map((g) => [g.refused, g.spec, g.example.mark])).toEqual([[false, QUOTE.retractFirst, old]]);
  });

  it('a role sent with a raw space (a request line node cannot parse) is answered 400 naming %20 and recorded; other garbage gets node\'s plain 400', async () => {
    const id = await createId(base, { fields: { title: 'Space' } });
    const answer = await rawExchange(base, `DELETE /api/events/${id}/acl/read/ROLE_A B HTTP/1.1\r\nHost: x\r\nAccept: application/v1.6.0+json\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { departures: { kind: string; message: string; spec: string }[] };
    expect(body.departures.map((d) => [d.kind, d.spec])).toEqual([['path-encoding', QUOTE.deleteAcePath]]);
    expect(body.departures[0].message).toBe("the {role} 'ROLE_A B' holds characters a path carries only percent-encoded: send ' ' as %20");
    const p = record.report().problems.find((x) => x.kind === 'path-encoding')!;
    expect([p.subject, p.endpoints, p.versions]).toEqual(['{role} not percent-encoded', ['DELETE /api/events/{event_id}/acl/{action}/{role}'], ['1.6.0']]);
    expect(await rawExchange(base, 'NOT HTTP AT ALL\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });

  it('groups by kind and subject, split by endpoint and version; most frequent first; the headline counts the problems', async () => {
    const r = new ClientRecord(true);
    const { url, close: stop } = await startReferenceServer({ strict: true, clientRecord: r });
    try {
      const id = await createId(url, { fields: { title: 'Groups' }, scheduling: { agent_id: 'ca-groups', start: '2037-02-01T10:00:00Z', end: '2037-02-01T11:00:00Z' } });
      for (const [path, version] of [['/api/events?onlyWithWriteAccess=true', '1.6.0'], ['/api/events?onlyWithWriteAccess=true&withacl=1', '1.1.0'], [`/api/events/${id}?onlyWithWriteAccess=true`, '1.6.0']] as const) {
        expect((await call(url, path, { version })).status).toBe(400);
      }
      const report = r.report();
      expect(report.headline).toBe('2 distinct departures in 3 of 4 requests');
      expect(report.problems.map((p) => [p.id, p.kind, p.about, p.subject, p.count, p.groups.map((g) => [g.endpoint, g.version, g.count])])).toEqual([
        ['p1', 'unknown-parameter', 'query parameter', 'onlyWithWriteAccess', 3, [['GET /api/events', '1.6.0', 1], ['GET /api/events', '1.1.0', 1], ['GET /api/events/{event_id}', '1.6.0', 1]]],
        // A boolean written 1 is a way of writing booleans, shared by every flag the client sends: one cause.
        ['p2', 'not-boolean', 'parameter', 'booleans written 1/0', 1, [['GET /api/events', '1.1.0', 1]]],
      ]);
      const g = report.problems[0].groups[2];
      expect([g.spec, g.example.mark, g.example.curl]).toEqual([QUOTE.eventQuery, 'onlyWithWriteAccess=true', `curl -sS -i "$EVCONF_URL"'/api/events/${id}?onlyWithWriteAccess=true' -H 'accept: application/v1.6.0+json'`]);
    } finally {
      await stop();
    }
  });
});
