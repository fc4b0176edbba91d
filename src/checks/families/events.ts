import type { CheckDef } from '../types.js';

/** Checks of the events rule family (see specs/rules.yaml). */
export const CHECKS_EVENTS: CheckDef[] = [];
