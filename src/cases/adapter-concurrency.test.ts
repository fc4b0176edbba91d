import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../model/index.js';
import { runCases, type CaseReport, type CasesOutcome } from './adapter.js';
import { broken, OK } from './verdict.js';

// Generated cases that touch disjoint events run side by side (runCases' `concurrency`), with the
// same outcome as one after the other.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A case runner that counts the cases in flight; `report` decides each case from its value and call number. */
function counted<T>(report: (value: T, call: number) => CaseReport, delay: (call: number) => number = () => 2) {
  const s = { calls: 0, inFlight: 0, maxInFlight: 0, values: [] as T[] };
  const run = async (value: T): Promise<CaseReport> => {
    const call = ++s.calls;
    s.values.push(value);
    s.inFlight++;
    s.maxInFlight = Math.max(s.maxInFlight, s.inFlight);
    try {
      await sleep(delay(call));
      return report(value, call);
    } finally {
      s.inFlight--;
    }
  };
  return { s, run };
}

/** What the outcome says, without the evidence objects (values, rules, case numbers, counts). */
function summary<T>(out: CasesOutcome<T>) {
  return {
    kind: out.kind, numRuns: out.numRuns, halted: out.halted, exercised: Object.fromEntries([...out.exercised].sort()),
    failures: [...(out.failures ?? [])].map(([rule, f]) => ({ rule, foundIn: f.foundIn, value: f.value, message: f.verdict.message, note: f.note })),
    known: [...(out.known ?? [])].map(([rule, f]) => ({ rule, value: f.value, message: f.verdict.message })),
  };
}

const unanswered: Exchange = { request: { method: 'GET', url: 'http://x/api/events', headers: {} }, error: { code: 'headers-timeout', message: 'no headers' } } as Exchange;

describe('runCases side by side (concurrency > 1)', () => {
  it('fc.sample draws exactly the values fc.check draws for the seed, in the same order', async () => {
    const arb = fc.record({
      words: fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 6 }), n: fc.option(fc.integer()), x: fc.double(),
      items: fc.array(fc.record({ id: fc.uuid(), tags: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd')) }), { maxLength: 4 }),
      pick: fc.oneof(fc.constant('none'), fc.nat({ max: 9 })),
    }).chain((r) => fc.tuple(fc.constant(r), fc.nat({ max: r.items.length })));
    for (const seed of [1, 42, -7, 20260127]) {
      const seen: unknown[] = [];
      await fc.check(fc.asyncProperty(arb, async (v) => { seen.push(v); }), { seed, numRuns: 60 });
      expect(fc.sample(arb, { seed, numRuns: 60 })).toEqual(seen);
    }
  });

  it('hands the runner the same values in the same order as the cases in turn do', async () => {
    const arb = fc.array(fc.string(), { maxLength: 5 });
    const inTurn = counted(() => ({ verdict: OK, exchanges: [], exercised: new Set(['r.a']) }));
    const side = counted(() => ({ verdict: OK, exchanges: [], exercised: new Set(['r.a']) }));
    await runCases(arb, inTurn.run, { seed: 9, numRuns: 30, settleMs: 0 });
    await runCases(arb, side.run, { seed: 9, numRuns: 30, settleMs: 0, concurrency: 4 });
    expect(side.s.values).toEqual(inTurn.s.values);
  });

  it('with lengths, starts the longest first; failures are still numbered and shrunk in case order', async () => {
    const arb = fc.array(fc.nat({ max: 9 }), { maxLength: 8 });
    const inTurn = counted<number[]>(() => ({ verdict: OK, exchanges: [], exercised: new Set(['r.a']) }));
    await runCases(arb, inTurn.run, { seed: 9, numRuns: 30, settleMs: 0 });
    const side = counted((v: number[]) => (v.includes(7) ? { verdict: broken('r.a', 'has 7'), exchanges: [], exercised: new Set(['r.a']) } : { verdict: OK, exchanges: [], exercised: new Set(['r.a']) }));
    const out = await runCases(arb, side.run, { seed: 9, numRuns: 30, settleMs: 0, concurrency: 1 + 1, length: (v) => v.length });
    // The first values handed over are the longest ones, in case order among equals.
    const byLength = inTurn.s.values.map((v, i) => [v.length, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]).map(([, i]) => inTurn.s.values[i]);
    expect(side.s.values.slice(0, 30)).toEqual(byLength);
    // The failure is the first failing case in case order, as the cases in turn find it.
    const first = inTurn.s.values.findIndex((v) => v.includes(7));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(out.failures?.get('r.a')?.foundIn).toBe(first + 1);
  });

  it('runs cases at once, never more than the bound', async () => {
    const { s, run } = counted(() => ({ verdict: OK, exchanges: [], exercised: new Set(['r.a']) }), () => 5);
    const out = await runCases(fc.nat(), run, { seed: 1, numRuns: 20, settleMs: 0, concurrency: 4 });
    expect(s.maxInFlight).toBeGreaterThan(1);
    expect(s.maxInFlight).toBeLessThanOrEqual(4);
    expect(out).toMatchObject({ kind: 'pass', numRuns: 20 });
    expect(out.exercised.get('r.a')).toBe(20);
  });

  it('records in case order: the lowest failing case per rule, the same counts and shrunk values as in turn', async () => {
    // Later cases end first (shorter sleeps), so the order the reports arrive in is not the case order.
    const report = (v: number): CaseReport => ({
      verdict: v % 7 === 3 ? broken('r.x', `v=${v}`) : v % 11 === 5 ? broken('r.k', `known v=${v}`) : OK,
      exchanges: [], exercised: new Set(['r.x', 'r.y', 'r.k', 'r.z']), judged: new Set(['r.z']),
      ...(v % 5 === 0 ? { noted: [{ verdict: broken('r.y', `v=${v}`), exchanges: [] }] } : {}),
    });
    const known = (rule: string) => rule === 'r.k';
    const arb = fc.integer({ min: 0, max: 500 });
    const inTurn = counted(report, (c) => Math.max(0, 40 - c));
    const side = counted(report, (c) => Math.max(0, 40 - c));
    const a = await runCases(arb, inTurn.run, { seed: 5, numRuns: 40, settleMs: 0, known });
    const b = await runCases(arb, side.run, { seed: 5, numRuns: 40, settleMs: 0, known, concurrency: 4 });
    expect(side.s.maxInFlight).toBeGreaterThan(1);
    expect(summary(a).failures.map((f) => f.rule).sort()).toEqual(['r.x', 'r.y']);
    expect(summary(a).known.map((f) => f.rule)).toEqual(['r.k']);
    expect(summary(b)).toEqual(summary(a));
  });

  it('starts no case once one halted (a failure without an answer); the outcome is the one in turn', async () => {
    const report = (_v: number, call: number): CaseReport => (call === 6
      ? { verdict: broken('r.x', 'no answer'), exchanges: [unanswered], exercised: new Set(['r.x', 'r.y']) }
      : { verdict: OK, exchanges: [], exercised: new Set(['r.x', 'r.y']) });
    const inTurn = counted(report, () => 3);
    const side = counted(report, () => 3);
    const a = await runCases(fc.nat(), inTurn.run, { seed: 3, numRuns: 30, settleMs: 0 });
    const b = await runCases(fc.nat(), side.run, { seed: 3, numRuns: 30, settleMs: 0, concurrency: 4 });
    expect(a.halted).toBe('r.x');
    expect(inTurn.s.calls).toBe(6);
    expect(side.s.maxInFlight).toBeGreaterThan(1);
    // Cases 7–9 may have started before case 6 ended; none after.
    expect(side.s.calls).toBeLessThanOrEqual(9);
    expect(summary(b)).toEqual(summary(a));
    expect(b.failures?.get('r.x')).toMatchObject({ foundIn: 6, note: expect.stringMatching(/did not answer/) });
  });

  it('starts no case once the run is stopped', async () => {
    const stop = new AbortController();
    const { s, run } = counted((_v, call) => {
      if (call === 5) stop.abort('budget');
      return { verdict: OK, exchanges: [], exercised: new Set(['r.a']) };
    }, () => 3);
    const out = await runCases(fc.nat(), run, { seed: 3, numRuns: 30, settleMs: 0, concurrency: 4, stop: stop.signal });
    expect(s.maxInFlight).toBeGreaterThan(1);
    expect(s.calls).toBeLessThanOrEqual(8);
    expect(out.stopped).toBe('budget');
  });

  it('a throw of evconf itself is an error with its stack, at its case', async () => {
    const { run } = counted((_v, call) => {
      if (call === 4) throw new Error('bug in evconf');
      return { verdict: OK, exchanges: [], exercised: new Set(['r.a']) };
    });
    const out = await runCases(fc.nat(), run, { seed: 1, numRuns: 20, settleMs: 0, concurrency: 3 });
    expect(out).toMatchObject({ kind: 'error', numRuns: 4 });
    expect(out.error).toMatch(/Error: bug in evconf\n\s+at /);
    expect(out.exercised.get('r.a')).toBe(3);
  });

  it('concurrency 1 is the cases in turn: one at a time, the same outcome as without the option', async () => {
    const report = (v: number): CaseReport => ({ verdict: v > 300 ? broken('r.x', `v=${v}`) : OK, exchanges: [], exercised: new Set(['r.x']) });
    const one = counted(report);
    const none = counted(report);
    const a = await runCases(fc.integer({ min: 0, max: 1000 }), one.run, { seed: 2, numRuns: 25, settleMs: 0, concurrency: 1 });
    const b = await runCases(fc.integer({ min: 0, max: 1000 }), none.run, { seed: 2, numRuns: 25, settleMs: 0 });
    expect(one.s.maxInFlight).toBe(1);
    expect(summary(a)).toEqual(summary(b));
    expect(one.s.values).toEqual(none.s.values);
  });
});
