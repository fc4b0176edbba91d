import type { CheckDef } from '../types.js';

/** Checks of the auth rule family (see specs/rules.yaml). */
export const CHECKS_AUTH: CheckDef[] = [];
