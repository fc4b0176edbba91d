import fc from 'fast-check';
import { DAY_MS, intIn, MINUTE_MS } from './constraints.js';
import { isoUtc } from '../spec/datetime.js';
import { agentsAndWindow, type AgentTimeConstraints } from './single-schedule.js';

/** A time span as the scheduling object gives it (UTC). */
export interface Span {
  start: string;
  end: string;
}

/**
 * Existing schedules on one agent (pairwise disjoint) and a candidate schedule on the same agent, with the indexes
 * of the existing schedules it overlaps (spec § POST /api/events: 409 "scheduling conflict").
 */
export interface ScheduleOverlap {
  agent_id: string;
  existing: Span[];
  candidate: Span;
  /** Indexes into `existing` that the candidate overlaps (empty: disjoint from all). */
  overlaps: number[];
}

/** Constraints of {@link scheduleOverlap}. */
export interface ScheduleOverlapConstraints extends AgentTimeConstraints {
  /**
   * Most existing schedules.
   * @defaultValue 3
   */
  maxExisting?: number;
}

/** Grid of the layout: existing edges on whole half hours, candidate edges a quarter hour off the grid. */
const SLOT = 30 * MINUTE_MS;
const OFF = 15 * MINUTE_MS;

/**
 * Clearly overlapping or clearly disjoint layouts, never touching edges: every edge of the candidate lies 15
 * minutes away from every edge of an existing schedule, so an overlap is at least 15 minutes and a gap too.
 * The candidate may contain an existing schedule, lie inside one, overlap several, or fall into a gap.
 */
export function scheduleOverlap(constraints: ScheduleOverlapConstraints): fc.Arbitrary<ScheduleOverlap> {
  const where = 'scheduleOverlap';
  const { agents, fromMs, toMs } = agentsAndWindow(constraints, where);
  const maxExisting = intIn(constraints.maxExisting ?? 3, 1, 20, 'maxExisting', where);
  const days = Math.floor((toMs - fromMs) / DAY_MS) - 2;
  const block = fc.record({ gap: fc.integer({ min: 1, max: 4 }), length: fc.integer({ min: 1, max: 6 }) });
  return fc.record({
    agent: fc.constantFrom(...agents),
    day: fc.integer({ min: 0, max: days }),
    blocks: fc.array(block, { minLength: 1, maxLength: maxExisting }),
    candStart: fc.integer({ min: -2, max: 40 }),
    candLength: fc.integer({ min: 1, max: 12 }),
  }).map((g) => {
    const base = fromMs + g.day * DAY_MS + 2 * 3_600_000;
    let at = 0;
    const slots: [number, number][] = g.blocks.map((b) => {
      const s = at + b.gap;
      at = s + b.length;
      return [s, at];
    });
    const cs = Math.min(g.candStart, at + 1);
    const candidate: [number, number] = [base + cs * SLOT + OFF, base + (cs + g.candLength) * SLOT + OFF];
    const existing = slots.map(([s, e]) => [base + s * SLOT, base + e * SLOT] as [number, number]);
    const overlaps = existing.flatMap(([s, e], i) => (s < candidate[1] && candidate[0] < e ? [i] : []));
    return {
      agent_id: g.agent,
      existing: existing.map(([s, e]) => ({ start: isoUtc(s), end: isoUtc(e) })),
      candidate: { start: isoUtc(candidate[0]), end: isoUtc(candidate[1]) },
      overlaps,
    };
  });
}
