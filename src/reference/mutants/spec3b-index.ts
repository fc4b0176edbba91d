import { SPEC3B_LIST_MUTANTS } from './spec3b-list.js';
import { SPEC3B_VERSION_MUTANTS } from './spec3b-versions.js';
import { SPEC3B_ACL_MUTANTS } from './spec3b-acl.js';
import { SPEC3B_METADATA_MUTANTS } from './spec3b-metadata.js';

/** Third spec-only round, author B: every family of src/reference/mutants/spec3b-*.ts, spread into one object. */
export const SPEC3B_MUTANTS = { ...SPEC3B_LIST_MUTANTS, ...SPEC3B_VERSION_MUTANTS, ...SPEC3B_ACL_MUTANTS, ...SPEC3B_METADATA_MUTANTS };
