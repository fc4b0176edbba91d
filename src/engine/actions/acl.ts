import type { Action } from './types.js';

/** Actions of the acl family (names listed in src/scenario/actions/acl.ts). */
export const IMPL_ACL: Record<string, Action> = {};
