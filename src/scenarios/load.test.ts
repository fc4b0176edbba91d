import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRules } from '../spec/rules.js';
import { SUITES_DIR } from '../spec/paths.js';
import { loadScenarioFile, loadSuites } from './load.js';
import { InputFileError } from '../yaml/errors.js';

const book = loadRules();
const dir = mkdtempSync(join(tmpdir(), 'evconf-scn-'));

function load(text: string) {
  const file = join(dir, `s${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, text);
  return () => loadScenarioFile(file, book, 'x.yaml');
}

const ok = `family: events
endpoint: GET /api/events
scenarios:
  - id: a
    title: t
    rules: [events.list.status]
    steps:
      - request: { method: GET, path: /api/events }
        expect:
          - { rule: events.list.status, check: status, in: [200] }
`;

describe('scenario loader', () => {
  it('loads the built-in suites', () => {
    const files = loadSuites(SUITES_DIR, book);
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap((f) => f.scenarios).length).toBeGreaterThan(3);
  });
  it('loads a valid file with positions', () => {
    const f = load(ok)();
    expect(f.scenarios[0].steps[0].expect[0].pos.line).toBe(10);
    expect(f.scenarios[0].versions).toHaveLength(12);
  });
  it('reads `shared: true` only on the first or last steps of an exclusive scenario', () => {
    const two = ok + `      - request: { method: GET, path: /api/events }
        shared: true
        expect:
          - { rule: events.list.status, check: status, in: [200] }
`;
    const exclusive = (t: string) => t.replace('    title: t', '    title: t\n    exclusive: true');
    expect(load(exclusive(two))().scenarios[0].steps.map((st) => st.shared ?? false)).toEqual([false, true]);
    expect(load(two)).toThrow(/`shared: true` is for the first or last steps of an `exclusive: true` scenario/);
    const step = (shared: boolean) => `      - request: { method: GET, path: /api/events }${shared ? '\n        shared: true' : ''}
        expect:
          - { rule: events.list.status, check: status, in: [200] }
`;
    const head = `family: events
endpoint: GET /api/events
scenarios:
  - id: a
    title: t
    rules: [events.list.status]
    steps:
`;
    // Setup at the head, the comparisons alone, a tail: each run of shared steps at an end.
    expect(load(exclusive(head + step(true) + step(false) + step(true)))().scenarios[0].steps.map((st) => st.shared ?? false)).toEqual([true, false, true]);
    expect(load(exclusive(head + step(false) + step(true) + step(false)))).toThrow(/a step after a `shared: true` step must be shared too/);
  });

  it('reads exclusive: true (the scenario compares alone, once the others have ended)', () => {
    const f = load(ok.replace('    title: t', '    title: t\n    exclusive: true'))();
    expect(f.scenarios[0].exclusive).toBe(true);
    expect(load(ok)().scenarios[0].exclusive).toBeUndefined();
    expect(load(ok.replace('    title: t', '    title: t\n    exclusive: shared-agent'))().scenarios[0].exclusive).toBe('shared-agent');
  });
  it("reads a step's own version range (the step is not sent outside it)", () => {
    const f = load(ok.replace('      - request: { method: GET, path: /api/events }', '      - request: { method: GET, path: /api/events }\n        versions: ">=1.6.0 <1.7.0"'))();
    expect(f.scenarios[0].steps[0].versions).toEqual(['1.6.0']);
    expect(f.scenarios[0].versions).toHaveLength(12);
  });
  it.each([
    ['a YAML syntax error', ok.replace('rules: [events.list.status]', 'rules: [events.list.status'), /x\.yaml:\d+:\d+: YAML syntax/],
    ['an unknown top-level key', `${ok}extra: 1\n`, /x\.yaml:1:1: unknown key "extra"/],
    ['an unknown rule', ok.replace('rules: [events.list.status]', 'rules: [events.list.nope]'), /x\.yaml:6:\d+: unknown rule "events.list.nope"/],
    ['an unknown check', ok.replace('check: status', 'check: stat'), /x\.yaml:10:\d+: unknown check "stat"/],
    ['bad check parameters', ok.replace('in: [200]', 'in: [99]'), /x\.yaml:10:\d+: check "status": must be >= 100/],
    ['a rule not listed in the scenario', ok.replace('{ rule: events.list.status,', '{ rule: events.list.array,'), /not listed in the scenario's rules/],
    ['a step without request or action', ok.replace('- request: { method: GET, path: /api/events }', '- save: x'), /x\.yaml:8:\d+: a step needs exactly one of "request" or "action"/],
    ['an unknown action', ok.replace('- request: { method: GET, path: /api/events }', '- action: no-such-action'), /x\.yaml:8:\d+: unknown action "no-such-action" \(known: create-event, /],
    ['a bad version range', ok.replace('    title: t', '    title: t\n    versions: ">=9.0.0"'), /x\.yaml:6:\d+: "9\.0\.0" is not an API version/],
    ['a bad step version range', ok.replace('      - request: { method: GET, path: /api/events }', '      - request: { method: GET, path: /api/events }\n        versions: ">=9.0.0"'), /x\.yaml:9:\d+: "9\.0\.0" is not an API version/],
  ])('reports %s at file:line:col', (_, text, re) => {
    expect(load(text)).toThrow(InputFileError);
    expect(load(text)).toThrow(re);
  });
});
