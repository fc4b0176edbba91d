import type { Action } from './types.js';

/** Actions of the auth family (names listed in src/scenario/actions/auth.ts). */
export const IMPL_AUTH: Record<string, Action> = {};
