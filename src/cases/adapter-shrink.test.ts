import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCases, type CaseReport } from './adapter.js';
import { broken, OK } from './verdict.js';

// A failing rule's shrinking is bounded in wall time (adapter.ts MAX_SHRINK_MS): each step is a case against the
// server, so a slow server must not make a failing run much longer than a passing one.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Fails every array holding a number above 10; each case takes `ms`. */
function slowRunner(ms: number) {
  const s = { calls: 0 };
  const run = async (value: number[]): Promise<CaseReport> => {
    s.calls++;
    await sleep(ms);
    return { verdict: value.some((x) => x > 10) ? broken('r.x', `holds ${Math.max(...value)}`) : OK, exchanges: [], exercised: new Set(['r.x']), judged: new Set() };
  };
  return { s, run };
}

describe('shrinking a failing rule', () => {
  const arb = fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 40 });

  it('without a time bound in reach, shrinks to the smallest failing case', async () => {
    const { run } = slowRunner(0);
    const out = await runCases(arb, run, { seed: 3, numRuns: 5, settleMs: 0 });
    const f = out.failures?.get('r.x');
    expect(f?.value).toEqual([11]);
    expect(f?.note).toBeUndefined();
  });

  it('stops at its time bound with the smallest failing case found by then, and says so', async () => {
    const { s, run } = slowRunner(20);
    const started = Date.now();
    const out = await runCases(arb, run, { seed: 3, numRuns: 1, settleMs: 0, maxShrinkMs: 100 });
    const ms = Date.now() - started;
    const f = out.failures?.get('r.x');
    expect(f).toBeDefined();
    expect(f?.note).toMatch(/shrinking stopped after \d+ steps at its time bound/);
    // A handful of steps of 20 ms fit in 100 ms; shrinking to [11] takes far more.
    expect(s.calls).toBeLessThan(30);
    expect(f?.value).not.toEqual([11]);
    expect(ms).toBeLessThan(5_000);
  });
});
