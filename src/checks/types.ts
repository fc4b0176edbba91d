import type { ApiVersion, Exchange, Json } from '../model/index.js';

/** Parsed JSON body of a step's (last) exchange, or why there is none. */
export type ParsedBody = { ok: true; value: unknown } | { ok: false; reason: string };

/** The validator checks use for shapes (implemented by src/schema). */
export interface ShapeValidator {
  validate(shape: string, data: unknown): { path: string; message: string }[];
  hasShape(shape: string): boolean;
}

/** What a check sees: the step's exchanges, its parsed body, saved values and the version under test. */
export interface CheckContext {
  version: ApiVersion;
  baseUrl: string;
  /** The step's last exchange (undefined only for actions that send nothing). */
  exchange?: Exchange;
  exchanges: Exchange[];
  body: ParsedBody;
  /** The action's value, or the parsed body for plain requests. */
  value: unknown;
  /** Saved values of earlier steps, given events and run variables (read only). */
  vars: Readonly<Record<string, unknown>>;
  shapes: ShapeValidator;
  /** Readings this run has fixed for the version where the spec reads two ways (src/spec/readings.ts). */
  readings?: { get(question: string): { reading: string; where: string } | undefined };
}

/** A check's verdict; the engine turns it into a CheckResult (ARCHITECTURE.md § Contracts). */
export interface CheckVerdict {
  pass: boolean;
  message: string;
  expected?: Json;
  actual?: Json;
  /** When set, the check could not be evaluated for a reason that is not the server's fault of this rule. */
  skip?: string;
  /**
   * A reading the answer showed, where the spec reads two honest ways (only one of them fits the answer). The
   * engine fixes it for the run and version once the step's verdict is final; later answers must keep to it.
   */
  learned?: { question: string; reading: string; where: string };
}

/** A named check: parameters are declared as a JSON Schema and validated when a scenario file loads. */
export interface CheckDef {
  name: string;
  /** One line: what the check asserts. */
  doc: string;
  /** JSON Schema (draft-07) of the parameters (the expectation's keys other than rule and check). */
  params: Record<string, unknown>;
  run(ctx: CheckContext, params: Record<string, unknown>): CheckVerdict;
  /** The check asserts that nothing changed: in a settle step it must hold over the whole window. */
  unchanged?: boolean;
}
