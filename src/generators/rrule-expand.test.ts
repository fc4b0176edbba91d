import fc from 'fast-check';
import rrulePkg from 'rrule';
import { describe, expect, it } from 'vitest';
import { expand, parseRule } from './rrule-expand.js';

const { RRule } = rrulePkg;
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** The same rule by the `rrule` package (the reference server's expander): the two must agree on the subset. */
function byPackage(rule: string, startMs: number, endMs: number): number[] {
  const r = new RRule({ ...RRule.parseString(rule), dtstart: new Date(startMs) });
  return r.all((d, i) => i < 1000 && d.getTime() <= endMs).map((d) => d.getTime()).filter((t) => t >= startMs && t <= endMs);
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, 'Z');

describe('rrule-expand (RFC 5545, written from the RFC, independent of the rrule package)', () => {
  it('the RFC 5545 examples of WKST: FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU from 1997-08-05 09:00', () => {
    const start = Date.UTC(1997, 7, 5, 9);
    // "changing only WKST from MO to SU, yields different results": Aug 5, 10, 19, 24 with WKST=MO; Aug 5, 17, 19, 31 with SU.
    expect(expand('FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO', start, Date.UTC(1998, 0, 1)).map(iso)).toEqual(
      ['1997-08-05T09:00:00Z', '1997-08-10T09:00:00Z', '1997-08-19T09:00:00Z', '1997-08-24T09:00:00Z']);
    expect(expand('FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU', start, Date.UTC(1998, 0, 1)).map(iso)).toEqual(
      ['1997-08-05T09:00:00Z', '1997-08-17T09:00:00Z', '1997-08-19T09:00:00Z', '1997-08-31T09:00:00Z']);
  });

  it('UNTIL is inclusive; COUNT counts from DTSTART; BYDAY limits a DAILY rule', () => {
    const start = Date.UTC(2090, 0, 2, 10); // a Monday
    expect(expand('FREQ=DAILY;UNTIL=20900104T100000Z', start, Date.UTC(2091, 0, 1)).map(iso)).toEqual(['2090-01-02T10:00:00Z', '2090-01-03T10:00:00Z', '2090-01-04T10:00:00Z']);
    expect(expand('FREQ=DAILY;COUNT=2', start, Date.UTC(2091, 0, 1))).toHaveLength(2);
    expect(expand('FREQ=DAILY;BYDAY=WE;COUNT=2', start, Date.UTC(2091, 0, 1)).map(iso)).toEqual(['2090-01-04T10:00:00Z', '2090-01-11T10:00:00Z']);
  });

  it('a BYHOUR list in any order gives the same set, earliest first', () => {
    const start = Date.UTC(2090, 0, 1);
    expect(expand('FREQ=DAILY;BYHOUR=1,0;COUNT=1', start, Date.UTC(2091, 0, 1)).map(iso)).toEqual(['2090-01-01T00:00:00Z']);
  });

  it('MONTHLY with BYMONTHDAY past a month\'s length ignores that month (RFC 5545: invalid dates MUST be ignored)', () => {
    const start = Date.UTC(2091, 0, 31, 9);
    expect(expand('FREQ=MONTHLY;BYMONTHDAY=31;COUNT=3', start, Date.UTC(2092, 0, 1)).map(iso)).toEqual(['2091-01-31T09:00:00Z', '2091-03-31T09:00:00Z', '2091-05-31T09:00:00Z']);
  });

  it('agrees with the rrule package on generated MONTHLY rules with BYMONTHDAY', () => {
    fc.assert(fc.property(fc.record({
      interval: fc.integer({ min: 1, max: 3 }), days: fc.uniqueArray(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 3 }).map((d) => [...d].sort((a, b) => a - b)),
      count: fc.integer({ min: 1, max: 8 }), day: fc.integer({ min: 0, max: 3000 }), spanDays: fc.integer({ min: 20, max: 400 }),
    }), (g) => {
      const start = Date.UTC(2090, 0, 1, 10) + g.day * 86_400_000;
      const text = `FREQ=MONTHLY;INTERVAL=${g.interval};BYMONTHDAY=${g.days.join(',')};COUNT=${g.count}`;
      const end = start + g.spanDays * 86_400_000;
      expect(expand(text, start, end).map(iso), text).toEqual(byPackage(text, start, end).map(iso));
    }), { numRuns: 300, seed: 5545 });
  });

  it('refuses what is outside the subset instead of guessing', () => {
    expect(() => parseRule('FREQ=YEARLY')).toThrow(/outside the subset/);
    expect(() => parseRule('FREQ=WEEKLY;BYDAY=1MO')).toThrow(/not a weekday/);
    expect(() => parseRule('FREQ=DAILY;BYSETPOS=1')).toThrow(/outside the subset/);
  });

  it('agrees with the rrule package on every generated rule of the subset (WKST, INTERVAL with BYDAY, COUNT, UNTIL)', () => {
    const rule = fc.record({
      freq: fc.constantFrom('DAILY', 'WEEKLY'),
      interval: fc.integer({ min: 1, max: 4 }),
      byday: fc.subarray(DAYS, { maxLength: 4 }),
      // Ascending, as the generator sends them: the rrule package emits BYHOUR values in the order given (BYHOUR=1,0
      // with COUNT=1 from 00:00 gives 01:00), where RFC 5545 gives the set's earliest first; so do we.
      byhour: fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { maxLength: 2 }).map((h) => [...h].sort((a, b) => a - b)),
      byminute: fc.subarray([0, 15, 30, 45], { maxLength: 2 }),
      wkst: fc.option(fc.constantFrom(...DAYS), { nil: undefined }),
      bound: fc.oneof(fc.record({ count: fc.integer({ min: 1, max: 12 }) }), fc.record({ untilDays: fc.integer({ min: 0, max: 40 }), untilQuarter: fc.integer({ min: 0, max: 95 }) })),
      day: fc.integer({ min: 0, max: 3000 }),
      quarter: fc.integer({ min: 0, max: 95 }),
      spanDays: fc.integer({ min: 1, max: 60 }),
    });
    fc.assert(fc.property(rule, (g) => {
      const start = Date.UTC(2090, 0, 1) + g.day * 86_400_000 + g.quarter * 900_000;
      const parts = [`FREQ=${g.freq}`, `INTERVAL=${g.interval}`];
      if (g.byday.length) parts.push(`BYDAY=${g.byday.join(',')}`);
      if (g.byhour.length) parts.push(`BYHOUR=${g.byhour.join(',')}`);
      if (g.byminute.length) parts.push(`BYMINUTE=${g.byminute.join(',')}`);
      if (g.wkst) parts.push(`WKST=${g.wkst}`);
      parts.push('count' in g.bound ? `COUNT=${g.bound.count}` : `UNTIL=${iso(start + g.bound.untilDays * 86_400_000 + g.bound.untilQuarter * 900_000).replace(/[-:]/g, '')}`);
      const text = parts.join(';');
      const end = start + g.spanDays * 86_400_000;
      expect(expand(text, start, end).map(iso), text).toEqual(byPackage(text, start, end).map(iso));
    }), { numRuns: 400, seed: 5545 });
  });
});
