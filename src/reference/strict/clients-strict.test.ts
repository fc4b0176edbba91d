import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedBySpec, FIXTURE_REQUESTS, replayFixture, type Replayed } from '../clients-replay.js';
import { ClientRecord, startReferenceServer } from '../index.js';
import type { Departure, DepartureKind } from './departure.js';

const SPEC = readFileSync(new URL('../../../specs/events-api.md', import.meta.url), 'utf8');

/**
 * The real clients' recorded requests (test/fixtures/clients/requests.json) that leave the spec, by fixture
 * index, with the departures --strict must name; every other replayed request must pass under --strict.
 * The client prefix guards against a reordered fixture. GET /api/version (fixtures 14 and 47) lies outside
 * /api/events, which the spec covers: answered as without --strict and listed as outside the spec.
 */
const OUTSIDE: Record<number, string> = { 14: 'Opencast-Moodle/moodle-tool_opencast', 47: 'elan-ev/tobira' };
const DEPARTING: Record<number, { client: string; kinds: DepartureKind[]; why: string }> = {
  0: { client: 'Opencast-Moodle/moodle-tool_opencast', kinds: ['unknown-parameter'], why: 'includeInternalPublication is not a query parameter of GET /api/events' },
  12: { client: 'Opencast-Moodle/moodle-tool_opencast', kinds: ['unknown-parameter'], why: 'onlyWithWriteAccess is not a query parameter of GET /api/events' },
  16: { client: 'elan-ev/opencast-php-library', kinds: ['unknown-parameter'], why: "the ACL part is named 'acls'" },
  19: { client: 'elan-ev/opencast-php-library', kinds: ['unknown-parameter'], why: 'includeInternalPublication is not a query parameter of the publications list' },
  24: { client: 'elan-ev/studip-opencast-plugin', kinds: ['unknown-sort'], why: "sort 'date' is not a sort criterion (start_date is)" },
  38: { client: 'opencast-ilias/OpenCast', kinds: ['wrong-type'], why: 'scheduling duration sent as a string of ms; the spec says integer' },
  39: { client: 'opencast-ilias/OpenCast', kinds: ['unknown-parameter'], why: "the ACL part is named 'acls'" },
  45: { client: 'elan-ev/tobira', kinds: ['wrong-type'], why: '"value": null for a metadata field' },
  50: { client: 'opencast/wordpress-opencast-plugin', kinds: ['filter-form', 'filter-form'], why: 'filter entries URL-encoded twice: no <FilterName>:<value> left' },
  53: { client: 'Opencast-Moodle/moodle-block_opencast', kinds: ['not-boolean', 'not-boolean', 'not-boolean', 'not-boolean'], why: "booleans sent as '1'" },
};

describe('real clients against evconf serve --strict', () => {
  let close: () => Promise<void>;
  const record = new ClientRecord(true);
  let done: Replayed[];
  beforeAll(async () => {
    const server = await startReferenceServer({ processingDelayMs: 20, retractDelayMs: 20, strict: true, clientRecord: record });
    close = server.close;
    done = await replayFixture(server.url);
  }, 60_000);
  afterAll(() => close());

  it('the table names fixture requests that exist and are replayed', () => {
    for (const [i, d] of Object.entries(DEPARTING)) {
      const r = FIXTURE_REQUESTS[Number(i)];
      expect(r.client.startsWith(d.client), `${i}: ${r.client}`).toBe(true);
      expect(allowedBySpec(r)).toBe(true);
    }
    expect(done.length).toBe(FIXTURE_REQUESTS.filter(allowedBySpec).length);
  });

  it('every request shape the spec allows passes under --strict', () => {
    const refused = done.filter((d) => !(d.index in DEPARTING) && d.res.status >= 400)
      .map((d) => `${d.index} ${d.request.client}: ${d.request.method} ${d.url} → ${d.res.status} ${d.res.text}`);
    expect(refused).toEqual([]);
  });

  it('GET /api/version is answered 200 and listed as outside the spec, not as a departure', () => {
    for (const [i, client] of Object.entries(OUTSIDE)) {
      const d = done.find((x) => x.index === Number(i))!;
      expect([d.request.client.startsWith(client), d.request.method, d.url, d.res.status]).toEqual([true, 'GET', '/api/version', 200]);
    }
    expect(record.report().outsideSpec).toEqual([{ method: 'GET', path: '/api/version', count: 2, statuses: { 200: 2 } }]);
  });

  it('each departing request is answered 400 naming exactly its departures, each quoting the spec', () => {
    const got = done.filter((d) => d.index in DEPARTING).map((d) => {
      // Advisory notes (a deprecated filter …) travel with the refusal but are not departures.
      const deps = ((d.res.body as { departures?: Departure[] } | undefined)?.departures ?? []).filter((x) => !x.advisory);
      for (const x of deps) expect(SPEC).toContain(x.spec);
      return [d.index, d.res.status, deps.map((x) => x.kind).sort()];
    });
    expect(got).toEqual(Object.entries(DEPARTING).map(([i, d]) => [Number(i), 400, [...d.kinds].sort()]));
  });

  it('the client report groups them by kind with counts and the spec sentences', () => {
    const report = record.report();
    const expected = new Map<string, number>();
    for (const d of Object.values(DEPARTING)) for (const k of d.kinds) expected.set(k, (expected.get(k) ?? 0) + 1);
    expect(Object.fromEntries(report.kinds.map((k) => [k.kind, k.count]))).toEqual(Object.fromEntries(expected));
    expect(report.departingRequests).toBe(Object.keys(DEPARTING).length);
    for (const k of report.kinds) for (const s of k.sentences) expect(SPEC).toContain(s.spec);
  });
});
