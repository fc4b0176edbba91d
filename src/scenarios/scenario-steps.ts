import type { Step } from '../model/index.js';

/**
 * Which steps of an `exclusive` scenario hold the run alone (src/model/scenario.ts `exclusive`, `shared`): the head
 * and the tail run beside the rest of the run, the steps in between alone.
 */

/** A step that only waits for the scenario's own events to be processed (no expectation): it needs no lock. */
export function leadingWait(step: Step): boolean {
  return step.action?.name === 'await-processing' && step.expect.length === 0;
}

/** How many steps from the start run beside the rest: leading await-processing steps and steps marked `shared`. */
export function leadingSteps(steps: readonly Step[]): number {
  let k = 0;
  while (k < steps.length && (leadingWait(steps[k]) || steps[k].shared)) k++;
  return k;
}

/** Where the steps marked `shared` at the end begin (after the leading ones), or the number of steps. */
export function sharedTail(steps: readonly Step[]): number {
  const lead = leadingSteps(steps);
  let k = steps.length;
  while (k > lead && steps[k - 1].shared) k--;
  return k;
}
