import { describe, expect, it } from 'vitest';
import { mapAdaptive, mapPool } from './pool.js';

const tick = () => new Promise((r) => setImmediate(r));

describe('mapAdaptive (a pool whose limit is read before each start)', () => {
  it('keeps at most limit() in flight as the limit moves, results in input order', async () => {
    let limit = 2;
    let inFlight = 0;
    const peaks: number[] = [];
    const out = await mapAdaptive([...Array(12).keys()], () => limit, async (x, i) => {
      inFlight++;
      peaks.push(inFlight);
      if (i === 3) limit = 5;
      if (i === 8) limit = 1;
      await tick();
      await tick();
      inFlight--;
      return x * 10;
    });
    expect(out).toEqual([...Array(12).keys()].map((x) => x * 10));
    expect(Math.max(...peaks.slice(0, 3))).toBeLessThanOrEqual(2);
    expect(Math.max(...peaks)).toBe(5);
    expect(peaks[peaks.length - 1]).toBe(1);
  });

  it('runs one at a time when the limit says 0, ends at once on nothing, and passes a failure on', async () => {
    expect(await mapAdaptive([1, 2, 3], () => 0, async (x) => x + 1)).toEqual([2, 3, 4]);
    expect(await mapAdaptive([], () => 4, async () => 1)).toEqual([]);
    await expect(mapAdaptive([1, 2], () => 2, async (x) => { if (x === 2) throw new Error('boom'); return x; })).rejects.toThrow('boom');
  });

  it('gives what mapPool gives for a fixed limit', async () => {
    const f = async (x: number) => { await tick(); return x * x; };
    expect(await mapAdaptive([3, 1, 2], () => 2, f)).toEqual(await mapPool([3, 1, 2], 2, f));
  });
});
