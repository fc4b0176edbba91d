/** The stateful stage (ARCHITECTURE.md § Stages): model-based sequences of operations (fast-check commands). */
export { runStatefulPhase, STATEFUL_ID, type StatefulPhaseOptions } from './phase.js';
export { loadLifecycle, lifecycleFile, LifecycleFileError, COMMAND_NAMES, type CommandName, type LifecycleConfig } from './lifecycle.js';
export { EventModel, type ModelEvent } from './model.js';
export type { PhaseEnv } from '../cases/phase-env.js';
