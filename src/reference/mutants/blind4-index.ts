import { BLIND4_NUMBER_MUTANTS } from './blind4-numbers.js';
import { BLIND4_STATE_MUTANTS } from './blind4-states.js';
import { BLIND4_COMPOSITE_MUTANTS } from './blind4-composite.js';
import { BLIND4_IDENTITY_MUTANTS } from './blind4-identity.js';
import { BLIND4_SINGLE_ONLY_MUTANTS } from './blind4-single-only.js';
import { BLIND4_MULTIVALUE_MUTANTS } from './blind4-multivalue.js';
import { BLIND4_DERIVED_MUTANTS } from './blind4-derived.js';
import { BLIND4_OCCURRENCE_MUTANTS } from './blind4-occurrences.js';
import { BLIND4_MIXED_MUTANTS } from './blind4-mixed.js';
import { BLIND4_DISTINCT_MUTANTS } from './blind4-distinct.js';
import { BLIND4_UNKNOWN_MUTANTS } from './blind4-unknown.js';

/**
 * Issue 23 (no false passes, round 4): one mutant per blind-spot class, written to prove that the class's improved data
 * and checks catch it (src/reference/mutants/blind4-*.ts), spread into one object.
 */
export const BLIND4_MUTANTS = { ...BLIND4_NUMBER_MUTANTS, ...BLIND4_STATE_MUTANTS, ...BLIND4_COMPOSITE_MUTANTS, ...BLIND4_IDENTITY_MUTANTS, ...BLIND4_SINGLE_ONLY_MUTANTS, ...BLIND4_MULTIVALUE_MUTANTS, ...BLIND4_DERIVED_MUTANTS, ...BLIND4_OCCURRENCE_MUTANTS, ...BLIND4_MIXED_MUTANTS, ...BLIND4_DISTINCT_MUTANTS, ...BLIND4_UNKNOWN_MUTANTS };
