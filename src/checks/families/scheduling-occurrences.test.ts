import { describe, expect, it } from 'vitest';
import { occurrencesAmongCheck } from './scheduling-occurrences.js';
import { ctx } from './testing.js';

describe('occurrences-among', () => {
  const expected = [
    { start: '2090-01-01T10:00:00Z', end: '2090-01-01T11:00:00Z' },
    { start: '2090-01-02T10:00:00Z', end: '2090-01-02T11:00:00Z' },
    { start: '2090-01-03T10:00:00Z', end: '2090-01-03T11:00:00Z' },
  ];
  const read = (i: number, status = 200, agent = 'ag') => ({ identifier: `e${i}`, status, scheduling: status === 200 ? { agent_id: agent, start: expected[i].start, end: expected[i].end } : null });
  it('passes siblings at distinct occurrences, fails a sibling gone, moved, doubled or on another agent', () => {
    expect(occurrencesAmongCheck.run(ctx(undefined, { value: [read(0), read(2)] }), { expected, agent: 'ag' }).pass).toBe(true);
    expect(occurrencesAmongCheck.run(ctx(undefined, { value: [read(0), read(2, 404)] }), { expected, agent: 'ag' }).pass).toBe(false);
    expect(occurrencesAmongCheck.run(ctx(undefined, { value: [read(0), read(0)] }), { expected, agent: 'ag' }).pass).toBe(false);
    expect(occurrencesAmongCheck.run(ctx(undefined, { value: [read(0), read(1, 200, 'other')] }), { expected, agent: 'ag' }).pass).toBe(false);
    const moved = { identifier: 'e1', status: 200, scheduling: { agent_id: 'ag', start: '2090-01-05T10:00:00Z', end: '2090-01-05T11:00:00Z' } };
    expect(occurrencesAmongCheck.run(ctx(undefined, { value: [read(0), moved] }), { expected, agent: 'ag' }).pass).toBe(false);
  });
});
