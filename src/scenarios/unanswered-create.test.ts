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
import { createHttpClient } from '../http/index.js';
import { runScenario } from './scenario.js';
import type { VersionEnv } from '../core/version-env.js';

/**
 * A create the server does not answer within --timeout (latitude under load: uploads processed synchronously) leaves
 * no identifier. What the scenario builds on it must never be judged with an empty id ("the list does not show
 * event " and nothing after it): it fails as unanswered, with the unanswered POST as evidence and named in the message,
 * exactly as for a saved request the server did not answer (src/scenarios/step.ts savedValue). A create the server
 * refused, or answered without naming the event, skips what is built on it with why. The engine does this in one
 * place (src/scenarios/create.ts createdVars); the list checks treat an empty id that still reaches them as evconf's
 * own error.
 */

const { envFor, fake, track } = actionTestKit();
const book = loadRules();

function scenario(yaml: string) {
  const dir = mkdtempSync(join(tmpdir(), 'evconf-unanswered-create-'));
  const file = join(dir, 'x.yaml');
  writeFileSync(file, yaml);
  return loadScenarioFile(file, book, 'x.yaml').scenarios[0];
}

function env(url: string, timeoutMs: number): VersionEnv {
  const e = envFor(url);
  const client = createHttpClient({ baseUrl: url, timeoutMs });
  track(client);
  return {
    ...e, version: '1.3.0', book, shapes: getValidator('1.3.0'), caps: openCapabilities('1.3.0'),
    clients: { admin: client, none: client }, config: { ...e.config, settleMs: 300 },
  } as VersionEnv;
}

/** Results judged on an event id that is empty (or undefined): "the list does not show event " and nothing after it. */
const emptyId = (rs: CheckResult[]) => rs.filter((r) => /does not show event\s*(undefined|null)?$/.test(r.message));

/** The client's --timeout in these tests: a loaded machine may take it for the connect too (connect-timeout). */
const HANG_MS = 800;

/** POST /api/events never answered (past the client's timeout); every other request answered as an empty server. */
async function hangingCreates(sent: string[]) {
  return fake((req, res) => {
    sent.push(`${req.method} ${req.url}`);
    if (req.method === 'POST' && req.url === '/api/events') return; // never answered: the client times out
    res.setHeader('content-type', 'application/json');
    if (req.method === 'GET' && req.url?.startsWith('/api/events?')) return res.end('[]');
    res.statusCode = 404;
    res.end('{}');
  });
}

const START_AFTER_RESCHEDULE = (action: string) => `family: events
endpoint: GET /api/events/{event_id}
scenarios:
  - id: start-after-reschedule
    title: t
    rules: [events.get.start-technical]
    steps:
      - action: ${action}
        with: { title: rescheduled, scheduling: { agent_id: "{{agent}}", start: "+10:00", end: "+11:00" } }
        save: ev
      - action: update-schedule
        with: { id: "{{saved.ev.identifier}}", scheduling: { agent_id: "{{agent}}", start: "+14:00", end: "+15:00" } }
        save: upd
        expect:
          - { rule: events.get.start-technical, check: schedule-status, in: [204], after: ["{{saved.ev.identifier}}"] }
      - request: { method: GET, path: "/api/events/{{saved.ev.identifier}}" }
        expect:
          - { rule: events.get.start-technical, check: event-start, at: "{{saved.upd.window.start}}" }
      - request: { method: GET, path: /api/events, query: { filter: "textFilter:{{run.tag}}" } }
        expect:
          - { rule: events.get.start-technical, check: event-start, id: "{{saved.ev.identifier}}", at: "{{saved.upd.window.start}}" }
          - { rule: events.get.start-technical, check: event-start, id: "{{saved.ev.identifier}}", notAt: "{{saved.upd.window.start}}" }
          - { rule: events.get.start-technical, check: event-members-empty, id: "{{saved.ev.identifier}}", fields: [description] }
`;

describe('a create the server does not answer (past --timeout)', () => {
  for (const action of ['create-scheduled', 'create-event']) {
    it(`${action}: what is built on its identifier is not judged with an empty id; it fails as unanswered, naming the create`, async () => {
      const sent: string[] = [];
      const s = await hangingCreates(sent);
      const results = await runScenario(scenario(START_AFTER_RESCHEDULE(action)), env(s.url, HANG_MS));
      expect(results.length).toBe(5);
      expect(emptyId(results).map((r) => r.message)).toEqual([]);
      for (const r of results) {
        expect(r.outcome, r.message).toBe('fail');
        expect(r.message).toMatch(/^(precondition: )?the server did not answer the create POST \/api\/events \((connect|headers)-timeout: /);
        expect(r.exchanges.some((e) => e.request.method === 'POST' && e.request.url.endsWith('/api/events') && /^(connect|headers)-timeout$/.test(e.error?.code ?? ''))).toBe(true);
      }
      // Nothing was sent on the missing identifier (no POST /api/events/ nor GET /api/events/ with an empty id).
      expect(sent).toEqual(['POST /api/events']);
    });
  }

  it('create-event whose Location is read back (events.create.location): no GET of a placeholder, failed as unanswered', async () => {
    const sent: string[] = [];
    const s = await hangingCreates(sent);
    const results = await runScenario(scenario(`family: events
endpoint: POST /api/events
scenarios:
  - id: create-single
    title: t
    rules: [events.create.status, events.create.location]
    steps:
      - action: create-event
        with: { title: created }
        expect:
          - { rule: events.create.status, check: status, in: [201] }
          - { rule: events.create.location, check: location, id: "{{value.bodyIdentifier}}" }
        save: created
      - request: { method: GET, path: "/api/events/{{saved.created.locationId}}" }
        expect:
          - { rule: events.create.location, check: status, in: [200] }
`), env(s.url, HANG_MS));
    expect(results.map((r) => `${r.rule}:${r.outcome}`)).toEqual(['events.create.status:fail', 'events.create.location:fail', 'events.create.location:fail']);
    expect(results.slice(1).every((r) => /the server did not answer the create POST \/api\/events/.test(r.message))).toBe(true);
    expect(sent).toEqual(['POST /api/events']);
  });
});

describe('a create the server refused, or answered without naming the event', () => {
  for (const [what, status, body] of [['refused (409)', 409, 'conflict'], ['a 201 naming no event', 201, '{}'], ['a 201 naming the event ""', 201, '{"identifier":""}']] as const) {
    it(`${what}: what is built on its identifier is skipped with why, never judged with an empty id`, async () => {
      const sent: string[] = [];
      const s = await fake((req, res) => {
        sent.push(`${req.method} ${req.url}`);
        res.setHeader('content-type', 'application/json');
        if (req.method === 'POST' && req.url === '/api/events') {
          res.statusCode = status;
          return res.end(body);
        }
        if (req.method === 'GET' && req.url?.startsWith('/api/events?')) return res.end('[]');
        res.statusCode = 404;
        res.end('{}');
      });
      const results = await runScenario(scenario(START_AFTER_RESCHEDULE('create-scheduled')), env(s.url, 2_000));
      expect(results.length).toBe(5);
      expect(emptyId(results).map((r) => r.message)).toEqual([]);
      for (const r of results) {
        expect(r.outcome, r.message).toBe('skip');
        expect(r.message).toMatch(status === 409
          ? /^precondition: the server refused the create POST \/api\/events \(409: conflict\)/
          : /^precondition: the create POST \/api\/events answered 201 without naming the event/);
      }
      expect(sent).toEqual(['POST /api/events']);
    });
  }
});

describe('an empty event id that reaches a list check all the same', () => {
  it('is evconf\'s error (outcome error), not a server failure "the list does not show event "', async () => {
    const s = await fake((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('[{"identifier":"e1","start":"2090-01-01T10:00:00Z"}]');
    });
    const results = await runScenario(scenario(`family: events
endpoint: GET /api/events/{event_id}
scenarios:
  - id: empty-id
    title: t
    rules: [events.get.start-technical]
    steps:
      - request: { method: GET, path: /api/events }
        expect:
          - { rule: events.get.start-technical, check: event-start, id: "", at: "2090-01-01T10:00:00Z" }
`), env(s.url, 2_000));
    expect(results.map((r) => r.outcome)).toEqual(['error']);
    expect(results[0].message).toMatch(/check parameter "id" is empty/);
  });
});

const SORT_START = `family: events
endpoint: GET /api/events
scenarios:
  - id: sort-start
    title: t
    rules: [events.list.sort.start_date]
    steps:
      - action: create-scheduled-events
        with:
          events:
            - { title: pear, at: 5, hours: 1 }
            - { title: apple, at: 9, hours: 1 }
        save: sched
      - request: { method: GET, path: /api/events, query: { filter: "textFilter:{{run.tag}}", sort: "start_date:ASC" } }
        expect:
          - { rule: events.list.sort.start_date, check: sorted-by, order: ASC, key: start, from: saved.sched.events }
`;

describe('create-scheduled-events (the sort scenarios): an event it could not make', () => {
  it('unanswered: the sort check fails as unanswered with the POST as evidence, never judged on a list without the event', async () => {
    const sent: string[] = [];
    const s = await hangingCreates(sent);
    const results = await runScenario(scenario(SORT_START), env(s.url, HANG_MS));
    expect(results.map((r) => r.outcome)).toEqual(['fail']);
    expect(results[0].message).toMatch(/the server did not answer the create POST \/api\/events \((connect|headers)-timeout: /);
    expect(results[0].exchanges.some((e) => e.request.method === 'POST' && /^(connect|headers)-timeout$/.test(e.error?.code ?? ''))).toBe(true);
  });

  it('refused: the sort check is skipped with why', async () => {
    const s = await fake((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST') {
        res.statusCode = 409;
        return res.end('conflict');
      }
      res.end('[]');
    });
    const results = await runScenario(scenario(SORT_START), env(s.url, 2_000));
    expect(results.map((r) => r.outcome)).toEqual(['skip']);
    expect(results[0].message).toMatch(/^precondition: the server refused the create POST \/api\/events \(409: conflict\)/);
  });
});

const GIVEN_READ = `family: events
endpoint: GET /api/events/{event_id}
scenarios:
  - id: given-read
    title: t
    rules: [events.get.status]
    given:
      - { title: one }
    steps:
      - request: { method: GET, path: "/api/events/{{given.0.identifier}}" }
        expect:
          - { rule: events.get.status, check: status, in: [200] }
      - request: { method: GET, path: /api/events, query: { filter: "textFilter:{{run.tag}}" } }
        expect:
          - { rule: events.get.status, check: status, in: [200] }
`;

describe('a given event whose create the server does not answer, or refuses', () => {
  it('unanswered: every rule of the scenario fails, with the unanswered POST as evidence; nothing more is sent', async () => {
    const sent: string[] = [];
    const s = await hangingCreates(sent);
    const results = await runScenario(scenario(GIVEN_READ), env(s.url, HANG_MS));
    expect(results.map((r) => r.outcome)).toEqual(['fail', 'fail']);
    for (const r of results) {
      expect(r.message).toMatch(/^the server did not answer the create of given event #1 \(POST \/api\/events → (connect|headers)-timeout: /);
      expect(r.exchanges.some((e) => e.request.method === 'POST' && /^(connect|headers)-timeout$/.test(e.error?.code ?? ''))).toBe(true);
    }
    expect(sent).toEqual(['POST /api/events']);
  });

  it('refused: every rule of the scenario is skipped with the status', async () => {
    const s = await fake((req, res) => {
      res.statusCode = req.method === 'POST' ? 400 : 200;
      res.end('[]');
    });
    const results = await runScenario(scenario(GIVEN_READ), env(s.url, 2_000));
    expect(results.map((r) => r.outcome)).toEqual(['skip', 'skip']);
    expect(results[0].message).toBe('precondition: could not create given event #1 (POST /api/events → 400); see the events.create.* rules');
  });
});
