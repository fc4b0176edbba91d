import type { CaseKit } from '../cases/case.js';
import { CaseFailure, type Verdict } from '../cases/verdict.js';

/** Options of the system under test for one sequence. */
export interface RealOptions {
  /** Capture agent of the stage's schedules. */
  agent: string;
  /** The extra catalog each event is created with (one the probe learned), when the server keeps one. */
  extra?: { flavor: string; fields(label: string): Record<string, string> };
  /** Whether the version has scheduling (1.1.0+, from the rules). */
  scheduling: boolean;
  /** The sequence's own schedule slots start this many slots later (model.ts slotSpan): sequences never share a window. */
  slotOffset?: number;
  /** The consistency oracle's rules the list command judges (selected and applicable in this run). */
  rules?: readonly string[];
  /** The rules of the views every command judges besides its own (views.ts VIEW_RULES, selected and applicable). */
  viewRules?: readonly string[];
  /** Below the version that requires GET /media (1.7.0): a 404 or 406 there means the server does not offer it. */
  mediaBelowRequired?: boolean;
}

/**
 * The real system as the commands see it: the recording client of the sequence, its readable step log (the
 * counterexample) and `expect`, which turns a broken verdict into the adapter's CaseFailure.
 */
export class Real {
  readonly steps: string[] = [];

  constructor(readonly kit: CaseKit, readonly opts: RealOptions) {}

  step(text: string): void {
    this.steps.push(text);
  }

  /** Throws the failure of a broken verdict (caught by the stage runner and turned back into data). */
  expect(v: Verdict): void {
    if (!v.ok) throw new CaseFailure(v, this.kit.api.exchanges);
  }
}
