import fc from 'fast-check';
import { DAY_MS, intIn, ordered, yearStartMs } from './constraints.js';

/**
 * Values of one event of a paging case. Every sortable value (title word, presenter, location, start date) is
 * distinct across the case, so a sort on any of them is a total order and pages never depend on tie order.
 */
export interface SortableEvent {
  titleWord: string;
  presenter: string;
  location: string;
  /** Bibliographic start date `YYYY-MM-DD` (metadata field startDate), far in the future. */
  startDate: string;
}

/**
 * Sort criteria whose values are distinct across a case of {@link sortableEvents}, under every reading (each a total
 * order). Not start_date: the events are unscheduled, and whether it sorts by the bibliographic start (distinct) or
 * the technical one (which an unscheduled event may lack) is not said.
 */
export const TOTAL_SORTS = ['title', 'presenter', 'location'] as const;

/** Constraints of {@link sortableEvents}. */
export interface SortableEventsConstraints {
  /**
   * Fewest events.
   * @defaultValue 2
   */
  minEvents?: number;
  /**
   * Most events.
   * @defaultValue 6
   */
  maxEvents?: number;
  /**
   * Year of the start dates.
   * @defaultValue 2095
   */
  year?: number;
}

/** `n` distinct numbers below 100 in random order. */
const ranks = (n: number) => fc.uniqueArray(fc.nat({ max: 99 }), { minLength: n, maxLength: n });
const two = (n: number) => String(n).padStart(2, '0');

/** A generated set of events with distinct sort keys; pure and seeded. */
export function sortableEvents(constraints: SortableEventsConstraints = {}): fc.Arbitrary<SortableEvent[]> {
  const where = 'sortableEvents';
  const min = intIn(constraints.minEvents ?? 2, 1, 100, 'minEvents', where);
  const max = intIn(constraints.maxEvents ?? 6, 1, 100, 'maxEvents', where);
  ordered(min, max, 'events', where);
  const year = intIn(constraints.year ?? 2095, 2030, 9998, 'year', where);
  return fc.integer({ min, max }).chain((n) => fc.tuple(ranks(n), ranks(n), ranks(n), ranks(n)).map(([t, p, l, d]) =>
    Array.from({ length: n }, (_, i) => ({
      titleWord: `qxtit${two(t[i])}`,
      presenter: `qxpre${two(p[i])}`,
      location: `qxloc${two(l[i])}`,
      startDate: new Date(yearStartMs(year) + d[i] * 3 * DAY_MS).toISOString().slice(0, 10),
    }))));
}
