import type { ApiVersion } from '../model/index.js';
import type { HttpClient } from '../http/index.js';
import type { RunConfig } from '../config/types.js';
import type { RuleBook } from '../spec/rules.js';
import type { ReadingLedger } from '../spec/readings.js';
import type { Capabilities } from '../model/index.js';
import type { LagTracker } from '../core/settle.js';
import type { WaitLedger } from '../core/wait-ledger.js';
import type { ShapeValidator } from '../checks/types.js';

/**
 * What the property and stateful stages need in one API version. The engine's ScenarioEnv satisfies it
 * structurally (clients.admin, cleanup.add/forget, tag, agent …), so the lead passes that object as is.
 */
export interface PhaseEnv {
  version: ApiVersion;
  clients: { admin: HttpClient };
  book: RuleBook;
  /** seed, runs, only, settleMs, workflow, baseUrl and mutant are read; concurrency bounds the cases in flight (default 1). */
  config: Pick<RunConfig, 'seed' | 'runs' | 'only' | 'settleMs' | 'workflow' | 'baseUrl' | 'mutant' | 'suitesDir'> & Partial<Pick<RunConfig, 'processingTimeoutMs' | 'expectations' | 'concurrency'>>;
  /** What the version's probe learned (src/core/probe.ts); absent = a server that accepts everything optional. */
  caps?: Capabilities;
  /** Everything created is registered here; a stage deletes what it created and forgets it (design §1.6). */
  cleanup: { add(...ids: string[]): void; forget(id: string): void };
  /** Run tag (letters and digits): prefixed to every title the stage writes. */
  tag: string;
  /** Capture agent id of the stage (--agent-prefix + run): schedules use it plus a suffix. */
  agent: string;
  /** Aborted by an interrupt, --max-duration or --phase-budget: what has not started is skipped with the reason. */
  signal?: AbortSignal;
  /** The run's readings of this version, shared with the scenarios (absent: the stage keeps its own). */
  readings?: ReadingLedger;
  /** The learned visibility lag of the server in this version (src/core/settle.ts); shared with the scenarios. */
  lag?: LagTracker;
  /** What this version waited for (results.json timing), shared with the scenarios. */
  waits?: WaitLedger;
  /** The version's shape validator (the engine's); absent: src/schema's for the version (src/cases/judge.ts). */
  shapes?: ShapeValidator;
  /** How many cases may be in flight now (src/engine/scenario-limit.ts); absent: config.concurrency. */
  concurrencyNow?: () => number;
  /** Runs one case under the run's shared lock (src/engine/env.ts ScenarioEnv.share). */
  share?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** The administrative role every created event grants read and write to, so the run can always clean up. */
export const ADMIN_ROLE = 'ROLE_ADMIN';

/** ACL generator constraints for the server: no action names of evconf's own where it accepts read and write only. */
export function aclActionConstraints(env: Pick<PhaseEnv, 'caps'>): { actions?: string[]; customActions?: number } {
  const only = env.caps?.aclActions;
  return only ? { actions: only, customActions: 0 } : {};
}
