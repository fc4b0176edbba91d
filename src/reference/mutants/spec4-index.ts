import { SPEC4_DERIVED_MUTANTS } from './spec4-derived.js';
import { SPEC4_IDENTITY_MUTANTS } from './spec4-identity.js';
import { SPEC4_MIXING_MUTANTS } from './spec4-mixing.js';
import { SPEC4_MULTI_MUTANTS } from './spec4-multi.js';
import { SPEC4_NUMBER_MUTANTS } from './spec4-numbers.js';
import { SPEC4_PARTIAL_MUTANTS } from './spec4-partial.js';
import { SPEC4_RECURRING_MUTANTS } from './spec4-recurring.js';
import { SPEC4_RESTRICTED_MUTANTS } from './spec4-restricted.js';
import { SPEC4_STAND_IN_MUTANTS } from './spec4-stand-ins.js';
import { SPEC4_STATE_SHAPE_MUTANTS } from './spec4-state-shapes.js';
import { SPEC4_UNKNOWN_MUTANTS } from './spec4-unknown.js';

/** Fourth spec-only round: every family of src/reference/mutants/spec4-*.ts, spread into one object (bug sites: spec4-sites.ts). */
export const SPEC4_MUTANTS = {
  ...SPEC4_NUMBER_MUTANTS, ...SPEC4_STATE_SHAPE_MUTANTS, ...SPEC4_PARTIAL_MUTANTS, ...SPEC4_IDENTITY_MUTANTS,
  ...SPEC4_RESTRICTED_MUTANTS, ...SPEC4_MULTI_MUTANTS, ...SPEC4_DERIVED_MUTANTS, ...SPEC4_RECURRING_MUTANTS,
  ...SPEC4_MIXING_MUTANTS, ...SPEC4_STAND_IN_MUTANTS, ...SPEC4_UNKNOWN_MUTANTS,
};
