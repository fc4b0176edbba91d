import fc from 'fast-check';
import { intIn, nonEmptyStrings } from './constraints.js';

/** Processing instructions (spec § Processing instructions: workflow, configuration of string → string). */
export interface ProcessingInstructions {
  workflow: string;
  configuration: Record<string, string>;
}

/** Constraints of {@link processingInstructions}. */
export interface ProcessingInstructionsConstraints {
  /** Workflow identifiers the server knows (e.g. the run's --workflow); one is picked. */
  workflows: readonly string[];
  /**
   * Most configuration keys ("Keys accepted in processing.configuration: not shown": Opencast-style flags).
   * @defaultValue 3
   */
  maxKeys?: number;
}

/** Opencast-style flags that only mark an event for review (nothing is published on a real server). */
const KEYS = ['flagForCutting', 'flagForReview', 'flagQuality720p', 'flagQuality1080p'];

/** Generated processing instructions; pure and seeded. */
export function processingInstructions(constraints: ProcessingInstructionsConstraints): fc.Arbitrary<ProcessingInstructions> {
  const where = 'processingInstructions';
  const workflows = nonEmptyStrings(constraints?.workflows, 'workflows', where);
  const maxKeys = intIn(constraints.maxKeys ?? 3, 0, KEYS.length, 'maxKeys', where);
  return fc.record({
    workflow: fc.constantFrom(...workflows),
    configuration: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: maxKeys })
      .chain((keys) => fc.tuple(...keys.map(() => fc.constantFrom('true', 'false'))).map((vals) =>
        Object.fromEntries(keys.map((k, i) => [k, vals[i]])))),
  });
}
