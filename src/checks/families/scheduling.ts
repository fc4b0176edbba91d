import type { CheckDef } from '../types.js';

/** Checks of the scheduling rule family (see specs/rules.yaml). */
export const CHECKS_SCHEDULING: CheckDef[] = [];
