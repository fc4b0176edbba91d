/** The property stage (ARCHITECTURE.md § Stages): generated cases per rule, shrunk counterexamples, replayable by seed. */
export { runPropertyPhase, selectedRules, type PropertyPhaseOptions } from './runner.js';
export { PROPERTIES } from './registry.js';
export { defineProperty, type AnyProperty, type PropertyDef } from './types.js';
export type { PhaseEnv } from '../cases/phase-env.js';
