import type { Action } from './types.js';

/** Actions of the scheduling family (names listed in src/scenario/actions/scheduling.ts). */
export const IMPL_SCHEDULING: Record<string, Action> = {};
