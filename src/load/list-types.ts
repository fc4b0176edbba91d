import type { ApiVersion } from '../model/index.js';

/** What a load-stage list request is expected to show (src/load/list-expect.ts builds it, sample-check.ts judges it). */
export interface FilterTerm {
  name: string;
  value: string;
  /** textFilter only: the value is a seeded keyword, shown in the matching events' description. */
  shown?: boolean;
}

export interface ListExpectation {
  apiVersion: ApiVersion;
  filters: FilterTerm[];
  sort?: { name: string; desc: boolean };
  limit?: number;
  minItems: number;
  /**
   * The run's own events (its seeded ones): only they are judged (a shared server lists other people's events,
   * in any shape, under any collation). By identifier when the stage knows them, else by the tagged title.
   */
  run: { tag: string; ids?: ReadonlySet<string> };
}
