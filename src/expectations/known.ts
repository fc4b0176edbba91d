/**
 * Whether the run's expectations explain a failure found inside a generated stage: the property and stateful stages
 * then record it and go on with their other cases instead of stopping at it, so that one known deviation does not
 * leave the stage's other rules unchecked. The orchestrator builds the predicate once per version from the entries it
 * applies at the end of the run (apply.ts) and hands it to the stages (VersionEnv.knownFailure): the same matching
 * (rule with *, the version, every difference of the message).
 */
import type { ApiVersion, ExpectationEntry } from '../model/index.js';
import { idMatches } from '../verdicts/tally.js';
import { everyDifferenceExplained } from './differences.js';

export type KnownFailure = (rule: string, message: string) => boolean;

/** The predicate for one version. */
export function knownFailure(entries: readonly ExpectationEntry[], version: ApiVersion): KnownFailure {
  const mine = entries.filter((e) => e.expect === 'fail' && e.versions.includes(version));
  return (rule, message) => everyDifferenceExplained(message, mine.filter((e) => idMatches(e.rule, rule)).map((e) => e.message));
}
