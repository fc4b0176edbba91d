/** The scenario stage's environment is the version's one environment (src/core/env.ts). */
export type { VersionEnv as ScenarioEnv, SettleInfo } from '../core/env.js';
