/**
 * Names a planted bug was known by before it was named for what it does: former name → current name. `--mutant`,
 * `serve --mutant` and every lookup through resolveMutantName (./index.ts) accept a former name, so scripts and notes
 * that use one keep working. Data only; add a line when a mutant is renamed, never remove one.
 */
export const FORMER_NAMES: Readonly<Record<string, string>> = {};
