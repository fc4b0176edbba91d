import type { ApiVersion, Observation } from '../model/index.js';

/**
 * Where the spec reads two honest ways, a server may take either, but the same one every time: the first
 * observation in a run fixes the server's reading for the version, and a later answer that only fits the other
 * reading is a contradiction. One ledger per version, shared by the scenario, property and
 * stateful stages; each reading it fixes is recorded as an observation (`reading:<question>`).
 */
export interface Reading {
  reading: string;
  /** Where it was first seen (e.g. the filter text). */
  where: string;
}

export class ReadingLedger {
  private readonly fixed = new Map<string, Reading>();

  constructor(readonly version: ApiVersion, private readonly observe?: (o: Observation) => void) {}

  /** The reading fixed for `question`, if any observation fixed one yet. */
  get(question: string): Reading | undefined {
    return this.fixed.get(question);
  }

  /**
   * Fixes `reading` for `question` on first sight. Returns the earlier reading when it differs (the server
   * contradicts itself; nothing is changed), else undefined.
   */
  learn(question: string, reading: string, where: string): Reading | undefined {
    const earlier = this.fixed.get(question);
    if (earlier) return earlier.reading === reading ? undefined : earlier;
    this.fixed.set(question, { reading, where });
    this.observe?.({ topic: `reading:${question}`, apiVersion: this.version, value: reading, context: where });
    return undefined;
  }
}

/**
 * How a keyword given several times in one filter combines (spec § GET /api/events: contributors and identifier
 * "May occur multiple times"; "from version 1.5.0, a comma-separated use of the same filter keyword is a logical
 * OR"): below 1.5.0 AND and OR are both honest. Readings: `and`, `or`. One question per keyword.
 */
export function repeatQuestion(keyword: string): string {
  return `filter-repeat:${keyword}`;
}

const ownLedgers = new WeakMap<object, ReadingLedger>();

/** The ledger of an environment: the run's (one per version), or one kept for that environment object alone. */
export function ledgerOf(env: { version: ApiVersion; readings?: ReadingLedger }): ReadingLedger {
  if (env.readings) return env.readings;
  let l = ownLedgers.get(env);
  if (!l) ownLedgers.set(env, (l = new ReadingLedger(env.version)));
  return l;
}
