import { describe, expect, it } from 'vitest';
import { reportFixture } from '../report/fixtures.js';
import type { CheckResult, RunResult } from '../model/index.js';
import { computeVerdicts, endpointFamily, idMatches, scenarioOf, sortResults, versionVerdicts } from './tally.js';

/** A run of one version over three MUST rules and one SHOULD rule, with the given results. */
function tiny(results: Partial<CheckResult>[]): RunResult {
  const rules = ['a.one', 'a.two', 'b.three'].map((id) => ({ id, level: 'MUST' as const, since: '1.0.0' as const, section: 's', endpoint: 'GET /api/events', quote: 'q' }));
  const full = results.map((r, i) => ({ id: `1.6.0/s/${r.rule}#${i}`, level: 'MUST' as const, apiVersion: '1.6.0' as const, endpoint: 'GET /api/events', outcome: 'pass' as const, message: 'm', exchanges: [], rule: 'a.one', ...r }));
  return {
    tool: { name: 'evconf', version: 't' }, runId: 'r', startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1,
    target: { baseUrl: 'http://x', apiVersions: ['1.6.0'], reference: false }, seed: 1,
    summary: { total: 0, passed: 0, failed: 0, warned: 0, skipped: 0, errored: 0 }, results: full, observations: [], load: [],
    coverage: [...rules.map((r) => ({ rule: r.id, apiVersion: '1.6.0' as const, checks: 0 })), { rule: 'c.should', apiVersion: '1.6.0' as const, checks: 0 }],
    rules: [...rules, { id: 'c.should', level: 'SHOULD', since: '1.0.0', section: 's', endpoint: 'e', quote: 'q' }],
  };
}

describe('tally', () => {
  it('gives a verdict per version over conformance checks only (load budgets excluded)', () => {
    const [v15, v16] = versionVerdicts(reportFixture());
    expect(v15).toMatchObject({ apiVersion: '1.5.0', conformant: true, failed: 0, errored: 0 });
    expect(v16).toMatchObject({ apiVersion: '1.6.0', conformant: false, failed: 3, errored: 1 });
  });

  it.each([
    ['GET /api/events', 'events.list.status', 'events'],
    ['GET /api/events/{event_id}', 'events.get.unknown', 'events'],
    ['DELETE /api/events/{event_id}/acl/{action}/{role}', 'acl.delete', 'acl'],
    ['GET /api/events/{event_id}/metadata?type=dublincore/episode', 'metadata.get', 'metadata'],
    ['GET /api/events/{event_id}/publications/{publication_id}', 'publications.get', 'publications'],
    ['GET /api/events', 'load.list.p99', 'load'],
    ['', 'scheduling.put.conflict', 'scheduling'],
  ])('endpointFamily(%j, %j) = %j', (endpoint, rule, family) => {
    expect(endpointFamily({ endpoint, rule })).toBe(family);
  });

  it('parses the scenario out of a result id', () => {
    expect(scenarioOf({ id: '1.6.0/acl/put-basic/acl.put.overwrites#2', rule: 'acl.put.overwrites', apiVersion: '1.6.0' }))
      .toEqual({ scenario: 'acl/put-basic', n: '2' });
  });

  it('sorts failures first, then errors, warnings, skips, passes', () => {
    const order = sortResults(reportFixture().results).map((r) => r.outcome);
    expect(order.indexOf('error')).toBeGreaterThan(order.lastIndexOf('fail'));
    expect(order.indexOf('pass')).toBeGreaterThan(order.lastIndexOf('skip'));
  });

  it('conformant only when every MUST rule was checked (a SHOULD rule never checked does not count)', () => {
    const [v] = computeVerdicts(tiny([{ rule: 'a.one' }, { rule: 'a.two' }, { rule: 'b.three', outcome: 'warn' }]));
    expect(v).toMatchObject({ verdict: 'conformant', conformant: true, untested: [] });
  });

  it('incomplete with the untested rules and why: their skip reasons, else why they did not run', () => {
    const [v] = computeVerdicts(tiny([{ rule: 'a.one' }, { rule: 'a.two', outcome: 'skip', message: 'needs a non-administrative user: give --user-auth USER:PASS' }]),
      { notRun: (rule) => `not selected by --only (${rule})` });
    expect(v).toMatchObject({ verdict: 'incomplete', conformant: false });
    expect(v.untested).toEqual([
      { rule: 'a.two', reason: 'needs a non-administrative user: give --user-auth USER:PASS' },
      { rule: 'b.three', reason: 'not selected by --only (b.three)' },
    ]);
  });

  it('--allow-untested accepts named gaps: still listed, no longer incomplete', () => {
    const [v] = computeVerdicts(tiny([{ rule: 'a.one' }, { rule: 'a.two', outcome: 'skip', message: 'x' }]), { allowUntested: ['a.*', 'b.three'] });
    expect(v.verdict).toBe('conformant');
    expect(v.untested.map((u) => [u.rule, u.allowed])).toEqual([['a.two', true], ['b.three', true]]);
    const [w] = computeVerdicts(tiny([{ rule: 'a.one' }, { rule: 'a.two', outcome: 'skip', message: 'x' }]), { allowUntested: ['a.*'] });
    expect(w.verdict).toBe('incomplete');
  });

  it('a version cut short is never conformant, even with every rule checked; a failure makes it not-conformant', () => {
    const all = [{ rule: 'a.one' }, { rule: 'a.two' }, { rule: 'b.three' }];
    const [v] = computeVerdicts(tiny(all), { stopped: [{ apiVersion: '1.6.0', reason: 'interrupted' }] });
    expect(v).toMatchObject({ verdict: 'incomplete', stopped: 'interrupted' });
    const [f] = computeVerdicts(tiny([...all, { rule: 'a.one', outcome: 'fail' }]), { stopped: [{ apiVersion: '1.6.0', reason: 'interrupted' }] });
    expect(f.verdict).toBe('not-conformant');
    const [none] = computeVerdicts(tiny([]), { allowUntested: ['*'] });
    expect(none.verdict).toBe('incomplete');
  });

  it('reporters read the stored verdicts', () => {
    const run = tiny([{ rule: 'a.one' }]);
    const stored = computeVerdicts(run, { allowUntested: ['*'] });
    expect(versionVerdicts({ ...run, verdicts: stored })).toBe(stored);
    expect(versionVerdicts(run)[0].verdict).toBe('incomplete');
    expect(idMatches('auth.*', 'auth.acl-read')).toBe(true);
    expect(idMatches('auth.*', 'xauth.acl')).toBe(false);
  });
});

describe('not offered (addendum: endpoints and versions the server does not offer)', () => {
  it('a version the server does not list is "not offered": listed among the verdicts, never a failure or a gap', async () => {
    const { computeVerdicts, hasGaps } = await import('./tally.js');
    const run = { target: { baseUrl: 'x', apiVersions: ['1.9.0'], reference: false, notOffered: [{ apiVersion: '1.10.0', reason: 'the server does not list v1.10.0' }] },
      results: [{ id: '1.9.0/a/r', rule: 'r', apiVersion: '1.9.0', outcome: 'pass', message: '', level: 'MUST', endpoint: 'GET /api/events' }], coverage: [], rules: [] } as never;
    const v = computeVerdicts(run);
    expect(v.map((x) => [x.apiVersion, x.verdict])).toEqual([['1.9.0', 'conformant'], ['1.10.0', 'not-offered']]);
    expect(v[1]).toMatchObject({ notOffered: 'the server does not list v1.10.0', total: 0 });
    expect(hasGaps(v[0])).toBe(false);
  });
  it('a rule whose every check was skipped as "not offered" is listed as untested but accepted', async () => {
    const { computeVerdicts } = await import('./tally.js');
    const skip = (rule: string, message: string) => ({ id: `1.6.0/s/${rule}`, rule, apiVersion: '1.6.0', outcome: 'skip', message, level: 'MUST', endpoint: 'GET /api/events/{event_id}/media' });
    const run = { target: { baseUrl: 'x', apiVersions: ['1.6.0'], reference: false },
      results: [skip('media.get.status', 'precondition: not offered: GET /api/events/{event_id}/media answered 404'), skip('other', 'precondition: no agent'),
        { ...skip('p', ''), outcome: 'pass' }],
      coverage: [{ rule: 'media.get.status', apiVersion: '1.6.0', checks: 1 }, { rule: 'other', apiVersion: '1.6.0', checks: 1 }], rules: [] } as never;
    const [v] = computeVerdicts(run);
    expect(v.untested).toEqual([
      { rule: 'media.get.status', reason: 'precondition: not offered: GET /api/events/{event_id}/media answered 404', allowed: true },
      { rule: 'other', reason: 'precondition: no agent' },
    ]);
    expect(v.verdict).toBe('incomplete');
  });
});
