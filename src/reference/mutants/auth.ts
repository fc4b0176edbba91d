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
