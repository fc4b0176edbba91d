/** The name of the action that changes an event's ACL while its processing runs (implemented in src/engine/actions/acl-while-processing.ts). */
export const ACTIONS_ACL_WHILE_PROCESSING: readonly string[] = [
  /**
   * Creates an event with media, reads it until it reads, and while it shows processing_state RUNNING PUTs its ACL
   * once (`acl`), as sent (a refusal is not waited out); then awaits its processing. The last exchange is the PUT;
   * value {id}. A skip when the create was refused or processing had ended before the event read.
   */
  'put-acl-while-processing',
];
