import { describe, expect, it } from 'vitest';
import { reportFixture } from './fixtures.js';
import { endpointFamily, scenarioOf, sortResults, versionVerdicts } from './tally.js';

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
});
