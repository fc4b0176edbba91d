/** The load stage (ARCHITECTURE.md § Stages): profiles → autocannon → LoadResult; budgets → load.* CheckResults. */
export { runLoadStage, advisoryBudgets, type LoadStageOptions, type LoadStageResult } from './stage.js';
export { loadVersion, type LoadConfig } from './load-config.js';
export { parseBudgetFlag, BUDGET_KEYS, type BudgetKey } from './budget-flag.js';
export { loadProfiles, parseProfiles, selectProfiles, DEFAULT_PROFILES_FILE } from './profiles.js';
export { LOAD_LIMITS, type LoadProfile, type QueryTemplate } from './profile.js';
export { evaluateBudgets, worstOutcome, errorRate, LOAD_RULES, type LoadRuleId, type ProfileMeasurement, type BudgetInput } from './budget.js';
export { checkListBody } from './sample-check.js';
export { prepareQuery, type ListExpectation, type PreparedQuery } from './list-expect.js';
export { LatencyRecorder, type LatencySummary } from './histogram.js';
export { runGenerator, type GeneratorOptions, type GeneratorRun } from './generator.js';
export { startChildServer, spawnListening, stopChild, type ChildServer } from './child-server.js';
export { DEFAULT_VERSION_HEADER } from './target.js';
export { renderLoadReport } from './table.js';
