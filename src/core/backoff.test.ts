import { describe, expect, it } from 'vitest';
import { AFTER_AIM_MS, AIM_STEPS, Backoff, LEAST_AIM_MS } from './backoff.js';

/** The times (ms after the write) of the reads a back-off makes, reads taking no time, up to `until`. */
function reads(b: Backoff, until: number): number[] {
  const at = [0];
  while (at[at.length - 1] < until) at.push(at[at.length - 1] + b.next(at[at.length - 1]));
  return at;
}

describe('Backoff: pauses between the reads of a wait for a write to show', () => {
  it('doubles from the first pause up to the longest one without an aim', () => {
    expect(reads(new Backoff(25, 400), 1_500)).toEqual([0, 25, 75, 175, 375, 775, 1175, 1575]);
  });

  it('reads halfway to the aim, at the aim, then AIM_STEPS times after AFTER_AIM_MS, then doubles again', () => {
    const after = Array.from({ length: AIM_STEPS }, (_, i) => 980 + (i + 1) * AFTER_AIM_MS);
    const last = after[after.length - 1];
    expect(reads(new Backoff(25, 400, 980), 1_700)).toEqual([0, 490, 980, ...after, last + 100, last + 300, last + 700]);
  });

  it('a write that shows after 1 s is read sooner aimed than doubling (no more reads)', () => {
    const firstAfter = (at: number[]) => at.findIndex((t) => t >= 1_000);
    const plain = reads(new Backoff(25, 400), 1_500);
    const aimed = reads(new Backoff(25, 400, 975), 1_500);
    expect(plain[firstAfter(plain)]).toBe(1175);
    expect(aimed[firstAfter(aimed)]).toBe(1025);
    expect(firstAfter(plain)).toBe(6);
    expect(firstAfter(aimed)).toBe(3);
  });

  it('an aim below LEAST_AIM_MS is no aim', () => {
    expect(reads(new Backoff(25, 400, LEAST_AIM_MS - 1), 400)).toEqual(reads(new Backoff(25, 400), 400));
  });

  it('past the aim already (a slow read), the next read at once, then the short pauses', () => {
    const b = new Backoff(25, 400, 300);
    expect(b.next(0)).toBe(150);
    expect(b.next(350)).toBe(0);
    expect(b.next(350)).toBe(AFTER_AIM_MS);
    expect(b.next(400)).toBe(AFTER_AIM_MS);
  });
});
