import type { ApiVersion } from './version.js';
import type { Exchange } from './exchange.js';
import type { RuleLevel } from './rule.js';
import type { LoadResult } from './load.js';
import type { Capabilities } from './capabilities.js';
import type { ExpectationsSummary, ResultExpectation } from './expectation.js';

export type Outcome = 'pass' | 'fail' | 'warn' | 'skip' | 'error';

/** Any JSON value (results must survive JSON.parse(JSON.stringify(x))). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One check of one rule in one version (ARCHITECTURE.md § Contracts). */
export interface CheckResult {
  /** Unique within the run: `<apiVersion>/<source>/<rule>[#n]`, source a scenario, property or stage id or `load/<profile>` (src/core/result-id.ts). */
  id: string;
  rule: string;
  level: RuleLevel;
  apiVersion: ApiVersion;
  endpoint: string;
  outcome: Outcome;
  message: string;
  expected?: Json;
  actual?: Json;
  exchanges: Exchange[];
  curl?: string;
  /** Scenario file:line that produced the check. */
  source?: string;
  seed?: number;
  counterexample?: Json;
  /** Command line that replays a generated failure. */
  replay?: string;
  durationMs?: number;
  /** A settled read-after-write check: how many reads the step made and how long it waited (ms). */
  reads?: number;
  settledMs?: number;
  /** Set when an expectations file (--expectations) explains this result: a known deviation, or one now fixed. */
  expectation?: ResultExpectation;
}

/** Behaviour the spec leaves "not shown", recorded as information only. */
export interface Observation {
  topic: string;
  apiVersion: ApiVersion;
  value: string;
  /** Where it was seen, e.g. "GET /api/events/{unknown} → 404". */
  context?: string;
}

export interface CoverageEntry {
  rule: string;
  apiVersion: ApiVersion;
  checks: number;
}

export interface ResultSummary {
  total: number;
  passed: number;
  failed: number;
  warned: number;
  skipped: number;
  errored: number;
}

/**
 * A version's verdict (ARCHITECTURE.md, principle 4): `conformant` only when every MUST rule that applies was checked and none
 * failed; `not-conformant` when a rule failed or evconf erred; else `incomplete` (untested rules, with why).
 */
/**
 * A version's verdict (ARCHITECTURE.md, principle 4): `conformant` only when every MUST rule that applies was checked and none failed;
 * `not-conformant` when a rule failed or evconf erred; `incomplete` (untested rules, with why); `not-offered` when the
 * server does not list the version (GET /api/version) and it was not run.
 */
export type Verdict = 'conformant' | 'not-conformant' | 'incomplete' | 'not-offered';

export interface VersionVerdict extends ResultSummary {
  apiVersion: ApiVersion;
  verdict: Verdict;
  /** Same as verdict === 'conformant'. */
  conformant: boolean;
  /**
   * MUST rules that apply to this version and were never checked (every result a skip, or none), with the reason.
   * `allowed`: the user accepted the gap (--allow-untested): listed, but it does not make the version incomplete.
   */
  untested: { rule: string; reason: string; allowed?: boolean }[];
  /** Why this version's run was cut short (interrupt, --max-duration, --phase-budget): never conformant then. */
  stopped?: string;
  /**
   * Verdict `not-offered`: the server does not offer this version (it lists its versions, GET /api/version, and this
   * one is not among them; --api-version all), so nothing was run in it. Never a failure, never a gap.
   */
  notOffered?: string;
  /**
   * With expectations (--expectations): failing checks not expected (new), failing checks expected (known), and
   * the distinct rules of the known ones. A version whose failures are all known stays `not-conformant`, but its
   * run does not fail (exit status).
   */
  newFailures?: number;
  knownFailures?: number;
  knownRules?: string[];
}

/** Waits of one kind over a version (ms). `totalMs` sums them: waits that ran at the same time are all counted. */
export interface WaitStats {
  count: number;
  totalMs: number;
  p50Ms: number;
  maxMs: number;
}

/** What one version's conformance run waited for. */
export interface VersionWaits {
  /** Every HTTP request of the version: how long each took. */
  requests: WaitStats;
  /** A created event until it first read 2xx: time after its create was answered (the server's index lag). */
  readable: WaitStats;
  /** An event evconf uploaded media for, until its processing ended. */
  processed: WaitStats;
  /** Settled read-after-write checks: how long each read again; and the settle window W they used. */
  settle: WaitStats & { windowP50Ms: number; windowMaxMs: number };
  /** Waits that stopped because the server showed it would not answer. */
  gaveUp: number;
}

/** Wall time of one phase of one version, with its --phase-budget and why it stopped early, if it did. */
export interface PhaseTiming {
  phase: 'probe' | 'scenarios' | 'properties' | 'stateful';
  durationMs: number;
  budgetMs?: number;
  stopped?: string;
}

/** Wall time of one stage of one version; a conformance stage also by phase and by what it waited for. */
export interface StageTiming {
  apiVersion: ApiVersion;
  stage: 'conformance' | 'load';
  durationMs: number;
  phases?: PhaseTiming[];
  waits?: VersionWaits;
}

/** The canonical record of a run (ARCHITECTURE.md § Contracts); reporters read only this. */
export interface RunResult {
  tool: { name: 'evconf'; version: string };
  runId: string;
  startedAt: string;
  durationMs: number;
  /** Wall time of each stage of each version, in the order run (versions run one after another). */
  timing?: StageTiming[];
  target: {
    baseUrl: string; apiVersions: ApiVersion[]; reference: boolean; mutant?: string;
    /** Versions asked for (--api-version all) that the server does not list (GET /api/version), with why: not run. */
    notOffered?: { apiVersion: ApiVersion; reason: string }[];
    /** What GET /api/version listed ("v1.0.0", ...) where the server has it; the run's default versions come from it. */
    listed?: string[];
  };
  seed: number;
  /** The command line as given (credentials redacted). */
  command?: string;
  summary: ResultSummary;
  results: CheckResult[];
  observations: Observation[];
  coverage: CoverageEntry[];
  load: LoadResult[];
  /** What the probe learned per version (also shown as observations); the load stage adapts to it. */
  capabilities?: Capabilities[];
  /** Identifiers of events the run created but could not delete. */
  leftovers?: string[];
  /**
   * Set on a record written before the run ended (at a phase end, or on an interrupt), saying so: the run may have
   * been killed after it. The final record of a run never has it.
   */
  partial?: string;
  /** The verdict of each version, as every reporter shows it (src/report/tally.ts computes it). */
  verdicts?: VersionVerdict[];
  /** Known deviations (--expectations): every entry and what it matched, with the counts. */
  expectations?: ExpectationsSummary;
  /** Rules known to the run (for the matrix and coverage in reports). */
  rules?: { id: string; level: RuleLevel; since: ApiVersion; until?: ApiVersion; section: string; endpoint: string; quote: string }[];
}
