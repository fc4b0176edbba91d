import type { Action } from './types.js';

/** Actions of the metadata family (names listed in src/scenario/actions/metadata.ts). */
export const IMPL_METADATA: Record<string, Action> = {};
