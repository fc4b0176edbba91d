import type { CheckDef } from '../types.js';

/** Checks of the acl rule family (see specs/rules.yaml). */
export const CHECKS_ACL: CheckDef[] = [];
