import type { RunConfig } from '../config/types.js';
import type { VersionEnv } from '../core/version-env.js';

/**
 * What the property and stateful stages read of the version's one environment (src/core/version-env.ts VersionEnv): the
 * orchestrator passes that object as is. Tests build smaller ones, so what a stage can do without is optional.
 */
export type PhaseEnv = Pick<VersionEnv, 'version' | 'book' | 'tag' | 'agent'>
  & Partial<Pick<VersionEnv, 'caps' | 'signal' | 'readings' | 'lag' | 'waits' | 'shapes' | 'concurrencyNow' | 'share' | 'knownFailure'>>
  & {
    /** The administrator's client (the stages write and read as the administrator). */
    clients: Pick<VersionEnv['clients'], 'admin'>;
    /** seed, runs, only, settleMs, workflow, baseUrl and mutant are read; concurrency bounds the cases in flight (default 1). */
    config: Pick<RunConfig, 'seed' | 'runs' | 'only' | 'settleMs' | 'workflow' | 'baseUrl' | 'mutant' | 'suitesDir'> & Partial<Pick<RunConfig, 'processingTimeoutMs' | 'concurrency' | 'shrinkMs'>>;
    /** Everything created is registered here; a stage deletes what it created and forgets it (ARCHITECTURE.md, principle 6). */
    cleanup: Pick<VersionEnv['cleanup'], 'add' | 'forget'>;
  };

/** The administrative role every created event grants read and write to, so the run can always clean up. */
export const ADMIN_ROLE = 'ROLE_ADMIN';

/** ACL generator constraints for the server: no action names of evconf's own where it accepts read and write only. */
export function aclActionConstraints(env: Pick<PhaseEnv, 'caps'>): { actions?: string[]; customActions?: number } {
  const only = env.caps?.aclActions;
  return only ? { actions: only, customActions: 0 } : {};
}
