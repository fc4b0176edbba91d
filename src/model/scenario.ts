import type { ApiVersion } from './version.js';

/** Where a node came from in a scenario file, for error messages and results ("file:line"). */
export interface SourcePos {
  file: string;
  line: number;
  col: number;
}

/** One expectation of a step: a named check from the registry, bound to the rule it enforces. */
export interface Expectation {
  rule: string;
  check: string;
  /** The check's own parameters (already validated by the check's parameter schema). */
  params: Record<string, unknown>;
  /**
   * A negative expectation ("unchanged", "not created"): in a settle step it must hold on every read over the
   * settle window, not only on the first (src/core/settle.ts). Checks can also be negative by nature (CheckDef).
   */
  unchanged?: boolean;
  pos: SourcePos;
}

/** One HTTP request as written in a scenario (strings may hold {{ }} placeholders). */
export interface RequestTemplate {
  method: string;
  path: string;
  query?: Record<string, string | string[]>;
  form?: Record<string, string>;
  multipart?: Record<string, string>;
  headers?: Record<string, string>;
  /** Which credentials to send: admin (default), user (the non-admin user), none. */
  as?: 'admin' | 'user' | 'none';
}

/** A step: either a plain request or a named action (implemented in src/scenarios/actions). */
export interface Step {
  id?: string;
  request?: RequestTemplate;
  action?: { name: string; params: Record<string, unknown> };
  /**
   * Read again until every expectation is decided (a stable read, or held over the window for `unchanged` ones),
   * bounded by --settle-ms (eventual consistency; src/core/settle.ts).
   */
  settle?: boolean;
  /** The versions this step runs in (a range, `versions:` in YAML); outside them it is not sent and judges nothing. */
  versions?: ApiVersion[];
  expect: Expectation[];
  /** Store the parsed JSON body (or the action's value) under this name for later steps. */
  save?: string;
  /**
   * A precondition read (`until:` in YAML, a check without a rule): the step settles until the check holds on a
   * stable read, as an expectation would (a read that may still change decides nothing on one
   * read). If it never holds within --settle-ms, what the step saves is Unavailable with the check's message, and
   * the steps built on it are skipped with it. Never a result of its own.
   */
  until?: { check: string; params: Record<string, unknown>; pos: SourcePos };
  /** Observations to record from this step's exchange ("not shown" behaviour). */
  observe?: string[];
  /**
   * In an `exclusive` scenario: a step that does not need the run alone (`shared: true` in YAML), at the head (with
   * the leading await-processing steps: setup on the scenario's own events before the comparisons, e.g. an event
   * created and read until it reads) or at the tail (this step and every step after it: reads meant to hold however
   * other checks' requests interleave with them, or an event of its own created once the comparisons are done). They
   * run under the shared lock (a tail that only reads under none): never while another scenario is alone, but beside
   * the run's other work (a 1.5 s read window held every version's run alone; src/scenarios/scenario-steps.ts).
   */
  shared?: boolean;
  pos: SourcePos;
}

/** Event metadata a scenario asks to exist before its steps run (created through the API, tagged). */
export interface GivenEvent {
  /** Fields of the dublincore/episode catalog (title is prefixed with the scenario tag). */
  fields: Record<string, string | string[]>;
  /** Optional scheduling object (1.1.0+), placeholders allowed. */
  scheduling?: Record<string, unknown>;
  /** Upload a small media file and ask for processing (for publication checks). */
  media?: boolean;
  acl?: { action: string; role: string; allow?: boolean }[];
}

export interface Scenario {
  id: string;
  title: string;
  family: string;
  endpoint: string;
  rules: string[];
  /** Versions the scenario runs in (already intersected with its rules' ranges). */
  versions: ApiVersion[];
  /** Skip the whole scenario unless a non-admin user is configured (`user-roles`: one with two roles, --user-roles). */
  needs?: ('user' | 'media' | 'user-roles')[];
  /**
   * Run alone, after the others (no other scenario writes meanwhile): for bugs whose wrong answer only lasts until
   * the server's next write anywhere (a cache keyed by a global revision), which concurrent scenarios' writes hide.
   * `shared-agent`: for a scenario whose schedules span the time windows of others when every scenario schedules on
   * the user's one capture agent (--agent-id): there it gets a year of its own, far from the others'
   * (src/scenarios/time-base.ts wideTimeBase), and runs beside them; it is never alone.
   */
  exclusive?: boolean | 'shared-agent';
  given: GivenEvent[];
  steps: Step[];
  pos: SourcePos;
}

export interface ScenarioFile {
  file: string;
  family: string;
  endpoint: string;
  scenarios: Scenario[];
}
