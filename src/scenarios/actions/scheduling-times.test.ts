import { describe, expect, it } from 'vitest';
import { expectedOccurrences, mergedWindow, resolveScheduling, resolveTime, singleWindow } from './scheduling-times.js';

const BASE = '2090-01-02T00:00:00Z'; // a Monday

describe('scheduling times', () => {
  it('resolves offsets from the base time and leaves other values alone', () => {
    expect(resolveTime('+10:30', BASE)).toBe('2090-01-02T10:30:00Z');
    expect(resolveTime('+2d09:05', BASE)).toBe('2090-01-04T09:05:00Z');
    expect(resolveTime('2031-01-01T00:00:00Z', BASE)).toBe('2031-01-01T00:00:00Z');
    expect(resolveTime(3600000, BASE)).toBe(3600000);
    expect(resolveScheduling({ agent_id: 'a', start: '+01:00', duration: 60000 }, BASE)).toEqual({ agent_id: 'a', start: '2090-01-02T01:00:00Z', duration: 60000 });
  });

  it('merges a part of a schedule into the current window: the start kept, an end or a duration applied from it', () => {
    const cur = { start: '2090-01-02T10:00:00Z', end: '2090-01-02T11:00:00Z' };
    expect(mergedWindow({ agent_id: 'a', duration: 9_030_000 }, cur)).toEqual({ start: '2090-01-02T10:00:00Z', end: '2090-01-02T12:30:30Z' });
    expect(mergedWindow({ agent_id: 'a', end: '2090-01-02T11:30:00Z' }, cur)).toEqual({ start: '2090-01-02T10:00:00Z', end: '2090-01-02T11:30:00Z' });
    expect(mergedWindow({ agent_id: 'a' }, cur)).toEqual(cur);
    expect(mergedWindow({ start: '2090-01-02T12:00:00Z', duration: 60_000 }, cur)).toEqual({ start: '2090-01-02T12:00:00Z', end: '2090-01-02T12:01:00Z' });
    // A start alone reads two ways (the end kept, or the length kept), and end with duration is no schedule.
    expect(mergedWindow({ start: '2090-01-02T12:00:00Z' }, cur)).toBeUndefined();
    expect(mergedWindow({ end: '2090-01-02T12:00:00Z', duration: 60_000 }, cur)).toBeUndefined();
  });

  it('gives the window of a single schedule, and none when end and duration are both or neither given', () => {
    expect(singleWindow({ start: '2090-01-02T10:00:00Z', end: '2090-01-02T11:00:00Z' })).toEqual({ start: '2090-01-02T10:00:00Z', end: '2090-01-02T11:00:00Z' });
    expect(singleWindow({ start: '2090-01-02T10:00:00Z', duration: 5_400_000 })?.end).toBe('2090-01-02T11:30:00Z');
    // A duration with a fraction of a second: the exact end (the checks judge it at the server's precision).
    expect(singleWindow({ start: '2091-02-22T10:00:00Z', duration: 4_300_367_296 })?.end).toBe('2091-04-13T04:32:47.296Z');
    expect(singleWindow({ start: '2090-01-02T10:00:00Z', end: '2090-01-02T11:00:00Z', duration: 1 })).toBeUndefined();
    expect(singleWindow({ start: '2090-01-02T10:00:00Z' })).toBeUndefined();
  });

  it('computes rrule occurrences with the rrule package', () => {
    const s = { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=10;BYMINUTE=0', start: '2090-01-02T10:00:00Z', end: '2090-01-15T18:00:00Z', duration: 3_600_000 };
    expect(expectedOccurrences(s)).toEqual([
      { start: '2090-01-02T10:00:00Z', end: '2090-01-02T11:00:00Z' },
      { start: '2090-01-04T10:00:00Z', end: '2090-01-04T11:00:00Z' },
      { start: '2090-01-09T10:00:00Z', end: '2090-01-09T11:00:00Z' },
      { start: '2090-01-11T10:00:00Z', end: '2090-01-11T11:00:00Z' },
    ]);
  });

  it('resolves an UNTIL offset in the rule to an RFC 5545 UTC date-time, and bounds the occurrences by it inclusively', () => {
    const s = resolveScheduling({ start: '+10:00', end: '+6d18:00', duration: 3_600_000, rrule: 'FREQ=DAILY;INTERVAL=2;BYHOUR=10;BYMINUTE=0;UNTIL=+4d10:00' }, BASE);
    expect(s.rrule).toBe('FREQ=DAILY;INTERVAL=2;BYHOUR=10;BYMINUTE=0;UNTIL=20900106T100000Z');
    // UNTIL lies exactly on the third occurrence: it is the last one (the fourth, on day 6, is before end but past UNTIL).
    expect(expectedOccurrences(s).map((w) => w.start)).toEqual(['2090-01-02T10:00:00Z', '2090-01-04T10:00:00Z', '2090-01-06T10:00:00Z']);
    expect(resolveScheduling({ rrule: 'FREQ=DAILY;UNTIL=20900106T100000Z' }, BASE).rrule).toBe('FREQ=DAILY;UNTIL=20900106T100000Z');
  });

  it('refuses a rule whose occurrences depend on how the period is read, or that has none', () => {
    // An occurrence at 10:00 on the last day lies after end (09:30) but before end + duration (10:30).
    expect(() => expectedOccurrences({ rrule: 'FREQ=DAILY;BYHOUR=10;BYMINUTE=0', start: '2090-01-02T10:00:00Z', end: '2090-01-04T09:30:00Z', duration: 3_600_000 })).toThrow(/different occurrences/);
    expect(() => expectedOccurrences({ rrule: 'FREQ=DAILY;BYHOUR=10;BYMINUTE=0', start: '2090-01-02T11:00:00Z', end: '2090-01-02T12:00:00Z', duration: 60_000 })).toThrow(/no occurrence/);
  });

  it('refuses a start that is not an occurrence of the rule (RFC 5545: the recurrence set is then undefined)', () => {
    expect(() => expectedOccurrences({ rrule: 'FREQ=DAILY;BYHOUR=10;BYMINUTE=0', start: '2090-01-02T08:00:00Z', end: '2090-01-05T18:00:00Z', duration: 3_600_000 })).toThrow(/not itself an occurrence/);
    expect(() => expectedOccurrences({ rrule: 'FREQ=WEEKLY;BYDAY=WE;BYHOUR=10;BYMINUTE=0', start: '2090-01-02T10:00:00Z', end: '2090-01-15T18:00:00Z', duration: 3_600_000 })).toThrow(/not itself an occurrence/);
  });
});
