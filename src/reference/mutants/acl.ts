import { family } from './types.js';

/** Mutants of the access policy endpoints (spec § Access policy): GET/PUT /acl, POST /acl/{action}, DELETE /acl/{action}/{role}. */
export const ACL_MUTANTS = family({
  'acl-get-status-201': { rule: 'acl.get.status', description: 'GET /acl answers 201 (with the ACL) instead of 200.' },
  'acl-get-no-allow': {
    rule: 'acl.get.schema',
    description: 'GET /acl leaves out the member allow of every entry (only action and role).',
  },
  'acl-get-unknown-200': { rule: 'acl.get.404', description: 'GET /acl of an unknown event answers 200 with [].' },
  'acl-put-merges': {
    rule: 'acl.put.overwrites',
    description: 'PUT /acl merges the sent entries into the existing ACL instead of replacing it.',
  },
  'acl-put-status-200': { rule: 'acl.put.204', description: 'PUT /acl answers 200 instead of 204.' },
  'acl-put-unknown-204': { rule: 'acl.put.404', description: 'PUT /acl of an unknown event answers 204.' },
  'acl-add-replaces': {
    rule: 'acl.add.others-unaffected',
    description: 'POST /acl/{action} replaces the whole ACL by the one new entry.',
  },
  'acl-add-deny': { rule: 'acl.add.adds', description: 'POST /acl/{action} adds the entry with allow false.' },
  'acl-add-status-200': { rule: 'acl.add.204', description: 'POST /acl/{action} answers 200 instead of 204.' },
  'acl-add-unknown-204': { rule: 'acl.add.404', description: 'POST /acl/{action} of an unknown event answers 204.' },
  'acl-remove-whole-action': {
    rule: 'acl.remove.others-unaffected',
    description: 'DELETE /acl/{action}/{role} removes the entries of that action for every role.',
  },
  'acl-remove-noop': { rule: 'acl.remove.removes', description: 'DELETE /acl/{action}/{role} answers 204 but keeps the entry.' },
  'acl-remove-status-200': { rule: 'acl.remove.204', description: 'DELETE /acl/{action}/{role} answers 200 instead of 204.' },
  'acl-remove-unknown-204': { rule: 'acl.remove.404', description: 'DELETE /acl/{action}/{role} of an unknown event answers 204.' },
});
