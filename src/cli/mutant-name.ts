import { UsageError } from '../config/errors.js';
import { makeBug } from '../reference/index.js';

/**
 * An unknown --mutant is a usage error (exit 2) before anything starts. Checked here, where the flag is parsed: the
 * load stage only passes the name on to the child reference server it starts, and does not know the mutants.
 */
export function checkMutantName(name: string | undefined): void {
  try {
    makeBug(name);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}
