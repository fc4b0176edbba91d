import type { CheckDef } from '../types.js';

/** Checks of the publications rule family (see specs/rules.yaml). */
export const CHECKS_PUBLICATIONS: CheckDef[] = [];
