import fc from 'fast-check';
import { intIn, ordered } from './constraints.js';

/**
 * Values of one event of a filter case, drawn from small pools so that events share values. Every value is a
 * token of six letters that contains non-hex letters: no token is part of another token, of an identifier or of a
 * date, so exact, substring and case-insensitive readings of "matches" (spec § Filters) all agree.
 */
export interface FilterableEvent {
  /** A word of the title (the title also carries the run tag). */
  titleWord: string;
  description: string;
  location: string;
  language: string;
  license: string;
  rightsHolder: string;
  source: string;
  /** At most one subject: real servers match `subject` against the joined list (docs/opencast-notes.md). */
  subjects: string[];
  contributor: string[];
  isPartOf: string;
  /** Index of the capture agent (scheduled events, 1.1.0+). */
  agent: number;
}

/** Constraints of {@link filterableEvents}. */
export interface FilterableEventsConstraints {
  /**
   * Fewest events.
   * @defaultValue 1
   */
  minEvents?: number;
  /**
   * Most events.
   * @defaultValue 4
   */
  maxEvents?: number;
  /**
   * Values per pool (a smaller pool shares values more often).
   * @defaultValue 3
   */
  poolSize?: number;
  /**
   * Number of capture agents to spread scheduled events over.
   * @defaultValue 2
   */
  agents?: number;
}

const LETTERS = 'kmnprstvwyz';

/** The pool of one field: `qx` + a 3-letter field code + a letter (e.g. qxlock). */
function pool(code: string, size: number): fc.Arbitrary<string> {
  return fc.constantFrom(...Array.from({ length: size }, (_, i) => `qx${code}${LETTERS[i]}`));
}

/** A generated set of events for a filter case; pure and seeded. */
export function filterableEvents(constraints: FilterableEventsConstraints = {}): fc.Arbitrary<FilterableEvent[]> {
  const where = 'filterableEvents';
  const min = intIn(constraints.minEvents ?? 1, 1, 50, 'minEvents', where);
  const max = intIn(constraints.maxEvents ?? 4, 1, 50, 'maxEvents', where);
  ordered(min, max, 'events', where);
  const size = intIn(constraints.poolSize ?? 3, 1, LETTERS.length, 'poolSize', where);
  const agents = intIn(constraints.agents ?? 2, 1, 20, 'agents', where);
  const event: fc.Arbitrary<FilterableEvent> = fc.record({
    titleWord: pool('tit', size),
    description: pool('dsc', size),
    location: pool('loc', size),
    language: pool('lng', size),
    license: pool('lic', size),
    rightsHolder: pool('rhd', size),
    source: pool('src', size),
    subjects: fc.array(pool('sbj', size), { maxLength: 1 }),
    contributor: fc.uniqueArray(pool('ctr', size), { maxLength: 2 }),
    isPartOf: pool('ser', size),
    agent: fc.nat({ max: agents - 1 }),
  });
  return fc.array(event, { minLength: min, maxLength: max });
}
