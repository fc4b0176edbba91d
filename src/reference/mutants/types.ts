import type { ApiVersion } from '../../model/version.js';
import type { Handler } from '../bug.js';

/** A request handler of node:http (what a transport-level mutant wraps); declared in ../bug.ts. */
export type { Handler };

/**
 * A planted bug ("mutant", ARCHITECTURE.md, principle 3): it breaks exactly one rule of specs/rules.yaml.
 * `since`/`until` give the API versions in which the bug is observable (inclusive).
 */
export interface MutantDef {
  name: string;
  /** Rule id (specs/rules.yaml) the mutant breaks. */
  rule: string;
  description: string;
  since?: ApiVersion;
  until?: ApiVersion;
  /** Transport-level faults wrap the whole handler instead of asking bug() at a site. */
  wrap?: (h: Handler) => Handler;
  /**
   * Which stage of evconf is expected to catch the bug, and so which self-test proves it: the scenarios (default,
   * src/selftest/mutants-*.test.ts), only generated cases (src/properties/mutants.test.ts, src/stateful/mutants.it.test.ts), the load budgets
   * (src/load/stage.it.test.ts), a hostile transport fault (src/selftest/hostile.test.ts), or only the run-wide
   * oracle that judges every list row the stages receive (src/oracles/rows-seen.ts; src/oracles/mutants.it.test.ts):
   * a bug in lists that no check of its rule asks for.
   */
  caughtBy?: 'scenarios' | 'properties' | 'load' | 'hostile' | 'oracles';
  /**
   * What the self-test's reference server and run need for this bug to be observable at all on a loaded machine
   * (the self-test processes media in 50 ms and settles for 400 ms, far shorter than a real server's minutes).
   */
  /**
   * `serverVersion`: the server version of the reference server the bug is planted in (default the newest), for a
   * bug of a server-release rule (specs/rules.yaml serverSince/serverUntil) that only an older server can show.
   */
  selftest?: { processingDelayMs?: number; settleMs?: number; serverVersion?: ApiVersion };
}

/** A mutant as written in a family file (its name is its key). */
export type MutantSpec = Omit<MutantDef, 'name'>;

/** Fills in `name` from the keys, keeping the keys as a literal type (so bug() names are checked). */
export function family<T extends Record<string, MutantSpec>>(defs: T): { [K in keyof T]: MutantDef } {
  const out: Record<string, MutantDef> = {};
  for (const [name, def] of Object.entries(defs)) out[name] = { name, ...def };
  return out as { [K in keyof T]: MutantDef };
}
