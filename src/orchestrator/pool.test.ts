import { describe, expect, it } from 'vitest';
import { Slots } from '../core/pool.js';
import { generatedSlots } from './run.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Slots', () => {
  it('runs at most `size` works at once, every work, in the order they asked', async () => {
    const slots = new Slots(3);
    let inFlight = 0;
    let max = 0;
    const started: number[] = [];
    const out = await Promise.all(Array.from({ length: 10 }, (_, i) => slots.run(async () => {
      started.push(i);
      max = Math.max(max, ++inFlight);
      await sleep(2);
      inFlight--;
      return i;
    })));
    expect(out).toEqual([...Array(10).keys()]);
    expect(max).toBe(3);
    expect(started).toEqual([...Array(10).keys()]);
  });

  it('a size that moves: read at each start, a grown size lets more of the line in, a shrunk one lets none in until it fits', async () => {
    let size = 2;
    const slots = new Slots(() => size);
    let inFlight = 0;
    const seen: number[] = [];
    const work = (i: number) => slots.run(async () => {
      seen.push(++inFlight);
      if (i === 1) size = 4;
      if (i === 5) size = 1;
      await sleep(2);
      inFlight--;
    });
    await Promise.all(Array.from({ length: 12 }, (_, i) => work(i)));
    expect(Math.max(...seen)).toBe(4);
    expect(seen.slice(0, 2).every((n) => n <= 2)).toBe(true);
    expect(seen[seen.length - 1]).toBe(1);
  });

  it('a work that throws frees its slot', async () => {
    const slots = new Slots(1);
    await expect(slots.run(async () => { throw new Error('x'); })).rejects.toThrow('x');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});

// A version's generated cases are bounded by --concurrency, never below one per stage.
describe('generatedSlots', () => {
  it('is 2 × --concurrency, at least the properties in flight and the stateful stage', () => {
    expect(generatedSlots(8).size).toBe(16);
    expect(generatedSlots(12).size).toBe(24);
    expect(generatedSlots(1).size).toBe(7);
  });

  it('follows a moving --concurrency (src/orchestrator/scenario-limit.ts)', () => {
    let c = 8;
    const slots = generatedSlots(() => c);
    expect(slots.size).toBe(16);
    c = 16;
    expect(slots.size).toBe(32);
  });
});
