import type { ApiVersion, LoadBudget } from '../model/index.js';
import { API_VERSIONS } from '../model/version.js';
import type { ReportFormat } from './formats.js';

export interface Credentials {
  user: string;
  password: string;
}

/** Everything a run needs, validated and frozen (ARCHITECTURE.md § Contracts). */
export interface RunConfig {
  /** Undefined: start the embedded reference server. */
  baseUrl?: string;
  apiVersions: ApiVersion[];
  /**
   * How --api-version was given: absent (`default`: the versions the server lists, GET /api/version, else 1.6.0) or
   * `all` (every version the server lists; the others reported "not offered"). Undefined: an explicit version list.
   */
  apiVersionChoice?: 'default' | 'all';
  /**
   * Versions of the run whose rules are identical run the generated stages' cases once in full (the first of them)
   * and a share in the others (src/orchestrator/version-groups.ts). Default on; the self-tests turn it off, since they prove
   * a planted bug caught in every version.
   */
  shareGenerated?: boolean;
  auth?: Credentials;
  userAuth?: Credentials;
  userRoles: string[];
  headers: Record<string, string>;
  /** e.g. "Accept: application/v{version}+json"; empty string = send no version header. */
  versionHeader: string;
  json?: string;
  junit?: string;
  html?: string;
  reportDir: string;
  /** What the run writes and prints (src/config/formats.ts). */
  formats: ReportFormat[];
  seed: number;
  runs: number;
  only?: string[];
  /** --allow-untested: rule id patterns whose untested gaps do not make a version "incomplete" (still listed). */
  allowUntested?: string[];
  timeoutMs: number;
  settleMs: number;
  /**
   * Wall time one failing rule's shrinking may take (default 10 s, src/cases/adapter.ts MAX_SHRINK_MS). Shrinking past
   * a wall-time bound depends on the server's speed; a replay that must shrink exactly alike sets it high.
   */
  shrinkMs?: number;
  processingTimeoutMs: number;
  workflow: string;
  agentPrefix: string;
  /** A capture agent the server knows (--agent-id): every schedule uses it when the server refuses evconf's own. */
  agentId?: string;
  /** A series the server knows (--series-id): used as isPartOf when the server refuses evconf's own ids. */
  seriesId?: string;
  /** Config file `fieldIds`: evconf's dublincore/episode field name → the server's field id. */
  fieldIds: Record<string, string>;
  concurrency: number;
  /**
   * How far a version's scenarios may go past `concurrency` while the server answers fast: without
   * --concurrency, 2 × the default; with it, exactly what was given (src/orchestrator/scenario-limit.ts).
   */
  concurrencyCeiling?: number;
  /**
   * API versions run side by side (--version-concurrency). One at a time when a shared capture
   * agent (--agent-id) is given: the versions reuse its time windows.
   */
  versionConcurrency?: number;
  maxDurationMs: number;
  /** Bound on each phase of each version; what the phase has not started by then is skipped with that reason. */
  phaseBudgetMs: number;
  load: boolean;
  /** Load stage: events to seed and seconds per profile (undefined = the profiles file's own durations). */
  loadEvents: number;
  loadDurationS?: number;
  /** Load profiles file (--load-profiles; default suites/load/profiles.yaml): its budgets are the user's. */
  loadProfiles?: string;
  /** The user's load budgets for every profile (--budget p99=…,rps=…,errors=…). */
  loadBudget?: LoadBudget;
  /** Conformance phases to run: scenarios, properties, stateful (default all three). */
  phases: ('scenarios' | 'properties' | 'stateful')[];
  color: boolean;
  /** What goes to stderr while running: quiet = only errors, normal = progress, verbose = also every result. */
  output: 'quiet' | 'normal' | 'verbose';
  /** Reference server only: run it with this planted bug (self-test and demos). */
  mutant?: string;
  suitesDir: string;
  /** Expectations files (--expectations, `expectations:`, the profile's): known deviations. */
  expectations: string[];
  /** --strict-expectations: a fixed or stale expectation fails the run too (exit 1). */
  strictExpectations: boolean;
  /** --profile: a configuration shipped with evconf (profiles/<name>.yaml); the embedded server takes its mode. */
  profile?: 'opencast';
  /** The command line, credentials redacted. */
  command: string;
  /** --baseline: a results file this run is compared with; only what changed is reported and fails the run. */
  baseline?: string;
  /** --baseline-tolerance: how far (percent) a profile's requests/s may fall below the baseline's before it fails the run. */
  baselineTolerancePct: number;
}

/** --baseline-tolerance unless given: throughput may fall 20% below the baseline's (loopback runs vary by about that much). */
export const DEFAULT_BASELINE_TOLERANCE_PCT = 20;

/** Scenarios (and 2 × as many generated cases) a version runs at once unless told otherwise (--concurrency). */
export const DEFAULT_CONCURRENCY = 8;

/**
 * API versions a run checks side by side unless told otherwise (--version-concurrency): every version evconf knows.
 * A version mostly waits on the server; side by side the waits overlap (README, How it is built).
 */
export const DEFAULT_VERSION_CONCURRENCY = API_VERSIONS.length;
