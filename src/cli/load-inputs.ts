import { UsageError } from '../config/errors.js';
import { loadRules, type RuleBook } from '../spec/rules.js';
import { loadSuites } from '../scenarios/load.js';
import { InputFileError } from '../yaml/errors.js';
import type { ScenarioFile } from '../model/index.js';
import { lifecycleFile, loadLifecycle, LifecycleFileError, type LifecycleConfig } from '../stateful/index.js';

/** Loads rules and scenario files, turning any problem in them into a one-line UsageError (exit 2). */
export function loadInputs(suitesDir: string): { book: RuleBook; suites: ScenarioFile[]; lifecycle: LifecycleConfig } {
  let book: RuleBook;
  try {
    book = loadRules();
  } catch (e) {
    throw new UsageError(`specs/rules.yaml is broken: ${(e as Error).message}`);
  }
  try {
    const suites = loadSuites(suitesDir, book);
    return { book, suites, lifecycle: loadLifecycle(lifecycleFile(suitesDir)) };
  } catch (e) {
    if (e instanceof InputFileError) throw new UsageError(`scenario file ${e.message}`);
    if (e instanceof LifecycleFileError) throw new UsageError(`stateful configuration ${e.message}`);
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UsageError(`suites folder not found: ${suitesDir}`);
    throw e;
  }
}
