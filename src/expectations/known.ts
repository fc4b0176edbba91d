/**
 * Whether an expectations file explains a failure found inside a generated stage: the property and
 * stateful stages then record it and go on with their other cases instead of stopping at it, so that one known
 * deviation does not leave the stage's other rules unchecked. The same matching as src/expectations/apply.ts
 * (rule with *, the version, the message pattern); the run's results are sorted by apply.ts afterwards.
 */
import type { ApiVersion } from '../model/index.js';
import { idMatches } from '../verdicts/tally.js';
import { loadExpectations } from './file.js';
import { everyDifferenceExplained } from './differences.js';

export type KnownFailure = (rule: string, message: string) => boolean;

const cache = new Map<string, ReturnType<typeof loadExpectations>>();

/** The predicate for one version, from the run's expectations files (none: nothing is known). */
export function knownFailure(files: readonly string[] | undefined, version: ApiVersion): KnownFailure {
  if (!files?.length) return () => false;
  const key = files.join('\u0000');
  // The files were validated when the run started (src/cli/run.ts): read once per run, not per case.
  if (!cache.has(key)) cache.set(key, loadExpectations(files));
  const entries = cache.get(key)!.filter((e) => e.expect === 'fail' && e.versions.includes(version));
  return (rule, message) => everyDifferenceExplained(message, entries.filter((e) => idMatches(e.rule, rule)).map((e) => e.message));
}
