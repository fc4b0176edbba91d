import type { Action } from './types.js';

/** Actions of the events family (names listed in src/scenario/actions/events.ts). */
export const IMPL_EVENTS: Record<string, Action> = {};
