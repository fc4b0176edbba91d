/** The verdicts and summary of a run moved below the engine (src/verdicts/tally.ts); reporters read them here too. */
export * from '../verdicts/tally.js';
