import type { Action } from './types.js';

/** Actions of the publications family (names listed in src/scenario/actions/publications.ts). */
export const IMPL_PUBLICATIONS: Record<string, Action> = {};
