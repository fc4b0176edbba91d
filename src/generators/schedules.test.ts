import fc from 'fast-check';
import rrulePkg from 'rrule';
import { describe, expect, it } from 'vitest';
import { recurringSchedule, scheduleOverlap, singleSchedule } from './index.js';

const { RRule } = rrulePkg;
const sample = <T>(a: fc.Arbitrary<T>, seed: number, n = 200) => fc.sample(a, { seed, numRuns: n });
const year = (iso: string) => Number(iso.slice(0, 4));

describe('schedule arbitraries', () => {
  it('singleSchedule: far-future UTC start, end or duration never both, agents from prefix + run id', () => {
    for (const s of sample(singleSchedule({ agentPrefix: 'ca-', runId: 'r9', agents: 2 }), 1)) {
      expect(s.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
      expect(year(s.start)).toBeGreaterThanOrEqual(2090);
      expect(year(s.start)).toBeLessThanOrEqual(2099);
      expect((s.end === undefined) !== (s.duration === undefined)).toBe(true);
      expect(['ca-r9-0', 'ca-r9-1']).toContain(s.agent_id);
      if (s.end) expect(Date.parse(s.end)).toBeGreaterThan(Date.parse(s.start));
    }
    expect(sample(singleSchedule({ agentPrefix: 'a', runId: 'b', form: 'duration' }), 2).every((s) => s.duration !== undefined)).toBe(true);
  });

  it('recurringSchedule: a valid rrule whose occurrences (by the rrule package) lie within start…end and never overlap', () => {
    const all = sample(recurringSchedule({ agentPrefix: 'ca-', runId: 'r1', maxOccurrences: 6 }), 3);
    for (const s of all) {
      const { start, end, duration, rrule } = s.request;
      expect(rrule).toMatch(/^FREQ=(DAILY|WEEKLY|MONTHLY)(;[A-Z]+=[A-Z0-9,]+)*$/);
      expect(s.occurrences.length).toBeGreaterThanOrEqual(1);
      expect(s.occurrences.length).toBeLessThanOrEqual(6);
      const again = new RRule({ ...RRule.parseString(rrule), dtstart: new Date(start) }).all((d, i) => i < 50 && d <= new Date(end));
      expect(again.map((d) => d.toISOString().slice(0, 19) + 'Z').filter((x) => x <= end)).toEqual(s.occurrences);
      const times = s.occurrences.map(Date.parse);
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThan(duration);
      expect(year(start)).toBeGreaterThanOrEqual(2090);
    }
    const rules = all.map((s) => s.request.rrule).join(' ');
    for (const part of ['FREQ=DAILY', 'FREQ=WEEKLY', 'FREQ=MONTHLY', 'INTERVAL=', 'BYDAY=', 'BYMONTHDAY=', 'BYHOUR=', 'BYMINUTE=', 'WKST=', 'COUNT=', 'UNTIL=']) expect(rules).toContain(part);
  });

  it('recurringSchedule UNTIL equals the request end (the period from start to end), or lies on the last occurrence', () => {
    for (const s of sample(recurringSchedule({ agentPrefix: 'a', runId: 'b' }), 4)) {
      const until = /UNTIL=(\d{8}T\d{6}Z)/.exec(s.request.rrule)?.[1];
      if (until) expect([s.request.end, s.occurrences.at(-1)].map((x) => x?.replace(/[-:]/g, ''))).toContain(until);
    }
  });

  it('recurringSchedule puts UNTIL exactly on an occurrence with end later (UNTIL is inclusive), and the rule without UNTIL agrees', () => {
    const all = [1, 2, 3].flatMap((seed) => sample(recurringSchedule({ agentPrefix: 'a', runId: 'b', maxOccurrences: 6 }), seed, 300));
    const onOccurrence = all.filter((s) => {
      const until = /UNTIL=(\d{8}T\d{6}Z)/.exec(s.request.rrule)?.[1];
      return until !== undefined && until !== s.request.end.replace(/[-:]/g, '');
    });
    expect(onOccurrence.length).toBeGreaterThan(30);
    for (const s of onOccurrence) {
      const { start, end, duration, rrule } = s.request;
      const until = /UNTIL=(\d{8}T\d{6}Z)/.exec(rrule)![1];
      // UNTIL is the last occurrence, 7 minutes before end: UNTIL read as exclusive would give one occurrence fewer.
      expect(s.occurrences.at(-1)!.replace(/[-:]/g, ''), rrule).toBe(until);
      expect(Date.parse(end) - Date.parse(s.occurrences.at(-1)!)).toBe(7 * 60_000);
      expect(s.occurrences.length).toBeGreaterThanOrEqual(2);
      // Without its UNTIL, bounded by the period (end + duration), the rule gives the same occurrences.
      const free = RRule.parseString(rrule.replace(/;UNTIL=[^;]+/, ''));
      const periodOnly = new RRule({ ...free, dtstart: new Date(start) }).between(new Date(start), new Date(Date.parse(end) + duration), true);
      expect(periodOnly.map((d) => d.toISOString().slice(0, 19) + 'Z'), rrule).toEqual(s.occurrences);
    }
  });

  it('scheduleOverlap: existing disjoint, edges never touch, overlaps computed, containment and disjoint cases both occur', () => {
    const all = sample(scheduleOverlap({ agentPrefix: 'a', runId: 'b' }), 5, 300);
    let contains = 0;
    let disjoint = 0;
    for (const c of all) {
      const ex = c.existing.map((s) => [Date.parse(s.start), Date.parse(s.end)]);
      for (let i = 1; i < ex.length; i++) expect(ex[i][0]).toBeGreaterThan(ex[i - 1][1]);
      const [cs, ce] = [Date.parse(c.candidate.start), Date.parse(c.candidate.end)];
      for (const [s, e] of ex) for (const edge of [s, e]) expect(Math.min(Math.abs(edge - cs), Math.abs(edge - ce))).toBeGreaterThanOrEqual(15 * 60_000);
      expect(c.overlaps).toEqual(ex.flatMap(([s, e], i) => (s < ce && cs < e ? [i] : [])));
      if (ex.some(([s, e]) => (cs < s && e < ce) || (s < cs && ce < e))) contains++;
      if (c.overlaps.length === 0) disjoint++;
    }
    expect(contains).toBeGreaterThan(10);
    expect(disjoint).toBeGreaterThan(10);
  });
});

describe('recurringSchedule stays off the edges the spec leaves open', () => {
  const all = [1, 2, 3, 4, 5].flatMap((seed) => sample(recurringSchedule({ agentPrefix: 'a', runId: 'b', maxOccurrences: 6 }), seed, 300));

  it('no occurrence of the rule starts in [end, end + duration] ("from start to end plus duration" reads both ways)', () => {
    for (const s of all) {
      const { start, end, duration, rrule } = s.request;
      const endMs = Date.parse(end);
      const r = new RRule({ ...RRule.parseString(rrule), dtstart: new Date(start) });
      const edge = r.between(new Date(endMs), new Date(endMs + duration), true);
      expect(edge.map((d) => d.toISOString()), JSON.stringify(s.request)).toEqual([]);
    }
  });

  it('determines at least two occurrences (a single one may honestly be answered 201 with one object, not 200)', () => {
    for (const s of all) expect(s.occurrences.length, JSON.stringify(s.request)).toBeGreaterThanOrEqual(2);
  });

  it('start is itself an occurrence of the rule (RFC 5545: a DTSTART not synchronized with the rule gives an undefined set)', () => {
    for (const s of all) expect(s.occurrences[0], JSON.stringify(s.request)).toBe(s.request.start);
  });
});
