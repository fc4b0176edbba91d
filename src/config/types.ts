import type { ApiVersion } from '../model/index.js';

export interface Credentials {
  user: string;
  password: string;
}

/** Everything a run needs, validated and frozen (design §3). */
export interface RunConfig {
  /** Undefined: start the embedded reference server. */
  baseUrl?: string;
  apiVersions: ApiVersion[];
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
  seed: number;
  runs: number;
  only?: string[];
  /** --allow-untested: rule id patterns whose untested gaps do not make a version "incomplete" (still listed). */
  allowUntested?: string[];
  timeoutMs: number;
  settleMs: number;
  processingTimeoutMs: number;
  workflow: string;
  agentPrefix: string;
  concurrency: number;
  maxDurationMs: number;
  /** Bound on each phase of each version; what the phase has not started by then is skipped with that reason. */
  phaseBudgetMs: number;
  load: boolean;
  /** Load stage: events to seed and seconds per profile (undefined = the profiles file's own durations). */
  loadEvents: number;
  loadDurationS?: number;
  /** Conformance phases to run: scenarios, properties, stateful (default all three). */
  phases: ('scenarios' | 'properties' | 'stateful')[];
  color: boolean;
  /** Reference server only: run it with this planted bug (self-test and demos). */
  mutant?: string;
  suitesDir: string;
  /** The command line, credentials redacted. */
  command: string;
}
