import type fc from 'fast-check';
import type { CaseKit } from '../cases/case.js';
import type { PhaseEnv } from '../cases/phase-env.js';
import type { Verdict } from '../cases/verdict.js';

/**
 * A property (ARCHITECTURE.md § Stages): generated cases of one behaviour, tied to the rules of specs/rules.yaml it checks.
 * It runs in a version when at least one of its rules applies there; `cases` and `check` get those rules only.
 */
export interface PropertyDef<T> {
  /** Stable id, usable with --only (e.g. `prop-acl-put`). */
  id: string;
  title: string;
  /** Every rule the property checks, in report order. */
  rules: readonly string[];
  /** The generated cases for the applicable rules of this version. */
  cases(env: PhaseEnv, rules: readonly string[]): fc.Arbitrary<T>;
  /** Runs one case and returns the first rule it finds broken (never throws for a server's fault). */
  check(kit: CaseKit, value: T, rules: readonly string[]): Promise<Verdict>;
  /**
   * Cases per run relative to --runs (cheap properties may run more cases, costly ones fewer).
   * @defaultValue 1
   */
  runsFactor?: number;
  /**
   * Rules that need a capture agent the server schedules on (`agents`) or a series id it accepts (`series`): where
   * the probe found neither evconf's own id accepted nor one given by the user, they are skipped with that reason
   * and the cases never exercise them (src/core/capabilities.ts).
   */
  needs?: Partial<Record<'agents' | 'series', readonly string[]>>;
  /**
   * Whether its generated cases may run side by side ("generated cases that touch disjoint events
   * run concurrently, bounded by --concurrency"): set only where each case works on events of its own (its own tag,
   * its own capture agent per case) and judges only what it wrote or reads filtered to its own events, with no state
   * it shares with the other cases (a capture agent's time window, a conflict, a series, server-wide list contents).
   * Unset: one case after the other.
   */
  casesOverlap?: boolean;
  /**
   * Its cases schedule in time windows of their own (none meets another case's), so on one shared capture agent
   * (--agent-id) they still overlap each other; the property still takes turns with the other properties that schedule.
   */
  ownWindows?: boolean;
  /**
   * Its schedules lie in a time range no other property or stage uses (its own year, or its own fixed days), so on
   * one shared capture agent it need not take turns with the other properties that schedule.
   */
  ownRange?: boolean;
  /**
   * The spans of time (ms) a case's schedules may lie in. On one shared capture agent (--agent-id) its cases then
   * run side by side, and only cases whose spans meet take turns (src/properties/calendar.ts); without it they all do.
   */
  spans?(value: T): readonly (readonly [number, number])[];
}

/** A property of any case type, as the registry holds it. */
export type AnyProperty = PropertyDef<unknown>;

/** Erases the case type for the registry (the runner only hands a property its own cases). */
export function defineProperty<T>(def: PropertyDef<T>): AnyProperty {
  return def as unknown as AnyProperty;
}
