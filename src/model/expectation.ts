import type { ApiVersion } from './version.js';

/**
 * Known deviations: an expectations file lists rules a server is known to break, so that a run fails
 * only on change. An entry expects its rule's checks to fail (or to be skipped) in some versions.
 */
export interface ExpectationEntry {
  /** Rule id, `*` allowed (`events.list.filter.*`). */
  rule: string;
  /** The API versions the deviation shows in. */
  versions: ApiVersion[];
  /** `fail`: its checks fail (a SHOULD rule's warn counts); `skip`: its checks are skipped (a known gap). */
  expect: 'fail' | 'skip';
  /** Why, in one line (the real behaviour). */
  why: string;
  /** Where the deviation is documented: a link or a source. */
  documented: string;
  /** A regular expression the failure's message must match (unanchored); a failure that does not match is new. */
  message?: string;
  /** YYYY-MM-DD: after this day the entry is stale (it still explains its failures; --strict-expectations exits 1). */
  until?: string;
  /** Where the entry is written: `file:line`. */
  at: string;
  /** The implementation's own versions that show the deviation (e.g. "Opencast 2.3–16"); shown, never judged. */
  seenIn?: string;
}

/** What an expectation made of one result. */
export interface ResultExpectation {
  /** `known`: failed (or was skipped) as expected; `fixed`: a pass of a rule expected to fail, which failed nowhere in this version. */
  status: 'known' | 'fixed';
  /** The entry's `file:line`. */
  entry: string;
  why: string;
  documented: string;
  /** Every entry that explained one of the failure's differences (`file:line`), when more than `entry` did. */
  entries?: string[];
}

/**
 * An entry's state after the run: `known` (it explained results), `fixed` (expected to fail, its rule was checked
 * and passed in every version it names), `stale` (it matched nothing, or is past its `until`), `not-run` (none of its
 * versions was in the run: neither fixed nor stale).
 */
export type EntryStatus = 'known' | 'fixed' | 'stale' | 'not-run';

/** An entry as reported after the run: the entry as written, and what the run made of it. */
export interface EntryReport extends ExpectationEntry {
  status: EntryStatus;
  /** Why a stale entry is stale: past its until date, or no result matched it. */
  staleReason?: string;
  /** Versions of the run where it explained results, and those where its rule was checked and did not fail. */
  knownIn: ApiVersion[];
  fixedIn: ApiVersion[];
  /** Results it explained, and the distinct rules they belong to. */
  checks: number;
  rules: string[];
}

/** The run's expectations summary (results.json `expectations`). */
export interface ExpectationsSummary {
  /** The expectations files, as given. */
  files: string[];
  /** --strict-expectations: fixed and stale entries fail the run too. */
  strict: boolean;
  /** The day expiry was judged on (YYYY-MM-DD, UTC). */
  today: string;
  /** Checks: passed; failed and not expected (new); failed or skipped as expected (known). */
  passed: number;
  newFailures: number;
  known: number;
  /** Entries: fixed and stale. */
  fixed: number;
  stale: number;
  entries: EntryReport[];
}
