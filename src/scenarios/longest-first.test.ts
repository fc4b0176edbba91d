import { describe, expect, it } from 'vitest';
import type { Scenario } from '../model/index.js';
import { longestFirst } from './phase.js';

// The scenario pool starts the scenarios with the most settling steps first (a long one started last is
// the stage's tail); equal costs keep the files' order.
const scenario = (id: string, settling: number, plain = 1): Scenario => ({
  id, steps: [...Array.from({ length: settling }, () => ({ settle: true })), ...Array.from({ length: plain }, () => ({}))],
}) as unknown as Scenario;

describe('longestFirst', () => {
  it('orders by settling steps, most first, stable among equals', () => {
    const order = longestFirst([scenario('a', 0), scenario('b', 2), scenario('c', 1), scenario('d', 2, 5), scenario('e', 0, 9)]);
    expect(order.map((s) => s.id)).toEqual(['b', 'd', 'c', 'a', 'e']);
  });

  it('counts an until: precondition as a settling step and leaves its input as it was', () => {
    const input = [scenario('a', 0), { id: 'u', steps: [{ until: { check: 'x', params: {} } }] } as unknown as Scenario];
    expect(longestFirst(input).map((s) => s.id)).toEqual(['u', 'a']);
    expect(input.map((s) => s.id)).toEqual(['a', 'u']);
  });
});

describe('longestFirst with waiting actions', () => {
  it('counts an action by the settle windows it declares (ActionDef.cost): a write made while processing runs first', () => {
    const waiting = { id: 'w', steps: [{ action: { name: 'put-acl-while-processing', params: {} } }] } as unknown as Scenario;
    const unknownCost = { id: 'x', steps: [{ action: { name: 'create-event', params: {} } }] } as unknown as Scenario;
    const order = longestFirst([scenario('a', 1), unknownCost, scenario('b', 3), waiting]);
    expect(order.map((s) => s.id)).toEqual(['w', 'b', 'a', 'x']);
  });
});
