import { SPEC3A_CREATE_MUTANTS } from './spec3a-create.js';
import { SPEC3A_DELETE_MUTANTS } from './spec3a-delete.js';
import { SPEC3A_FLAG_MUTANTS } from './spec3a-flags.js';
import { SPEC3A_PUBLICATION_MUTANTS } from './spec3a-publications.js';
import { SPEC3A_SCHEDULING_MUTANTS } from './spec3a-scheduling.js';
import { SPEC3A_STATE_MUTANTS } from './spec3a-states.js';
import { SPEC3A_UPDATE_MUTANTS } from './spec3a-update.js';

/** Third spec-only round, author A: every family of src/reference/mutants/spec3a-*.ts, spread into one object. */
export const SPEC3A_MUTANTS = {
  ...SPEC3A_PUBLICATION_MUTANTS, ...SPEC3A_STATE_MUTANTS, ...SPEC3A_CREATE_MUTANTS, ...SPEC3A_UPDATE_MUTANTS,
  ...SPEC3A_DELETE_MUTANTS, ...SPEC3A_SCHEDULING_MUTANTS, ...SPEC3A_FLAG_MUTANTS,
};
