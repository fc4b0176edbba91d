/** The name of the action that changes an event's ACL while its processing runs (implemented in src/engine/actions/acl-while-processing.ts). */
export const ACTIONS_ACL_WHILE_PROCESSING: readonly string[] = [
  /**
   * Creates an event with media, reads it until it reads, and while it shows an active workflow PUTs its ACL once
   * (`acl`), as sent (a refusal is not waited out), judged only where a read proves processing still ran after the
   * PUT (src/engine/while-processing.ts: a longer medium each round until one is); then awaits its processing. The
   * last exchange is the PUT; value {id}. A skip with why when no attempt could be proven made during processing.
   */
  'put-acl-while-processing',
];
