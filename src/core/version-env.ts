import type { ApiVersion, Observation } from '../model/index.js';
import type { ShapeValidator } from '../checks/types.js';
import type { RuleBook } from '../spec/rules.js';
import type { RunConfig } from '../config/types.js';
import type { VersionClients } from './clients.js';
import type { CleanupRegistry } from './cleanup.js';
import type { ReadingLedger } from '../spec/readings.js';
import type { Capabilities } from './capabilities.js';
import type { LagTracker } from './settle.js';
import type { WaitLedger } from './wait-ledger.js';

/**
 * The one environment of a version: built once per version by the orchestrator from RunConfig and
 * what the version's probe learned, and handed as is to every stage. The scenarios use all of it; the generated
 * stages declare the part they read (src/cases/phase-env.ts PhaseEnv, a Pick of this type), the load stage its part of
 * RunConfig (src/load/load-config.ts).
 */
export interface VersionEnv {
  version: ApiVersion;
  clients: VersionClients;
  shapes: ShapeValidator;
  book: RuleBook;
  config: RunConfig;
  baseUrl: string;
  cleanup: CleanupRegistry;
  observe(o: Observation): void;
  /** Unique per scenario run: tags titles so the run's own events can be found (and only those). */
  tag: string;
  /** Capture agent id for this scenario's schedules (--agent-prefix + run + scenario). */
  agent: string;
  /** Far-future base time for this scenario's schedules (ISO, whole hour, UTC). */
  timeBase: string;
  /** What the version's probe learned (media, agents, series, field ids): every stage adapts the same way. */
  caps: Capabilities;
  /** Aborted on interrupt or --max-duration: the scenario stops between steps (its cleanup still runs). */
  signal?: AbortSignal;
  /** The readings the server chose where the spec reads two ways, fixed once per run and version (shared by all stages). */
  readings?: ReadingLedger;
  /** The server's learned visibility lag for this version (sets the settle window W; src/core/settle.ts). */
  lag?: LagTracker;
  /** Told about every settled step (reads, wait); the CLI prints the long ones. */
  onSettle?: (s: SettleInfo) => void;
  /** What this version waited for (results.json timing; src/core/wait-ledger.ts), shared by all stages. */
  waits?: WaitLedger;
  /** How many scenarios or cases may be in flight now (the orchestrator's moving bound, src/orchestrator/scenario-limit.ts). */
  concurrencyNow: () => number;
  /**
   * Runs a unit of work that writes (a generated case with its cleanup) under the run's shared lock, so that an
   * exclusive scenario runs between cases, not only after whole stages (the orchestrator's lock, src/orchestrator/exclusivity.ts).
   */
  share?: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Whether the run's expectations explain a failure of `rule` with `message` in this version (src/expectations/known.ts):
   * a generated stage records such a failure and goes on. Absent: the run has no expectations.
   */
  knownFailure?: (rule: string, message: string) => boolean;
}

/** How one settle step went: where, how many reads, how long it waited. */
export interface SettleInfo {
  version: ApiVersion;
  source: string;
  rules: string[];
  reads: number;
  ms: number;
  windowMs: number;
}
