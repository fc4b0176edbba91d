import { describe, expect, it } from 'vitest';
import { suites } from '../../selftest/harness.js';
import { compareCodePoints } from './sort-order.js';
import { CRITERIA, modelEvents, orderBy, rejects, sortedTexts, sortSteps, type Criterion, type Reading } from './sort-discrimination.js';

/**
 * suites/DISCRIMINATING-DATA.md, made a test for the sort scenarios: every plausible wrong reading of a sort request
 * (another criterion, none at all, only the first or only the last of several) gives an order that the scenario's
 * expectations reject, whatever order the wrong server gives to ties (creation order or its reverse).
 */

const scenarios = suites.flatMap((f) => f.scenarios).filter((s) => s.rules.some((r) => r.startsWith('events.list.sort.')));
const judged = scenarios.filter((s) => sortSteps(s).length > 0);

/**
 * Wrong readings the data cannot tell apart from the right one, each with its reason (said in the scenario too).
 * Only unscheduled events exist in 1.0.0 and in the start_date scenario: their end is their start (the run cannot
 * give them a duration), so start_date and end_date sort them alike.
 */
const INDISTINGUISHABLE: Record<string, Criterion[]> = {
  'sort-start-date': ['end_date'],
  'sort-end-date-accepted': ['start_date'],
  // Every scheduled event has a duration, no unscheduled one can be given one: their states line up with duration.
  'sort-workflow-state': ['duration'],
};

const TIES = ['created', 'reverse'] as const;

describe('discriminating sort data (suites/DISCRIMINATING-DATA.md)', () => {
  it('finds the sort scenarios whose order is judged', () => {
    expect(judged.map((s) => s.id).sort()).toEqual(expect.arrayContaining([
      'sort-title', 'sort-presenter', 'sort-start-date', 'sort-end-date', 'sort-end-date-accepted', 'sort-workflow-state', 'sort-location', 'sort-multiple',
    ]));
  });

  it.each(judged.map((s) => [s.id, s]))('%s: a server sorting by another criterion, or by none, fails', (id, s) => {
    const events = modelEvents(s);
    const steps = sortSteps(s);
    const requested = new Set(steps.flatMap((st) => st.criteria.map(([c]) => c)));
    const others = CRITERIA.filter((c) => !requested.has(c) && !(INDISTINGUISHABLE[id] ?? []).includes(c));
    const readings: [string, Reading][] = [
      ['no sort', () => []],
      ...others.map((k): [string, Reading] => [`${k} instead`, (req) => req.map(([, d]) => [k, d])]),
    ];
    for (const [name, reading] of readings) {
      for (const tie of TIES) expect(rejects(events, steps, reading, tie), `${id}: ${name} (ties ${tie}) passes`).toBe(true);
    }
  });

  it.each(judged.map((s) => [s.id, s]))('%s: each step\'s expected order differs from creation order, its reverse and title order', (id, s) => {
    const events = modelEvents(s);
    for (const st of sortSteps(s).filter((x) => x.judge === 'order')) {
      const want = orderBy(events, st.criteria, 'created').join();
      const created = events.map((e) => e.index);
      expect(want, `${id} ${JSON.stringify(st.criteria)} = creation order`).not.toBe(created.join());
      expect(want, `${id} ${JSON.stringify(st.criteria)} = reverse creation order`).not.toBe([...created].reverse().join());
      if (st.criteria.some(([c]) => c === 'title')) continue;
      for (const d of ['ASC', 'DESC'] as const) {
        expect(want, `${id} ${JSON.stringify(st.criteria)} = title ${d} order`).not.toBe(orderBy(events, [['title', d]], 'created').join());
      }
    }
  });

  it('sort-multiple: a server applying only the first or only the last criterion fails (events.list.sort.multiple)', () => {
    const s = judged.find((x) => x.id === 'sort-multiple')!;
    const events = modelEvents(s);
    const steps = sortSteps(s);
    expect(steps.every((st) => st.criteria.length > 1 && st.anyPriority)).toBe(true);
    for (const tie of TIES) {
      expect(rejects(events, steps, (req) => req.slice(0, 1), tie), `first only, ties ${tie}`).toBe(true);
      expect(rejects(events, steps, (req) => req.slice(-1), tie), `last only, ties ${tie}`).toBe(true);
      // Either priority is an honest reading of "Comma-separated list of sort criteria": both must pass.
      expect(rejects(events, steps, (req) => req, tie)).toBe(false);
      expect(rejects(events, steps, (req) => [...req].reverse(), tie)).toBe(false);
      // ... and the two priorities give different orders in each step (so events.list.sort.priority can warn).
      for (const st of steps) expect(orderBy(events, st.criteria, tie).join()).not.toBe(orderBy(events, [...st.criteria].reverse(), tie).join());
    }
  });

  it('sort-title: the model sees the rename of fig to quince, and a sort by the titles as created fails', () => {
    const s = judged.find((x) => x.id === 'sort-title')!;
    const events = modelEvents(s);
    expect(events.map((e) => e.values.title)).toEqual(['kiwi', 'apple', 'pear', 'quince']);
    // The stale reading: the order of the titles as created, judged against the titles shown (quince where fig was).
    const asCreated = modelEvents({ ...s, steps: s.steps.filter((st) => st.action?.name !== 'update-event') });
    const staleAsc = orderBy(asCreated, [['title', 'ASC']], 'created').join();
    expect(staleAsc).not.toBe(orderBy(events, [['title', 'ASC']], 'created').join());
  });

  it('sort-location: the model sees the move of l4 to zoo, and a sort by the locations as created fails', () => {
    const s = judged.find((x) => x.id === 'sort-location')!;
    const events = modelEvents(s);
    expect(events.map((e) => e.values.location)).toEqual(['lab', 'attic', 'studio', 'zoo']);
    const asCreated = modelEvents({ ...s, steps: s.steps.filter((st) => st.action?.name !== 'update-event') });
    for (const d of ['ASC', 'DESC'] as const) {
      expect(orderBy(asCreated, [['location', d]], 'created').join()).not.toBe(orderBy(events, [['location', d]], 'created').join());
    }
  });

  it('sort-start-date: a server comparing only the day of the start (ties in creation order) fails a step', () => {
    const s = judged.find((x) => x.id === 'sort-start-date')!;
    const events = modelEvents(s);
    const day = events.map((e) => ({ ...e, values: { ...e.values, start_date: Math.floor(Number(e.values.start_date) / 86_400_000) } }));
    const wrong = (['ASC', 'DESC'] as const).some((d) => orderBy(day, [['start_date', d]], 'created').join() !== orderBy(events, [['start_date', d]], 'created').join());
    expect(wrong).toBe(true);
  });

  it('sort-start-date: a server comparing the start as 32-bit seconds since the epoch (a start past 2038-01-19 wraps to 1901) fails both steps', () => {
    const s = judged.find((x) => x.id === 'sort-start-date')!;
    const events = modelEvents(s);
    // The model's starts are counted from 2031-01-01 (sort-discrimination.ts dayTime): back to the epoch first.
    const epochMs = (e: (typeof events)[number]) => Number(e.values.start_date) + Date.parse('2031-01-01T00:00:00Z');
    const int32 = events.map((e) => ({ ...e, values: { ...e.values, start_date: (epochMs(e) / 1000) | 0 } }));
    for (const d of ['ASC', 'DESC'] as const) {
      expect(orderBy(int32, [['start_date', d]], 'created').join(), d).not.toBe(orderBy(events, [['start_date', d]], 'created').join());
    }
  });

  it('the model accepts the right reading of every scenario (the model itself can tell right from wrong)', () => {
    for (const s of judged) {
      for (const tie of TIES) expect(rejects(modelEvents(s), sortSteps(s), (req) => req, tie), s.id).toBe(false);
    }
  });

  it('sorted texts are collation-neutral: code-point order equals case-insensitive order', () => {
    for (const s of judged) {
      for (const values of sortedTexts(modelEvents(s), sortSteps(s))) {
        for (const a of values) {
          for (const b of values) {
            expect(Math.sign(compareCodePoints(a, b)), `${s.id}: ${a} / ${b}`).toBe(Math.sign(compareCodePoints(a.toLowerCase(), b.toLowerCase())));
          }
        }
      }
    }
  });
});
