import type { CheckDef } from '../types.js';

/** Checks of the metadata rule family (see specs/rules.yaml). */
export const CHECKS_METADATA: CheckDef[] = [];
