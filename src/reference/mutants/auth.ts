import type { Ctx } from '../app.js';
import { canRead } from '../auth.js';
import type { EventRecord } from '../types.js';
import { family } from './types.js';

/** Mutants of ACL-based access (spec § Authentication): the reference serves ordinary users by the event's ACL. */
export const AUTH_MUTANTS = family({
  'auth-get-ignores-acl': {
    rule: 'auth.acl-read',
    description: 'Endpoints of one event (GET /api/events/{id} …) do not check the read ACL: any user reads every event (the list still filters).',
  },
  'auth-list-ignores-acl': {
    rule: 'auth.acl-list',
    description: 'GET /api/events does not filter by the read ACL: every user lists every event (the single GET still checks).',
  },
  'auth-write-with-read': {
    rule: 'auth.acl-write',
    description: 'Changes check the `read` entry of the ACL instead of `write`: a user granted only read can change the event.',
  },
});

/** Fault (authorize, a read the ACL refuses): an event read without its read ACL checked. */
export function readIgnoresAcl(ctx: Ctx, granted: boolean): boolean {
  return granted || ctx.app.bug('auth-get-ignores-acl');
}

/** Fault (authorize, a write the ACL refuses): write access read from the `read` entries. */
export function writeWithRead(ctx: Ctx, granted: boolean, rec: EventRecord): boolean {
  return granted || (ctx.app.bug('auth-write-with-read') && canRead(rec, ctx.caller));
}

/** Fault (authorize, a listed event the ACL hides): the list does not filter by the read ACL. */
export function listIgnoresAcl(ctx: Ctx, listed: boolean): boolean {
  return listed || ctx.app.bug('auth-list-ignores-acl');
}
