import type { CheckDef } from '../types.js';

/** Checks of the list rule family (see specs/rules.yaml). */
export const CHECKS_LIST: CheckDef[] = [];
