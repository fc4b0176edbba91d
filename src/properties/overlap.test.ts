import { describe, expect, it } from 'vitest';
import type { Capabilities } from '../core/capabilities.js';
import { casesInFlight } from '../core/overlap.js';
import { PROPERTIES } from './registry.js';

const caps = (agents: Capabilities['agents']) => ({ agents }) as Capabilities;

// Issue 21 item 2: generated cases that touch disjoint events run concurrently, bounded by --concurrency.
describe('casesInFlight', () => {
  it('--concurrency where the cases are disjoint, at least one', () => {
    expect(casesInFlight(undefined, 8, true)).toBe(8);
    expect(casesInFlight(caps({ kind: 'own' }), 5, true)).toBe(5);
    expect(casesInFlight(undefined, 0, true)).toBe(1);
    expect(casesInFlight(undefined, undefined, true)).toBe(1);
  });

  it('one after the other where a property does not declare it, or every schedule is on the user\'s one agent', () => {
    expect(casesInFlight(undefined, 8, undefined)).toBe(1);
    expect(casesInFlight(undefined, 8, false)).toBe(1);
    expect(casesInFlight(caps({ kind: 'fixed', id: 'ca-1' }), 8, true)).toBe(1);
  });

  it('every property decides: overlap is declared as data, true or false', () => {
    expect(PROPERTIES.filter((p) => typeof p.casesOverlap !== 'boolean').map((p) => p.id)).toEqual([]);
  });
});
