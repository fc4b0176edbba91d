import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PartialTeller } from './partial-teller.js';

describe('PartialTeller (partial results at most once a gap)', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('tells the first at once, folds the ones within the gap into one at its end, and nothing after stop', () => {
    let told = 0;
    const t = new PartialTeller(() => { told++; }, 1000);
    t.due();
    expect(told).toBe(1);
    t.due();
    t.due();
    expect(told).toBe(1);
    vi.advanceTimersByTime(999);
    expect(told).toBe(1);
    vi.advanceTimersByTime(1);
    expect(told).toBe(2);
    vi.advanceTimersByTime(5000);
    t.due();
    expect(told).toBe(3);
    t.due();
    t.stop();
    vi.advanceTimersByTime(5000);
    t.due();
    expect(told).toBe(3);
  });

  it('with a gap of 0 tells every phase end at once', () => {
    let told = 0;
    const t = new PartialTeller(() => { told++; }, 0);
    for (let i = 0; i < 4; i++) t.due();
    expect(told).toBe(4);
  });
});
