import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, CHOICE_IDS } from './catalogue.js';
import { departures, makeLat, prng, resolveLatitude } from './select.js';

const SPEC = readFileSync(new URL('../../../specs/events-api.md', import.meta.url), 'utf8');
/** The addendum (1.7.0-1.11.0): a choice it leaves room for quotes it. */
const ADDENDUM = readFileSync(new URL('../../../specs/events-api-1.7-1.11.md', import.meta.url), 'utf8');

describe('latitude catalogue', () => {
  it('has at least 30 choices, each with a default and at least one alternative, names unique', () => {
    expect(CHOICE_IDS.length).toBeGreaterThanOrEqual(30);
    for (const id of CHOICE_IDS) {
      const names = CATALOGUE[id].alternatives.map(([n]) => n);
      expect(names.length, id).toBeGreaterThanOrEqual(2);
      expect(new Set(names).size, id).toBe(names.length);
      for (const [, does] of CATALOGUE[id].alternatives) expect(does.length, id).toBeGreaterThan(10);
    }
  });

  it.each(CHOICE_IDS.map((id) => [id, CATALOGUE[id].quote]))('%s: the quote stands verbatim in specs/events-api.md or its addendum', (_id, quote) => {
    expect(SPEC.includes(quote) || ADDENDUM.includes(quote)).toBe(true);
  });
});

describe('latitude selection', () => {
  it('without a seed every choice takes its default (the first alternative)', () => {
    const chosen = resolveLatitude({});
    for (const id of CHOICE_IDS) expect(chosen[id]).toBe(CATALOGUE[id].alternatives[0][0]);
    expect(departures(chosen)).toEqual([]);
  });

  it('a seed is deterministic, and different seeds draw different servers', () => {
    expect(resolveLatitude({ seed: 7 })).toEqual(resolveLatitude({ seed: 7 }));
    const a = prng(11);
    const b = prng(11);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    const servers = new Set([1, 2, 3, 4, 5].map((seed) => JSON.stringify(resolveLatitude({ seed }))));
    expect(servers.size).toBe(5);
    // Over seeds 1..5 most choices leave their default at least once.
    const moved = new Set([1, 2, 3, 4, 5].flatMap((seed) => departures(resolveLatitude({ seed }))));
    expect(moved.size).toBeGreaterThan(CHOICE_IDS.length / 2);
  });

  it('forced choices win over the seed; the rest stay seed-drawn (or default without a seed)', () => {
    const seeded = resolveLatitude({ seed: 3 });
    const forced = resolveLatitude({ seed: 3, choices: { 'error-body': 'empty' } });
    expect(forced['error-body']).toBe('empty');
    expect({ ...forced, 'error-body': seeded['error-body'] }).toEqual(seeded);
    const lat = makeLat({ choices: { 'index-lag': 'lag-300ms' } });
    expect(lat('index-lag')).toBe('lag-300ms');
    expect(lat('error-body')).toBe('json');
  });

  it('an unknown choice or alternative is a one-line error naming the known ones', () => {
    expect(() => resolveLatitude({ choices: { nope: 'x' } })).toThrow(/^unknown latitude choice "nope"; known: index-lag, /);
    expect(() => resolveLatitude({ choices: { 'index-lag': 'x' } })).toThrow('unknown alternative "x" of latitude choice "index-lag"; known: none, lag-300ms');
  });
});
