import type { ApiVersion, CheckResult, RunResult } from '../model/index.js';
import type { SettleInfo } from '../core/version-env.js';

/** How far a phase of a version has got (the CLI's progress line). */
export interface Progress {
  phase: string;
  version?: ApiVersion;
  done: number;
  total: number;
  failed: number;
  /** `done` and `total` count over every version of the run; these count the version's own (when they differ). */
  versionDone?: number;
  versionTotal?: number;
  /** The results decided since the previous report (`--verbose` prints them). */
  results?: readonly CheckResult[];
}

/**
 * What the orchestrator tells while it runs: one stream (hurl's runner emits events, its reporters
 * read them). The run's results are its return value; these only let a caller show and save the run as it goes.
 * - `progress`: a phase of a version moved on, with the results decided since;
 * - `settle`: a read-after-write step settled (the CLI prints those that waited long);
 * - `stall`: the server stopped answering altogether; the rest of the run is skipped;
 * - `partial`: the results so far (a RunResult with `partial` set), at most every few seconds and once when stopped;
 * - `log`: a line of the load stage's progress ("load: …").
 */
export type RunEvent =
  | { type: 'progress'; progress: Progress }
  | { type: 'settle'; settle: SettleInfo }
  | { type: 'stall'; reason: string }
  | { type: 'partial'; run: RunResult }
  | { type: 'log'; line: string };

/** The orchestrator's inside view of the stream: one listener per kind, present only when someone listens. */
export interface Listeners {
  onProgress?: (p: Progress) => void;
  onSettle?: (s: SettleInfo) => void;
  onStall?: (reason: string) => void;
  onPartial?: (run: RunResult) => void;
  log?: (line: string) => void;
}

export function listenersOf(onEvent: ((e: RunEvent) => void) | undefined): Listeners {
  if (!onEvent) return {};
  return {
    onProgress: (progress) => onEvent({ type: 'progress', progress }),
    onSettle: (settle) => onEvent({ type: 'settle', settle }),
    onStall: (reason) => onEvent({ type: 'stall', reason }),
    onPartial: (run) => onEvent({ type: 'partial', run }),
    log: (line) => onEvent({ type: 'log', line }),
  };
}
