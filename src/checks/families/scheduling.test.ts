import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../types.js';
import { getValidator } from '../../schema/index.js';
import { conflictEntryCheck, conflictsAmongCheck, conflictShapeCheck, scheduleIsCheck, scheduleStatusCheck, schedulingShapeCheck } from './scheduling.js';
import { compareOccurrences, occurrencesCheck } from './scheduling-occurrences.js';
import { instant, sameInstant } from '../../spec/datetime.js';

/** A check context whose step answered `status` with `body` (JSON unless a string). */
function ctx(body: unknown, status = 200, value?: unknown): CheckContext {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  let parsed: CheckContext['body'];
  try { parsed = { ok: true, value: JSON.parse(text) }; } catch { parsed = { ok: false, reason: 'not JSON' }; }
  const exchange = {
    request: { method: 'GET', url: 'http://x/api/events/e/scheduling', headers: {} },
    response: { status, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.2.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: parsed,
    value: value ?? (parsed.ok ? parsed.value : undefined), vars: {}, shapes: getValidator('1.2.0'),
  };
}

const S = '2090-01-05T10:00:00Z';
const E = '2090-01-05T11:00:00Z';

describe('instants', () => {
  it('compares points in time, not text', () => {
    expect(sameInstant('2090-01-05T10:00:00.000Z', S)).toBe(true);
    expect(sameInstant('2090-01-05T11:00:00+01:00', S)).toBe(true);
    expect(sameInstant('2090-01-05T10:00:00', S)).toBe(true);
    expect(sameInstant('2090-01-05T10:00:01Z', S)).toBe(false);
    expect(instant('tomorrow')).toBeUndefined();
    expect(instant(42)).toBeUndefined();
  });
});

describe('schedule-is', () => {
  const p = { agent: 'ca', start: S, end: E };
  it('passes for the same agent and instants, with extra members', () => {
    expect(scheduleIsCheck.run(ctx({ agent_id: 'ca', start: '2090-01-05T10:00:00.000Z', end: E, inputs: ['default'] }), p).pass).toBe(true);
  });
  it('fails for another end, another agent, or a status other than 200', () => {
    const v = scheduleIsCheck.run(ctx({ agent_id: 'ca', start: S, end: '2090-01-05T12:00:00Z' }), p);
    expect(v.pass).toBe(false);
    expect(v.message).toContain('end "2090-01-05T12:00:00Z"');
    expect(scheduleIsCheck.run(ctx({ agent_id: 'other', start: S, end: E }), p).pass).toBe(false);
    expect(scheduleIsCheck.run(ctx(undefined, 204), p).pass).toBe(false);
  });
  it('is skipped when the event it reads was not created', () => {
    expect(scheduleIsCheck.run(ctx(undefined, 404), { ...p, after: [''] }).skip).toMatch(/precondition/);
  });
  it('judges an end with a fraction of a second at the precision the server keeps, and the one the run fixed', () => {
    // start + 4300367296 ms: exact, cut and rounded are all right; a ceiling or a second off is not.
    const wide = { agent: 'ca', start: '2091-02-22T10:00:00Z', end: '2091-04-13T04:32:47.296Z' };
    const shown = (end: string) => ({ agent_id: 'ca', start: wide.start, end });
    const exact = scheduleIsCheck.run(ctx(shown('2091-04-13T04:32:47.296Z')), wide);
    expect(exact.pass).toBe(true);
    expect(exact.learned).toEqual(expect.objectContaining({ question: 'datetime-precision', reading: 'milliseconds' }));
    const cut = scheduleIsCheck.run(ctx(shown('2091-04-13T04:32:47Z')), wide);
    expect(cut.pass).toBe(true);
    expect(cut.learned).toBeUndefined();
    expect(scheduleIsCheck.run(ctx(shown('2091-04-13T04:32:48Z')), wide).pass).toBe(false);
    expect(scheduleIsCheck.run(ctx(shown('2091-04-13T04:32:46.296Z')), wide).pass).toBe(false);
    const fixed = { ...ctx(shown('2091-04-13T04:32:47Z')), readings: { get: () => ({ reading: 'milliseconds', where: 'an earlier answer' }) } };
    const v = scheduleIsCheck.run(fixed, wide);
    expect(v.pass).toBe(false);
    expect(v.message).toContain('with milliseconds');
  });
  it('with inputs, compares them in any order; a write refused with 400 skips', () => {
    const q = { ...p, inputs: ['default', 'second'] };
    expect(scheduleIsCheck.run(ctx({ agent_id: 'ca', start: S, end: E, inputs: ['second', 'default'] }), q).pass).toBe(true);
    expect(scheduleIsCheck.run(ctx({ agent_id: 'ca', start: S, end: E, inputs: ['default'] }), q).pass).toBe(false);
    expect(scheduleIsCheck.run(ctx({ agent_id: 'ca', start: S, end: E }), q).pass).toBe(false);
    expect(scheduleIsCheck.run(ctx({ agent_id: 'ca', start: S, end: E, inputs: ['default'] }), { ...q, writeStatus: 400 }).skip).toMatch(/400/);
    expect(scheduleIsCheck.run(ctx({ agent_id: 'ca', start: S, end: E, inputs: ['default'] }), { ...q, writeStatus: 204 }).pass).toBe(false);
  });
});

describe('schedule-status', () => {
  it('judges the status, unless a prerequisite event is missing', () => {
    expect(scheduleStatusCheck.run(ctx([], 409), { in: [409], after: ['a'] }).pass).toBe(true);
    expect(scheduleStatusCheck.run(ctx({ identifier: 'x' }, 201), { in: [409], after: ['a'] }).pass).toBe(false);
    expect(scheduleStatusCheck.run(ctx({ identifier: 'x' }, 201), { in: [409], after: ['a', ''] }).skip).toBeDefined();
  });
});

describe('conflicts-among (events.create.409 over several events)', () => {
  const a = { title: 'A', start: S, end: E };
  const b = { title: 'B', start: '2090-01-05T12:00:00Z', end: '2090-01-05T13:00:00Z' };
  const p = { events: [a, b] };

  it('passes for a non-empty subset of the conflicting events (listing every one is not shown), times as instants', () => {
    expect(conflictsAmongCheck.run(ctx([a], 409), p).pass).toBe(true);
    expect(conflictsAmongCheck.run(ctx([{ ...b, start: '2090-01-05T12:00:00.000Z' }, a], 409), p).pass).toBe(true);
  });

  it('fails for an empty list, a stray entry, a wrong title or another status', () => {
    expect(conflictsAmongCheck.run(ctx([], 409), p).message).toContain('empty array');
    expect(conflictsAmongCheck.run(ctx([a, { title: 'C', start: E, end: '2090-01-05T12:00:00Z' }], 409), p).message).toContain('names no conflicting event');
    expect(conflictsAmongCheck.run(ctx([{ ...a, title: 'B' }], 409), p).message).toContain('title');
    expect(conflictsAmongCheck.run(ctx([a], 201), p).pass).toBe(false);
  });
});

describe('conflict-entry and conflict-shape', () => {
  const p = { title: 'run1 holder', start: S, end: E };
  const entry = { title: 'run1 holder', start: '2090-01-05T10:00:00.000Z', end: '2090-01-05T11:00:00.000Z' };
  it('passes when the existing event is listed (other entries allowed)', () => {
    expect(conflictEntryCheck.run(ctx([{ title: 'x', start: S, end: E }, entry], 409), p).pass).toBe(true);
    expect(conflictShapeCheck.run(ctx([entry], 409), {}).pass).toBe(true);
  });
  it('fails without the entry, with other times, or without 409', () => {
    expect(conflictEntryCheck.run(ctx([], 409), p).pass).toBe(false);
    expect(conflictEntryCheck.run(ctx([{ ...entry, end: '2090-01-05T12:00:00Z' }], 409), p).message).toContain('other times');
    expect(conflictEntryCheck.run(ctx({ identifier: 'x' }, 201), p).pass).toBe(false);
  });
  it('conflict-shape fails for entries without title, and fails (never skips) when an overlapping schedule gets no 409', () => {
    expect(conflictShapeCheck.run(ctx([{ start: S, end: E }], 409), {}).pass).toBe(false);
    const created = conflictShapeCheck.run(ctx({ identifier: 'x' }, 201), {});
    expect(created.pass).toBe(false);
    expect(created.skip).toBeUndefined();
    expect(created.message).toContain('expected 409');
  });
  it('conflict-shape skips only when an event the step depends on was not created', () => {
    expect(conflictShapeCheck.run(ctx({ identifier: 'x' }, 201), { after: [''] }).skip).toMatch(/precondition/);
  });
});

describe('scheduling-shape', () => {
  it('validates a 200 body against the scheduling shape and skips other statuses', () => {
    expect(schedulingShapeCheck.run(ctx({ agent_id: 'ca', start: S, end: E }), {}).pass).toBe(true);
    expect(schedulingShapeCheck.run(ctx({ agentId: 'ca', start: S, end: E }), {}).pass).toBe(false);
    expect(schedulingShapeCheck.run(ctx(undefined, 204), {}).skip).toBeDefined();
  });
});

describe('schedule-occurrences', () => {
  const expected = [{ start: S, end: E }, { start: '2090-01-07T10:00:00Z', end: '2090-01-07T11:00:00Z' }];
  const read = (list: { start: string; end: string; agent?: string }[]) =>
    list.map((w, i) => ({ identifier: `e${i}`, status: 200, scheduling: { agent_id: w.agent ?? 'ca', start: w.start, end: w.end } }));
  it('passes for one event per occurrence in any order', () => {
    expect(compareOccurrences(expected, 'ca', read([...expected].reverse())).pass).toBe(true);
    expect(occurrencesCheck.run(ctx(undefined, 200, read(expected)), { expected, agent: 'ca' }).pass).toBe(true);
  });
  it('fails for a missing, doubled or extra occurrence, another agent, or a failed read', () => {
    expect(compareOccurrences(expected, 'ca', read(expected.slice(0, 1))).message).toContain('missing occurrences');
    expect(compareOccurrences(expected, 'ca', read([expected[0], expected[0], expected[1]])).message).toContain('more than once');
    expect(compareOccurrences(expected, 'ca', read([...expected, { start: E, end: '2090-01-05T12:00:00Z' }])).pass).toBe(false);
    expect(compareOccurrences(expected, 'ca', read([expected[0], { ...expected[1], agent: 'cb' }])).pass).toBe(false);
    expect(compareOccurrences(expected, 'ca', [{ identifier: 'e0', status: 404, scheduling: null }]).pass).toBe(false);
    expect(compareOccurrences(expected, 'ca', []).pass).toBe(false);
  });
  it('is skipped when no occurrences could be computed', () => {
    expect(occurrencesCheck.run(ctx(undefined, 200, []), { expected: [], agent: 'ca' }).skip).toBeDefined();
  });
});
