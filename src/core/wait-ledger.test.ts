import { describe, expect, it } from 'vitest';
import { stats, WaitLedger } from './wait-ledger.js';

describe('WaitLedger (timing as data)', () => {
  it('summarizes each kind of wait as count, total, median and maximum', () => {
    const w = new WaitLedger();
    for (const ms of [3, 1, 2, 10]) w.request(ms);
    w.readable(0);
    w.readable(300);
    w.readable(-2); // a lag measured below zero (clock granularity) counts as none
    w.processed(250);
    w.settle(1600, 1500);
    w.settle(400, 1500);
    w.gaveUp();
    expect(w.summary()).toEqual({
      requests: { count: 4, totalMs: 16, p50Ms: 3, maxMs: 10 },
      readable: { count: 3, totalMs: 300, p50Ms: 0, maxMs: 300 },
      processed: { count: 1, totalMs: 250, p50Ms: 250, maxMs: 250 },
      settle: { count: 2, totalMs: 2000, p50Ms: 1000, maxMs: 1600, windowP50Ms: 1500, windowMaxMs: 1500 },
      gaveUp: 1,
    });
  });

  it('no samples: zeros, and the summary is plain JSON data', () => {
    expect(stats([])).toEqual({ count: 0, totalMs: 0, p50Ms: 0, maxMs: 0 });
    const s = new WaitLedger().summary();
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it('recentRequestP50 is the median of the last 512 requests (undefined before 64), as they come', () => {
    const w = new WaitLedger();
    const all: number[] = [];
    let x = 7;
    for (let i = 0; i < 1500; i++) {
      x = (x * 48271) % 2147483647;
      const ms = i % 5 === 0 ? 3 : (x % 1000) / 10; // repeats too
      w.request(ms);
      all.push(ms);
      const last = all.slice(-512).sort((a, b) => a - b);
      const want = all.length < 64 ? undefined : last[last.length >> 1];
      expect(w.recentRequestP50()).toBe(want);
    }
  });
});
