import type { Action } from './types.js';

/** Actions of the list family (names listed in src/scenario/actions/list.ts). */
export const IMPL_LIST: Record<string, Action> = {};
