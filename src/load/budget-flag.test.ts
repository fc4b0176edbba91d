import { describe, expect, it } from 'vitest';
import { parseBudgetFlag } from './budget-flag.js';

describe('--budget p99=…,rps=…,errors=…', () => {
  it('parses the three budgets, with units where they help', () => {
    expect(parseBudgetFlag('p99=250,rps=50,errors=0.01')).toEqual({ p99Ms: 250, minRps: 50, maxErrorRate: 0.01 });
    expect(parseBudgetFlag('p99=1.5ms, errors=2%')).toEqual({ p99Ms: 1.5, maxErrorRate: 0.02 });
    expect(parseBudgetFlag('p99Ms=80,minRps=10,maxErrorRate=0')).toEqual({ p99Ms: 80, minRps: 10, maxErrorRate: 0 });
  });

  it('names what is wrong (exit 2)', () => {
    expect(() => parseBudgetFlag('latency=3')).toThrow(/--budget: unknown budget "latency" \(use p99, rps, errors\)/);
    expect(() => parseBudgetFlag('p99=fast')).toThrow(/--budget: p99 must be a positive number of milliseconds/);
    expect(() => parseBudgetFlag('errors=2')).toThrow(/--budget: errors must be a rate from 0 to 1/);
    expect(() => parseBudgetFlag('')).toThrow(/--budget/);
  });
});
