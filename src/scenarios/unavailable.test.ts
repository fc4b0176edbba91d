import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../model/index.js';
import { loadRules } from '../spec/rules.js';
import { getValidator } from '../schema/index.js';
import { loadScenarioFile } from './load.js';
import { actionTestKit } from './actions/testing.js';
import { openCapabilities } from '../core/capabilities.js';
import { runScenario } from './scenario.js';
import { interpolate, PlaceholderError } from './vars.js';
import { Unavailable, UnavailableError } from '../core/unavailable.js';
import type { VersionEnv } from '../core/version-env.js';

/**
 * A request built on a setup the server refused is never sent and never judged, in the engine,
 * without any skip wiring in the scenario. Scenarios here are written the way an author would who never heard of
 * skips; the servers refuse.
 */

const { envFor, fake } = actionTestKit();
const book = loadRules();

function scenario(yaml: string) {
  const dir = mkdtempSync(join(tmpdir(), 'evconf-unavailable-'));
  const file = join(dir, 'x.yaml');
  writeFileSync(file, yaml);
  return loadScenarioFile(file, book, 'x.yaml').scenarios[0];
}

function env(url: string, settleMs = 300): VersionEnv {
  const e = envFor(url);
  return { ...e, book, shapes: getValidator('1.6.0'), caps: openCapabilities('1.6.0'), config: { ...e.config, settleMs } } as VersionEnv;
}

const sent: string[] = [];
const outcomes = (rs: CheckResult[]) => rs.map((r) => `${r.rule}:${r.outcome}`);

describe('interpolation reaching an Unavailable value', () => {
  it('throws UnavailableError with its reason (keys too); a name that is absent stays a PlaceholderError', () => {
    const vars = { saved: { ev: new Unavailable('the server refused it') }, ok: { a: 'x' } };
    expect(() => interpolate('/api/events/{{saved.ev.identifier}}', vars)).toThrow(UnavailableError);
    expect(() => interpolate({ '{{saved.ev.field}}': 'v' }, vars)).toThrow(/the server refused it/);
    expect(interpolate({ '{{ok.a}}': '{{ok.a}}' }, vars)).toEqual({ x: 'x' });
    expect(() => interpolate('{{saved.nothing.identifier}}', vars)).toThrow(PlaceholderError);
  });
});

describe('a scenario built on a refused setup (no skip wiring in it)', () => {
  it('a refused create-with-catalog: its dependants are skipped with the refusal and never sent', async () => {
    sent.length = 0;
    const s = await fake((req, res) => {
      sent.push(`${req.method} ${req.url}`);
      res.statusCode = req.method === 'POST' ? 400 : 404;
      res.end('Unknown catalog license/episode');
    });
    const sc = scenario(`family: metadata
endpoint: DELETE /api/events/{event_id}/metadata
scenarios:
  - id: naive
    title: naive
    rules: [metadata.delete.204, metadata.delete.removes, metadata.get.schema]
    steps:
      - action: create-with-catalog
        with: { title: t, catalog: { flavor: license/episode, fields: { license: x } } }
        save: ev
      - request: { method: DELETE, path: "/api/events/{{saved.ev.identifier}}/metadata", query: { type: license/episode } }
        expect:
          - { rule: metadata.delete.204, check: status, in: [204] }
      - request: { method: GET, path: "/api/events/{{saved.ev.identifier}}/metadata" }
        expect:
          - { rule: metadata.get.schema, check: schema, shape: catalog-list }
          - { rule: metadata.delete.removes, check: catalog-emptied, flavor: license/episode }
`);
    const results = await runScenario(sc, env(s.url));
    expect(outcomes(results)).toEqual(['metadata.delete.204:skip', 'metadata.get.schema:skip', 'metadata.delete.removes:skip']);
    for (const r of results) expect(r.message).toMatch(/^precondition: the server refused the create of an event with catalog license\/episode \(POST \/api\/events → 400: Unknown catalog/);
    expect(sent).toEqual(['POST /api/events']);
  });

  it('a saved read the server refused (404): the steps built on it are skipped, not judged on the error body', async () => {
    sent.length = 0;
    const s = await fake((req, res) => {
      sent.push(`${req.method} ${req.url}`);
      res.statusCode = 404;
      res.end('not here');
    });
    const sc = scenario(`family: events
endpoint: GET /api/events/{event_id}
scenarios:
  - id: naive-read
    title: naive
    rules: [events.get.status]
    steps:
      - request: { method: GET, path: /api/events/abc }
        save: ev
      - request: { method: GET, path: "/api/events/{{saved.ev.identifier}}" }
        expect:
          - { rule: events.get.status, check: status, in: [200] }
`);
    const results = await runScenario(sc, env(s.url));
    expect(outcomes(results)).toEqual(['events.get.status:skip']);
    expect(results[0].message).toMatch(/refused GET \/api\/events\/abc \(404: not here\)/);
    expect(sent).toEqual(['GET /api/events/abc']);
  });

  it('a write not sent skips the rest of the scenario (the later reads would judge a write that never happened)', async () => {
    const s = await fake((req, res) => {
      res.statusCode = req.method === 'POST' ? 400 : 200;
      res.end('[]');
    });
    const sc = scenario(`family: metadata
endpoint: PUT /api/events/{event_id}/metadata
scenarios:
  - id: naive-write
    title: naive
    rules: [metadata.put.applies]
    steps:
      - action: create-with-catalog
        with: { title: t, catalog: { flavor: license/episode, fields: { license: x } } }
        save: ev
      - request: { method: PUT, path: /api/events/e1/metadata, query: { type: "{{saved.ev.catalog.flavor}}" }, form: { metadata: "[]" } }
      - request: { method: GET, path: /api/events/e1/metadata }
        expect:
          - { rule: metadata.put.applies, check: metadata-values, flavor: license/episode, values: { license: x } }
`);
    const results = await runScenario(sc, env(s.url));
    expect(outcomes(results)).toEqual(['metadata.put.applies:skip']);
    expect(results[0].message).toMatch(/refused the create/);
  });
});

describe('preconditions settle like expectations', () => {
  it('until: a list read is read again until it shows what the later steps need; never → they skip with what it showed', async () => {
    let reads = 0;
    const s = await fake((_req, res) => {
      reads++;
      res.setHeader('content-type', 'application/json');
      // The list lags: the event shows from the third read on.
      res.end(reads >= 3 ? '[{"identifier":"e1"},{"identifier":"e2"}]' : '[{"identifier":"e2"}]');
    });
    const yaml = (id: string) => `family: events
endpoint: GET /api/events
scenarios:
  - id: until
    title: until
    rules: [events.list.offset-index]
    steps:
      - request: { method: GET, path: /api/events }
        until: { check: contains-ids, ids: [${id}] }
        save: whole
      - request: { method: GET, path: /api/events, query: { offset: "1", limit: "1" } }
        expect:
          - { rule: events.list.offset-index, check: slice-of, list: "{{saved.whole}}", start: 1, count: 1 }
`;
    const held = await runScenario(scenario(yaml('e1')), env(s.url, 3_000));
    expect(reads).toBeGreaterThanOrEqual(4);
    // Judged against the list that showed e1 (e2 is item 1 of it; the page answered [e1, e2] again: a real failure).
    expect(outcomes(held)).toEqual(['events.list.offset-index:fail']);
    const never = await runScenario(scenario(yaml('e9')), env(s.url, 600));
    expect(outcomes(never)).toEqual(['events.list.offset-index:skip']);
    expect(never[0].message).toMatch(/did not show what later steps need within --settle-ms: missing e9/);
  });

  it('a skip that depends on the answer is decided only once the window passed and the answer stopped changing', async () => {
    let reads = 0;
    const s = await fake((_req, res) => {
      reads++;
      res.setHeader('content-type', 'application/json');
      // Not published on the first reads (the with-member check skips then), published from the fourth on.
      const published = reads >= 4;
      res.end(JSON.stringify([{ identifier: 'e1', publication_status: published ? ['engage-player'] : [], ...(published ? { publications: [{ id: 'p', channel: 'engage-player', mediatype: 'text/html', url: 'http://x' }] } : {}) }]));
    });
    const sc = scenario(`family: events
endpoint: GET /api/events
scenarios:
  - id: late-publish
    title: late
    rules: [events.list.withpublications]
    steps:
      - request: { method: GET, path: /api/events, query: { withpublications: "true" } }
        settle: true
        expect:
          - { rule: events.list.withpublications, check: with-member, kind: publications, id: e1 }
`);
    const results = await runScenario(sc, env(s.url, 5_000));
    expect(outcomes(results)).toEqual(['events.list.withpublications:pass']);
    expect(reads).toBeGreaterThanOrEqual(5);
  });
});
