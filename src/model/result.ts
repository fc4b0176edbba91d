import type { ApiVersion } from './version.js';
import type { Exchange } from './exchange.js';
import type { RuleLevel } from './rule.js';
import type { LoadResult } from './load.js';
import type { Capabilities } from './capabilities.js';

export type Outcome = 'pass' | 'fail' | 'warn' | 'skip' | 'error';

/** Any JSON value (results must survive JSON.parse(JSON.stringify(x))). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One check of one rule in one version (design §4). */
export interface CheckResult {
  /** Unique within the run: `<apiVersion>/<scenario id>/<rule>[#n]`. */
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

/** The canonical record of a run (design §4); reporters read only this. */
export interface RunResult {
  tool: { name: 'evconf'; version: string };
  runId: string;
  startedAt: string;
  durationMs: number;
  target: { baseUrl: string; apiVersions: ApiVersion[]; reference: boolean; mutant?: string };
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
  /** Rules known to the run (for the matrix and coverage in reports). */
  rules?: { id: string; level: RuleLevel; since: ApiVersion; until?: ApiVersion; section: string; endpoint: string; quote: string }[];
}
