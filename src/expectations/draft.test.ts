import { describe, expect, it } from 'vitest';
import type { ApiVersion, CheckResult, Outcome, RunResult } from '../model/index.js';
import { countOutcomes } from '../verdicts/tally.js';
import { draftExpectations, versionsText } from './draft.js';
import { parseExpectations } from './file.js';
import { applyExpectations } from './apply.js';
import { exitStatus } from '../cli/run.js';
import { computeVerdicts } from '../verdicts/tally.js';

const check = (rule: string, apiVersion: ApiVersion, outcome: Outcome, message: string = outcome): CheckResult =>
  ({ id: `${apiVersion}/s/${rule}`, rule, level: 'MUST', apiVersion, endpoint: 'GET /api/events', outcome, message, exchanges: [] });

describe('evconf expectations --from: a starting file from a run', () => {
  it('versions are written as all, a range or a list', () => {
    expect(versionsText(['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0', '1.5.0', '1.6.0', '1.7.0', '1.8.0', '1.9.0', '1.10.0', '1.11.0'])).toBe('all');
    expect(versionsText(['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0', '1.5.0', '1.6.0'])).toBe('<=1.6.0');
    expect(versionsText(['1.10.0', '1.11.0'])).toBe('>=1.10.0');
    expect(versionsText(['1.9.0', '1.10.0'])).toBe('>=1.9.0 <=1.10.0');
    expect(versionsText(['1.5.0', '1.6.0'])).toBe('>=1.5.0 <=1.6.0');
    expect(versionsText(['1.0.0', '1.1.0'])).toBe('<=1.1.0');
    expect(versionsText(['1.2.0', '1.3.0'])).toBe('>=1.2.0 <=1.3.0');
    expect(versionsText(['1.3.0'])).toBe('1.3.0');
    expect(versionsText(['1.6.0', '1.0.0'])).toEqual(['1.0.0', '1.6.0']);
    expect(versionsText(['1.10.0', '1.2.0'])).toEqual(['1.2.0', '1.10.0']);
  });

  it('one entry per failing rule, a valid file, and with it the same run exits 0', () => {
    const results = [check('events.list.filter.or', '1.5.0', 'fail', 'matching events not listed: x'), check('events.list.filter.or', '1.6.0', 'fail', 'matching events not listed: y'),
      check('metadata.put.400', '1.0.0', 'fail', 'expected status 400, got 404:\nCannot find'), check('events.list.status', '1.6.0', 'pass'),
      check('events.create.scheduled-state', '1.6.0', 'warn'), check('load.p99', '1.6.0', 'fail')];
    const base: RunResult = { tool: { name: 'evconf', version: 't' }, runId: 'r1', startedAt: '2026-01-01T00:00:00Z', durationMs: 1,
      target: { baseUrl: 'http://x', apiVersions: ['1.0.0', '1.5.0', '1.6.0'], reference: false }, seed: 1, summary: countOutcomes(results), results,
      observations: [], load: [], coverage: [] };
    const run = { ...base, verdicts: computeVerdicts(base) };
    const text = draftExpectations(run, { from: 'results.json', until: '2027-01-01' });
    expect(text).toMatch(/^# evconf expectations: known deviations of http:\/\/x/);
    const entries = parseExpectations('draft.yaml', text, ['events.list.filter.or', 'metadata.put.400', 'events.list.status']);
    expect(entries.map((e) => [e.rule, e.versions, e.why, e.until])).toEqual([
      ['events.list.filter.or', ['1.5.0', '1.6.0'], 'matching events not listed: x', '2027-01-01'],
      ['metadata.put.400', ['1.0.0'], 'expected status 400, got 404: Cannot find', '2027-01-01'],
    ]);
    expect(entries[0].documented).toMatch(/^TODO: .*run r1, results\.json/);
    // The load budget's failure is not a conformance deviation: it stays new.
    expect(exitStatus(applyExpectations(run, entries, { files: ['draft.yaml'], strict: false, today: '2026-01-02' }), false)).toBe(1);
    const noLoad = { ...run, results: results.filter((r) => r.rule !== 'load.p99') };
    expect(exitStatus(applyExpectations(noLoad, entries, { files: ['draft.yaml'], strict: false, today: '2026-01-02' }), false)).toBe(0);
  });

  it('a run without failures gives an empty, valid file', () => {
    const run: RunResult = { tool: { name: 'evconf', version: 't' }, runId: 'r', startedAt: 'x', durationMs: 1, target: { baseUrl: 'http://x', apiVersions: ['1.6.0'], reference: false },
      seed: 1, summary: countOutcomes([]), results: [], observations: [], load: [], coverage: [] };
    expect(parseExpectations('d.yaml', draftExpectations(run, { from: 'r.json' }))).toEqual([]);
  });
});
