import { describe, expect, it } from 'vitest';
import { mapAdaptive, mapPool, RECHECK_MS, Slots } from './pool.js';

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

describe('a limit that grows while nothing ends lets more in within RECHECK_MS (waits sleeping between polls)', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('mapAdaptive', async () => {
    let limit = 1;
    const started: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const run = mapAdaptive([0, 1, 2], () => limit, async (x) => {
      started.push(x);
      if (x === 0) await held;
      return x;
    });
    await sleep(RECHECK_MS * 2);
    expect(started).toEqual([0]);
    limit = 3;
    await sleep(RECHECK_MS * 3);
    expect(started).toEqual([0, 1, 2]);
    release();
    expect(await run).toEqual([0, 1, 2]);
  });

  it('Slots', async () => {
    let size = 1;
    const slots = new Slots(() => size);
    const started: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const runs = [0, 1, 2].map((x) => slots.run(async () => {
      started.push(x);
      if (x === 0) await held;
      return x;
    }));
    await sleep(RECHECK_MS * 2);
    expect(started).toEqual([0]);
    size = 2;
    await sleep(RECHECK_MS * 3);
    expect(started).toEqual([0, 1, 2]);
    release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
  });

  it('Slots: work asked `ahead` starts before the rest of the line, in the order asked', async () => {
    const slots = new Slots(1);
    const started: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = slots.run(async () => { started.push('first'); await held; });
    const rest = ['a', 'b'].map((x) => slots.run(async () => { started.push(x); }));
    const ahead = ['x', 'y'].map((x) => slots.run(async () => { started.push(x); }, { ahead: true }));
    release();
    await Promise.all([first, ...rest, ...ahead]);
    expect(started).toEqual(['first', 'x', 'y', 'a', 'b']);
  });
});
