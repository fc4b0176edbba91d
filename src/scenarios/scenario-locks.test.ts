import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRules } from '../spec/rules.js';
import { getValidator } from '../schema/index.js';
import { loadScenarioFile } from './load.js';
import { actionTestKit } from './actions/testing.js';
import { openCapabilities } from '../core/capabilities.js';
import { runScenario, type ScenarioLocks } from './scenario.js';
import type { VersionEnv } from '../core/version-env.js';

/**
 * An exclusive scenario holds the run alone only for the steps that read and compare: its given events
 * and its leading await-processing steps run under the shared lock, so that creating and processing them does not
 * stop every other version's work.
 */

const { envFor, fake } = actionTestKit();
const book = loadRules();

function scenario(yaml: string) {
  const dir = mkdtempSync(join(tmpdir(), 'evconf-locks-'));
  const file = join(dir, 'x.yaml');
  writeFileSync(file, yaml);
  return loadScenarioFile(file, book, 'x.yaml').scenarios[0];
}

const YAML = `family: events
endpoint: GET /api/events
scenarios:
  - id: alone
    title: alone
    exclusive: true
    rules: [events.list.status]
    given:
      - { title: one }
    steps:
      - action: await-processing
        with: { id: "{{given.0.identifier}}" }
      - request: { method: GET, path: /api/events }
        expect:
          - { rule: events.list.status, check: status, in: [200] }
`;

describe('an exclusive scenario under ScenarioLocks', () => {
  it('creates its given event and waits for its processing under `before`, and reads under `alone`', async () => {
    let lock = 'none';
    const seen: string[] = [];
    const s = await fake((req, res) => {
      seen.push(`${lock} ${req.method} ${req.url?.split('?')[0]}`);
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST') {
        res.statusCode = 201;
        res.setHeader('location', '/api/events/e1');
        res.end('{"identifier":"e1"}');
      } else if (req.url?.startsWith('/api/events/e1')) {
        res.end(JSON.stringify({ identifier: 'e1', title: 'one', status: 'EVENTS.EVENTS.STATUS.PROCESSED', processing_state: 'SUCCEEDED', publication_status: [] }));
      } else {
        res.end('[]');
      }
    });
    const e = envFor(s.url);
    const env = { ...e, book, shapes: getValidator('1.6.0'), caps: openCapabilities('1.6.0'), config: { ...e.config, settleMs: 300 } } as VersionEnv;
    const under = (name: string) => async <T>(work: () => Promise<T>): Promise<T> => {
      lock = name;
      try {
        return await work();
      } finally {
        lock = 'none';
      }
    };
    const locks: ScenarioLocks = { before: under('before'), alone: under('alone') };
    const results = await runScenario(scenario(YAML), env, locks);
    expect(results.map((r) => `${r.rule}:${r.outcome}`)).toEqual(['events.list.status:pass']);
    expect(seen.filter((x) => x.includes('POST')).every((x) => x.startsWith('before'))).toBe(true);
    // Readable (after the create) and processed (the await-processing step): every read of the event under `before`.
    const reads = seen.filter((x) => x.includes('GET /api/events/e1'));
    expect(reads.length).toBeGreaterThan(1);
    expect(reads.filter((x) => !x.startsWith('before '))).toEqual([]);
    expect(seen.filter((x) => x.endsWith('GET /api/events'))).toEqual(['alone GET /api/events']);
    expect(seen.some((x) => x.startsWith('none'))).toBe(false);
  });

  it('runs its last steps marked `shared` under `before` again (under no lock when they only read), after the ones that read and compare alone', async () => {
    let lock = 'none';
    const seen: string[] = [];
    const s = await fake((req, res) => {
      seen.push(`${lock} ${req.method} ${req.url?.split('?')[0]}${req.url?.includes('tail') ? ' tail' : ''}`);
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST') {
        res.statusCode = 201;
        res.setHeader('location', '/api/events/e1');
        res.end('{"identifier":"e1"}');
      } else if (req.url?.startsWith('/api/events/e1')) {
        res.end(JSON.stringify({ identifier: 'e1', title: 'one', status: 'EVENTS.EVENTS.STATUS.PROCESSED', processing_state: 'SUCCEEDED', publication_status: [] }));
      } else {
        res.end('[]');
      }
    });
    const e = envFor(s.url);
    const env = { ...e, book, shapes: getValidator('1.6.0'), caps: openCapabilities('1.6.0'), config: { ...e.config, settleMs: 300 } } as VersionEnv;
    const under = (name: string) => async <T>(work: () => Promise<T>): Promise<T> => {
      lock = name;
      try {
        return await work();
      } finally {
        lock = 'none';
      }
    };
    const writeTail = `      - request: { method: PUT, path: /api/events/e1/acl, query: { q: tail }, form: { acl: "[]" } }
        shared: true
        expect:
          - { rule: events.list.status, check: status, in: [200] }
      - request: { method: GET, path: /api/events, query: { q: tail2 } }
        shared: true
        expect:
          - { rule: events.list.status, check: status, in: [200] }
`;
    const results = await runScenario(scenario(YAML + writeTail), env, { before: under('before'), alone: under('alone') });
    expect(results.map((r) => `${r.rule}:${r.outcome}`)).toEqual(['events.list.status:pass', 'events.list.status:pass', 'events.list.status:pass']);
    expect(seen.filter((x) => x.includes('tail') || x.endsWith('GET /api/events'))).toEqual(['alone GET /api/events', 'before PUT /api/events/e1/acl tail', 'before GET /api/events tail']);
    // Last steps that only read hold no lock: they run beside the next exclusive scenario's steps that are alone.
    seen.length = 0;
    const readTail = `      - request: { method: GET, path: /api/events, query: { q: tail } }
        shared: true
        expect:
          - { rule: events.list.status, check: status, in: [200] }
`;
    const reads = await runScenario(scenario(YAML + readTail), env, { before: under('before'), alone: under('alone') });
    expect(reads.map((r) => r.outcome)).toEqual(['pass', 'pass']);
    expect(seen.filter((x) => x.includes('tail') || x.endsWith('GET /api/events'))).toEqual(['alone GET /api/events', 'none GET /api/events tail']);
    // Setup steps marked `shared` right after the leading waits run under `before`, before the comparisons alone.
    seen.length = 0;
    const withHead = YAML.replace(`      - request: { method: GET, path: /api/events }
        expect:`, `      - request: { method: PUT, path: /api/events/e1/acl, query: { q: tail }, form: { acl: "[]" } }
        shared: true
      - request: { method: GET, path: /api/events }
        expect:`);
    const headed = await runScenario(scenario(withHead), env, { before: under('before'), alone: under('alone') });
    expect(headed.map((r) => r.outcome)).toEqual(['pass']);
    expect(seen.filter((x) => x.includes('tail') || x.endsWith('GET /api/events'))).toEqual(['before PUT /api/events/e1/acl tail', 'alone GET /api/events']);
  });
});
