import { describe, expect, it } from 'vitest';
import { LatencyRecorder } from './histogram.js';

describe('LatencyRecorder (µs resolution; autocannon records whole ms)', () => {
  it('keeps sub-millisecond percentiles', () => {
    const r = new LatencyRecorder();
    for (let i = 1; i <= 1000; i++) r.record(i / 1000); // 0.001 … 1.000 ms
    const s = r.summary();
    expect(s.count).toBe(1000);
    expect(s.p50).toBeCloseTo(0.5, 2);
    expect(s.p90).toBeCloseTo(0.9, 2);
    expect(s.p99).toBeCloseTo(0.99, 2);
    expect(s.max).toBeCloseTo(1, 2);
    expect(s.mean).toBeCloseTo(0.5005, 2);
    r.destroy();
  });

  it('a slow tail shows in p99 and max, not in p50', () => {
    const r = new LatencyRecorder();
    for (let i = 0; i < 990; i++) r.record(0.2);
    for (let i = 0; i < 10; i++) r.record(250);
    const s = r.summary();
    expect(s.p50).toBeCloseTo(0.2, 2);
    expect(s.p99).toBeCloseTo(0.2, 2);
    r.record(250);
    expect(r.summary().p99).toBeGreaterThan(240);
    expect(r.summary().max).toBeLessThanOrEqual(250.2);
    expect(r.summary().p99).toBeLessThanOrEqual(r.summary().max);
  });

  it('is all zeros before the first response', () => {
    expect(new LatencyRecorder().summary()).toEqual({ p50: 0, p90: 0, p99: 0, max: 0, mean: 0, count: 0 });
  });
});
