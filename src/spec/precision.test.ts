import { describe, expect, it } from 'vitest';
import { atPrecision, isoInstant, matchWindow, precisionsFitting, PrecisionJudge, PRECISION_QUESTION, shownForms } from './precision.js';

// start + 4300367296 ms (2^32 ms + 90 min): the end has a fraction of .296 s.
const END = '2091-04-13T04:32:47.296Z';
const LATE = '2091-04-13T04:32:47.704Z';

describe('datetimes at the precision a server keeps', () => {
  it('the exact instant keeps its milliseconds, a whole second shows none', () => {
    expect(isoInstant(Date.parse(END))).toBe(END);
    expect(isoInstant(Date.parse('2090-01-05T10:00:00Z'))).toBe('2090-01-05T10:00:00Z');
  });

  it('a server may show the instant exactly, cut or rounded to the second, in any datetime form', () => {
    expect(precisionsFitting(END, END)).toEqual(['milliseconds']);
    expect(precisionsFitting('2091-04-13T04:32:47Z', END)).toEqual(['seconds-cut', 'seconds-rounded']);
    expect(precisionsFitting('2091-04-13T04:32:47.000Z', END)).toEqual(['seconds-cut', 'seconds-rounded']);
    expect(precisionsFitting('2091-04-13T04:32:47+00:00', END)).toEqual(['seconds-cut', 'seconds-rounded']);
    expect(precisionsFitting('2091-04-13T04:32:48Z', LATE)).toEqual(['seconds-rounded']);
    expect(precisionsFitting('2091-04-13T04:32:47Z', LATE)).toEqual(['seconds-cut']);
    // A whole second: every precision shows it as it is.
    expect(precisionsFitting('2090-01-05T10:00:00.000Z', '2090-01-05T10:00:00Z')).toEqual(['milliseconds', 'seconds-cut', 'seconds-rounded']);
  });

  it('no precision allows an instant off by a second, a ceiling, or another fraction', () => {
    expect(precisionsFitting('2091-04-13T04:32:48Z', END)).toEqual([]);
    expect(precisionsFitting('2091-04-13T04:32:46Z', END)).toEqual([]);
    expect(precisionsFitting('2091-04-13T04:32:47.300Z', END)).toEqual([]);
    expect(precisionsFitting('2090-01-05T10:00:01Z', '2090-01-05T10:00:00Z')).toEqual([]);
    expect(precisionsFitting('soon', END)).toEqual([]);
    expect(precisionsFitting(42, END)).toEqual([]);
  });

  it('one answer keeps to one precision, and to the one the run fixed', () => {
    const j = new PrecisionJudge();
    expect(j.same('2091-04-13T04:32:47Z', END)).toBe(true);
    expect(j.possible).toEqual(['seconds-cut', 'seconds-rounded']);
    expect(j.learned).toBeUndefined();
    // .704 cut in the same answer: only seconds-cut is left, and it is learned.
    expect(j.same('2091-04-13T04:32:47Z', LATE)).toBe(true);
    expect(j.learning('here')).toEqual({ question: PRECISION_QUESTION, reading: 'seconds-cut', where: 'here' });
    // Then a rounded instant contradicts it.
    expect(j.same('2091-04-13T04:32:48Z', LATE)).toBe(false);

    const fixed = new PrecisionJudge({ reading: 'milliseconds', where: 'earlier' });
    expect(fixed.same('2091-04-13T04:32:47Z', END)).toBe(false);
    expect(fixed.fixedNote()).toContain('with milliseconds');
    expect(fixed.same(END, END)).toBe(true);
    expect(fixed.learned).toBeUndefined();
  });

  it('the forms a start may take, and a window found among several', () => {
    const t = Date.parse(LATE);
    expect(shownForms(t)).toEqual([t, atPrecision(t, 'seconds-cut'), atPrecision(t, 'seconds-rounded')]);
    expect(shownForms(Date.parse('2090-01-05T10:00:00Z'))).toHaveLength(1);
    const windows = [{ start: '2090-01-05T10:00:00Z', end: '2090-01-05T11:00:00.500Z' }, { start: '2090-01-08T10:00:00Z', end: '2090-01-08T11:00:00.500Z' }];
    const j = new PrecisionJudge();
    expect(matchWindow(j, windows, '2090-01-08T10:00:00Z', '2090-01-08T11:00:01Z')).toBe(1);
    expect(j.possible).toEqual(['seconds-rounded']);
    // The next occurrence cut instead of rounded is no longer one of them.
    expect(matchWindow(j, windows, '2090-01-05T10:00:00Z', '2090-01-05T11:00:00Z')).toBe(-1);
    expect(matchWindow(new PrecisionJudge(), windows, '2090-01-05T10:00:00Z', '2090-01-05T11:00:02Z')).toBe(-1);
  });
});
