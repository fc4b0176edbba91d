import { describe, expect, it } from 'vitest';
import { toJson } from './evidence.js';

/** What toJson has always been: a JSON round trip, the value's String() when JSON cannot write it. */
function roundTrip(v: unknown): unknown {
  if (v === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(v)) as unknown;
  } catch {
    return String(v);
  }
}

describe('toJson (plain data copied directly, anything else through the JSON round trip)', () => {
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  let deep: unknown = 1;
  for (let i = 0; i < 500; i++) deep = [deep];
  const values: unknown[] = [
    undefined, null, 0, -0, 1.5, 1e21, NaN, Infinity, -Infinity, '', 'x\u2028\ud800', true, false,
    [], [1, undefined, () => 1, Symbol('s'), null, -0, NaN], { b: 1, a: undefined, 2: 'two', 1: [{ f: () => 1 }], s: Symbol('s') },
    new Date(0), { when: new Date(0) }, { toJSON: () => 'mine' }, [{ toJSON: () => ({ x: 1 }) }], new Map([[1, 2]]),
    Object.assign(Object.create(null) as object, { a: 1 }), new Number(3), { n: new String('s') }, 10n, { big: 10n },
    () => 1, Symbol('top'), cyclic, deep, JSON.parse('{"__proto__": {"x": 1}, "y": 2}'),
    Object.assign([1, 2], { extra: 3 }), { get boom(): never { throw new Error('boom'); } },
    JSON.parse('[{"identifier":"a","acl":[{"action":"read","role":"R","allow":true}],"n":-0.5,"t":null}]'),
  ];
  it('gives what the JSON round trip gives, for every kind of value', () => {
    for (const v of values) {
      const got = toJson(v);
      const want = roundTrip(v);
      expect(got).toEqual(want);
      expect(JSON.stringify(got)).toBe(JSON.stringify(want));
      if (got !== null && typeof got === 'object') expect(Object.getPrototypeOf(got)).toBe(Object.getPrototypeOf(want));
    }
  });

  it('copies: the evidence does not share objects with the value', () => {
    const v = { list: [{ a: 1 }] };
    const out = toJson(v) as { list: { a: number }[] };
    expect(out).toEqual(v);
    expect(out).not.toBe(v);
    expect(out.list).not.toBe(v.list);
    expect(out.list[0]).not.toBe(v.list[0]);
  });
});
