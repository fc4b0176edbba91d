import type { RunConfig } from '../config/types.js';
import { DEFAULT_API_VERSION, type ApiVersion } from '../model/index.js';

/**
 * The run's settings the load stage reads: the run's own configuration type (src/config/types.ts), built from the
 * flags of `evconf run --load` and of `evconf load` by the same builder (src/config/build.ts). The stage runs at the
 * newest of `apiVersions`; without `baseUrl` it starts the reference server in a child process (with `mutant`, that
 * bug planted: the caller checks the name, `evconf serve --mutant` refuses an unknown one).
 */
export type LoadConfig = Pick<RunConfig, 'baseUrl' | 'mutant' | 'apiVersions' | 'auth' | 'headers' | 'versionHeader' | 'timeoutMs' | 'settleMs'
  | 'workflow' | 'loadEvents' | 'loadDurationS' | 'loadProfiles' | 'loadBudget'>;

/** The version the load stage runs at: the newest of the run's (as `evconf run --load` and `evconf load` do). */
export function loadVersion(config: Pick<RunConfig, 'apiVersions'>): ApiVersion {
  return config.apiVersions[config.apiVersions.length - 1] ?? DEFAULT_API_VERSION;
}
