import { describe, expect, it } from 'vitest';
import type { ApiVersion, CheckResult, RunResult } from '../model/index.js';
import { computeVerdicts, countOutcomes } from '../verdicts/tally.js';
import { applyExpectations } from './apply.js';
import { differencesOf, everyDifferenceExplained } from './differences.js';
import { draftExpectations } from './draft.js';
import { parseExpectations } from './file.js';

const SCHEMA = 'does not conform to event (1.6.0): / must have required property \'archive_version\'; /processing_state must be one of "INSTANTIATED", "RUNNING" (found "") (did not hold; the answer stopped changing)';

const fail = (rule: string, message: string, apiVersion: ApiVersion = '1.6.0'): CheckResult =>
  ({ id: `${apiVersion}/s/${rule}/${message.length}`, rule, level: 'MUST', apiVersion, endpoint: 'GET /api/events/{event_id}', outcome: 'fail', message, exchanges: [] });

function runOf(results: CheckResult[]): RunResult {
  const base: RunResult = { tool: { name: 'evconf', version: 't' }, runId: 'r1', startedAt: '2026-01-01T00:00:00Z', durationMs: 1,
    target: { baseUrl: 'http://x', apiVersions: ['1.6.0'], reference: false }, seed: 1, summary: countOutcomes(results), results, observations: [], load: [], coverage: [] };
  return { ...base, verdicts: computeVerdicts(base) };
}

describe('expectations are matched difference by difference', () => {
  it('a message splits into its head and its differences; the settled read\'s note is not one', () => {
    expect(differencesOf(SCHEMA)).toEqual({ head: 'does not conform to event (1.6.0)', parts: ['/ must have required property \'archive_version\'', '/processing_state must be one of "INSTANTIATED", "RUNNING" (found "")'] });
    expect(differencesOf('expected status 204, got 403: ')).toEqual({ parts: ['expected status 204, got 403:'] });
  });

  it('a failure is known only when every difference it names is explained', () => {
    const state = 'processing_state must be one of .*\\(found ""\\)';
    const archive = "required property 'archive_version'";
    expect(everyDifferenceExplained(SCHEMA, [state])).toBe(false);
    expect(everyDifferenceExplained(SCHEMA, [state, archive])).toBe(true);
    expect(everyDifferenceExplained(SCHEMA, [`${state}|${archive}`])).toBe(true);
    // An entry without a message explains its whole rule (a file of one's own may say so).
    expect(everyDifferenceExplained(SCHEMA, [undefined])).toBe(true);
    expect(everyDifferenceExplained(SCHEMA, [])).toBe(false);
  });

  it('a new break of a rule known for another reason is new; the drafted file names each difference it saw', () => {
    const known = fail('events.get.schema', SCHEMA);
    const entries = parseExpectations('d.yaml', draftExpectations(runOf([known]), { from: 'results.json' }), ['events.get.schema']);
    expect(entries).toHaveLength(1);
    expect(entries[0].message).toBe('^/ must have required property \'archive_version\'$|^/processing_state must be one of "INSTANTIATED", "RUNNING" \\(found ""\\)$');
    const another = fail('events.get.schema', 'does not conform to event (1.6.0): /processing_state must be one of "INSTANTIATED", "RUNNING" (found ""); /title must be string (found 3)');
    const out = applyExpectations(runOf([known, another]), entries, { files: ['d.yaml'], strict: false, today: '2026-01-02' });
    expect(out.results.map((r) => r.expectation?.status ?? 'new')).toEqual(['known', 'new']);
    expect(out.expectations!.newFailures).toBe(1);
  });
});

describe('notes the engine appends are not differences', () => {
  it('a generated stage\'s note and a settled read\'s note are left out', () => {
    expect(differencesOf('POST /api/events with both end and duration: expected status 400, got 201: {"identifier":"x"} (prop-invalid-writes: failed as the expectations say, not shrunk; the stage went on; seed 21)'))
      .toEqual({ head: 'POST /api/events with both end and duration', parts: ['expected status 400, got 201: {"identifier":"x"}'] });
    expect(differencesOf('after e1 = create: dublincore/episode: field location is "a", expected "" (did not hold; the answer stopped changing) (stateful-lifecycle falsified in case 1 of 100, shrunk 13 time(s); seed 21)'))
      .toEqual({ head: 'after e1 = create', parts: ['dublincore/episode: field location is "a", expected ""'] });
  });

  it('a remark on the shrinking inside the note is left out with it', () => {
    expect(differencesOf('the pages do not partition the list: offset read as the index of the first event (did not hold; the answer stopped changing) (oracle-list-invariants falsified in case 1 of 6, shrunk 8 time(s); shrinking stopped after 11 steps at its time bound (10 s): the smallest failing case found by then; seed 5)'))
      .toEqual({ head: 'the pages do not partition the list', parts: ['offset read as the index of the first event'] });
  });
});
