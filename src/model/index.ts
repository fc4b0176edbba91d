export * from './version.js';
export * from './rule.js';
export * from './exchange.js';
export * from './result.js';
export * from './load.js';
export * from './scenario.js';
export * from './capabilities.js';
export * from './expectation.js';
