import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Capabilities, CheckResult } from '../model/index.js';
import { loadRules } from '../spec/rules.js';
import { SUITES_DIR } from '../spec/paths.js';
import { getValidator } from '../schema/index.js';
import { loadScenarioFile } from './load.js';
import { actionTestKit } from './actions/testing.js';
import { actionNamed } from './actions/index.js';
import { actionNeeds } from './actions/types.js';
import { openCapabilities } from '../core/capabilities.js';
import { runScenario } from './scenario.js';
import type { VersionEnv } from '../core/version-env.js';

/**
 * What a scenario needs from the server (capture agents, several of them, series ids) is declared
 * by the action, the given event or the variable that needs it, and a need the server refused makes exactly what is
 * built on it skip with the probe's reason ("precondition: …"); the rest of the scenario runs and is judged.
 */

const { envFor, fake } = actionTestKit();
const book = loadRules();
const AGENTS_REFUSED = 'the server refused capture agent evconf-x (400); give --agent-id with a registered agent';
const SERIES_REFUSED = 'the server refused series evconf-s (400); give --series-id with an existing series';

function scenario(yaml: string) {
  const dir = mkdtempSync(join(tmpdir(), 'evconf-needs-'));
  const file = join(dir, 'x.yaml');
  writeFileSync(file, yaml);
  return loadScenarioFile(file, book, 'x.yaml').scenarios[0];
}

function env(url: string, caps: Partial<Capabilities>): VersionEnv {
  const e = envFor(url);
  return { ...e, book, shapes: getValidator('1.6.0'), caps: { ...openCapabilities('1.6.0'), ...caps }, config: { ...e.config, settleMs: 300 } } as VersionEnv;
}

/** A server that creates every event (e1, e2 …), answers every read with it, and notes what it was sent. */
async function server(sent: string[]) {
  let n = 0;
  const handler: http.RequestListener = (req, res) => {
    let body = '';
    req.on('data', (c) => { body += String(c); });
    req.on('end', () => {
      sent.push(`${req.method} ${req.url}${body.includes('name="scheduling"') ? ' scheduling' : ''}`);
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === '/api/events') {
        res.statusCode = 201;
        res.end(JSON.stringify({ identifier: `e${++n}` }));
        return;
      }
      res.end(req.url?.startsWith('/api/events/') ? JSON.stringify({ identifier: req.url.split('/')[3] }) : '[]');
    });
  };
  return fake(handler);
}

const outcomes = (rs: CheckResult[]) => rs.map((r) => `${r.rule}:${r.outcome}`);
const scheduled = (sent: string[]) => sent.filter((s) => s.endsWith(' scheduling') || s.includes('/scheduling'));

const AGENT_SCENARIO = `family: scheduling
endpoint: PUT /api/events/{event_id}/scheduling
scenarios:
  - id: needs-agents
    title: t
    rules: [events.get.status, scheduling.put.204, events.create.schedule-single]
    given:
      - { title: plain }
      - { title: planned, scheduling: { agent_id: "{{agent}}", start: "{{time.base}}", duration: 3600000 } }
    steps:
      - request: { method: GET, path: "/api/events/{{given.0.identifier}}" }
        expect:
          - { rule: events.get.status, check: status, in: [200] }
      - request: { method: GET, path: "/api/events/{{given.1.identifier}}" }
        expect:
          - { rule: events.get.status, check: status, in: [200] }
      - action: create-scheduled
        with: { title: s, scheduling: { start: "+10:00", end: "+11:00" } }
        save: ev
        expect:
          - { rule: events.create.schedule-single, check: status, in: [201] }
      - request: { method: GET, path: "/api/events/{{given.0.identifier}}" }
        expect:
          - { rule: events.get.status, check: status, in: [200] }
`;

describe('a server that refuses evconf\'s capture agents', () => {
  it('the scheduled given event and the scheduling action are not sent; their dependants skip with the probe\'s reason, the rest is judged', async () => {
    const sent: string[] = [];
    const s = await server(sent);
    const results = await runScenario(scenario(AGENT_SCENARIO), env(s.url, { agents: { kind: 'none', reason: AGENTS_REFUSED } }));
    expect(outcomes(results)).toEqual(['events.get.status:pass', 'events.get.status:skip', 'events.create.schedule-single:skip', 'events.get.status:skip']);
    for (const r of results.slice(1)) expect(r.message).toBe(`precondition: ${AGENTS_REFUSED}`);
    expect(scheduled(sent)).toEqual([]);
    expect(sent.filter((x) => x.startsWith('POST'))).toEqual(['POST /api/events']);
  });

  it('on a server that takes them, the same scenario schedules and judges everything', async () => {
    const sent: string[] = [];
    const s = await server(sent);
    const results = await runScenario(scenario(AGENT_SCENARIO), env(s.url, {}));
    expect(outcomes(results)).toEqual(['events.get.status:pass', 'events.get.status:pass', 'events.create.schedule-single:pass', 'events.get.status:pass']);
    expect(scheduled(sent)).toEqual(['POST /api/events scheduling', 'POST /api/events scheduling']);
  });
});

describe('a server that refuses evconf\'s series ids', () => {
  it('a request naming {{series.a}} is not sent and its checks skip with the reason; the read before it is judged', async () => {
    const sent: string[] = [];
    const s = await server(sent);
    const sc = scenario(`family: events
endpoint: GET /api/events
scenarios:
  - id: needs-series
    title: t
    rules: [events.list.status, events.list.filter.series]
    steps:
      - request: { method: GET, path: /api/events }
        expect:
          - { rule: events.list.status, check: status, in: [200] }
      - request: { method: GET, path: /api/events, query: { filter: "series:{{series.a}}" } }
        expect:
          - { rule: events.list.filter.series, check: status, in: [200] }
`);
    const results = await runScenario(sc, env(s.url, { series: { kind: 'none', reason: SERIES_REFUSED } }));
    expect(outcomes(results)).toEqual(['events.list.status:pass', 'events.list.filter.series:skip']);
    expect(results[1].message).toBe(`precondition: ${SERIES_REFUSED}`);
    expect(sent).toEqual(['GET /api/events']);
  });
});

describe('one fixed capture agent (--agent-id)', () => {
  it('schedules on it; what needs a second agent of the scenario\'s own (a variable or an action) skips, saying so', async () => {
    const sent: string[] = [];
    const s = await server(sent);
    const sc = scenario(`family: scheduling
endpoint: PUT /api/events/{event_id}/scheduling
scenarios:
  - id: needs-several
    title: t
    rules: [events.create.schedule-single, scheduling.put.204, events.list.sort.end_date]
    steps:
      - action: create-scheduled
        with: { title: s, scheduling: { agent_id: "{{agent}}", start: "+10:00", end: "+11:00" } }
        save: ev
        expect:
          - { rule: events.create.schedule-single, check: status, in: [201] }
      - request: { method: GET, path: /api/events, query: { filter: "agent_id:{{agents.second}}" } }
        expect:
          - { rule: events.create.schedule-single, check: status, in: [200] }
      - action: create-scheduled-events
        with: { events: [{ title: a, at: 1 }, { title: b, at: 1, agent: two }] }
        expect:
          - { rule: events.list.sort.end_date, check: status, in: [201] }
`);
    const results = await runScenario(sc, env(s.url, { agents: { kind: 'fixed', id: 'studio-1' } }));
    expect(outcomes(results)).toEqual(['events.create.schedule-single:pass', 'events.create.schedule-single:skip', 'events.list.sort.end_date:skip']);
    for (const r of results.slice(1)) expect(r.message).toMatch(/^precondition: the scenario needs several capture agents .*--agent-id gives one \(studio-1\)/);
    expect(scheduled(sent)).toEqual(['POST /api/events scheduling']);
  });
});

describe('the declared needs', () => {
  it('are read from the action\'s parameters where they depend on them', () => {
    const of = (name: string, params: Record<string, unknown>) => actionNeeds(actionNamed(name), params);
    expect(of('create-scheduled', {})).toEqual(['agents']);
    expect(of('create-scheduled-events', { events: [{ startAt: 1 }] })).toEqual([]);
    expect(of('create-scheduled-events', { events: [{ at: 1 }, { at: 2, agent: 'b' }] })).toEqual(['agents', 'several-agents']);
    expect(of('list-setup', { events: [{ title: 'a' }, { title: 'b', schedule: { at: 1 } }] })).toEqual(['agents']);
    expect(of('create-event', { title: 'x' })).toEqual([]);
    expect(of('update-event', { scheduling: { start: '+1:00' } })).toEqual(['agents']);
    expect(of('list-filter', {})).toEqual([]);
  });

  it('no scenario file names a derived agent by text ({{agent}}-…): a second agent is {{agents.<name>}}', () => {
    const files = readdirSync(SUITES_DIR, { recursive: true }).map(String).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(readFileSync(join(SUITES_DIR, f), 'utf8'), f).not.toMatch(/\{\{\s*agent\s*\}\}-/);
  });
});
