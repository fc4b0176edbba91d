import { describe, expect, it } from 'vitest';
import { compareCodePoints } from '../checks/families/sort-order.js';
import { agreedOrder } from './collation.js';

/** The collations as they were written first (one localeCompare per pair): the built-once collators agree with it. */
function agreedByLocaleCompare(a: string, b: string): number {
  const signs = new Set([
    compareCodePoints(a, b),
    compareCodePoints(a.toLowerCase(), b.toLowerCase()),
    a.localeCompare(b, 'en'),
    a.localeCompare(b, 'en', { numeric: true }),
    a.localeCompare(b, 'en', { sensitivity: 'base', ignorePunctuation: true }),
  ].map(Math.sign));
  return signs.size === 1 ? [...signs][0] : 0;
}

describe('agreedOrder', () => {
  const words = ['Load 2', 'Load 10', 'load 3', 'Äpfel', 'apple', 'Zebra', 'zebra', 'a-b', 'ab', 'a b', 'é', 'e', 'E', '', '10', '9', 'x-room-1', 'x-room-7'];

  it('judges every pair as one localeCompare per collation would', () => {
    for (const a of words) for (const b of words) expect(agreedOrder(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(agreedByLocaleCompare(a, b));
  });

  it('orders numbers by value and strings only where every collation agrees', () => {
    expect(agreedOrder(3, 12)).toBe(-1);
    expect(agreedOrder('Load 2', 'Load 10')).toBe(0);
    expect(agreedOrder('x-room-7', 'x-room-1')).toBe(1);
    expect(agreedOrder('ab', 'ab')).toBe(0);
  });
});
